// Interop check: does a tile written by Mapsmith read the same as the original in two independent
// JavaScript ADT readers (@wowserhq/format and blizzardry)?
//
//   node compare.mjs ORIGINAL.adt WRITTEN.adt --wdt WDT [--written-wdt WDT2]
//
// The WDT's MPHD flags decide whether uncompressed alpha maps are 4-bit or 8-bit; --written-wdt
// gives the written tile its own WDT (e.g. after re-encoding its alpha maps to 8-bit).
// Each reader decodes both files; per MCNK it compares indices, flags, area id, holes, position,
// heights, normals, layers (texture, flags, effect id, decoded alpha pixels), doodad/object refs and
// (wowserhq only) the MCSH shadow map; per tile the texture, model and WMO names and the MDDF and MODF
// entries. Exit 0 when every reader sees identical content, 1 on any difference or read failure.
import { READERS, readWdt, readAdt, adtSummary, diff } from './readers.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args.splice(i, 2)[1];
};
const wdtPath = option('--wdt');
const writtenWdtPath = option('--written-wdt') ?? wdtPath;
if (args.length !== 2 || !wdtPath) {
  console.error('usage: node compare.mjs ORIGINAL.adt WRITTEN.adt --wdt WDT [--written-wdt WDT]');
  process.exit(2);
}
const [originalPath, writtenPath] = args;
const SHOWN = 10;

let failed = false;
for (const reader of READERS) {
  const read = (adtPath, wdt) => {
    try {
      return readAdt(reader, adtPath, readWdt(reader, wdt));
    } catch (error) {
      console.log(`${reader}: cannot read ${adtPath} (with ${wdt}): ${error.message}`);
      failed = true;
    }
  };
  const original = read(originalPath, wdtPath);
  const written = read(writtenPath, writtenWdtPath);
  if (!original || !written) continue;
  const differences = [];
  for (const [name, adt] of [['original', original], ['written', written]]) {
    if (adt.chunks.length !== 256) differences.push(`${name} file: ${adt.chunks.length} MCNK chunks, expected 256`);
  }
  const chunkCount = Math.max(original.chunks.length, written.chunks.length);
  for (let i = 0; i < chunkCount; i++) {
    const c = original.chunks[i] ?? written.chunks[i];
    diff(original.chunks[i], written.chunks[i], `chunk ${i} (x ${c.indexX}, y ${c.indexY})`, differences);
  }
  const { chunks: _a, ...originalTop } = original;
  const { chunks: _b, ...writtenTop } = written;
  diff(originalTop, writtenTop, 'tile', differences);

  const { chunks, layers, alphaMaps } = adtSummary(written);
  if (differences.length === 0) {
    console.log(`${reader}: ${chunks} chunks, ${layers} layers, ${alphaMaps} alpha maps identical`);
    continue;
  }
  failed = true;
  console.log(`${reader}: ${differences.length} difference(s) (original != written):`);
  for (const line of differences.slice(0, SHOWN)) console.log(`  ${line}`);
  if (differences.length > SHOWN) console.log(`  ... and ${differences.length - SHOWN} more`);
}
process.exit(failed ? 1 : 0);
