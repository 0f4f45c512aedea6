// Interop check: can both JavaScript readers (@wowserhq/format and blizzardry) read a file on its own?
//
//   node check.mjs wdt FILE.wdt [ORIGINAL.wdt]   summary per reader; with ORIGINAL, also compare
//                                                 version, MPHD flags, alpha depth and tile table
//   node check.mjs adt FILE.adt [--wdt WDT]       summary per reader; needs 256 MCNK chunks
//
// Without --wdt an ADT is read with 4-bit alpha maps. Exit 0 when fine, 1 on a read failure or
// difference, 2 on a usage error.
import { READERS, readWdt, readAdt, adtSummary, tileCount, diff } from './readers.mjs';

const [kind, ...args] = process.argv.slice(2);
const wdtAt = args.indexOf('--wdt');
const wdtPath = wdtAt < 0 ? undefined : args.splice(wdtAt, 2)[1];
const usage = () => {
  console.error('usage: node check.mjs wdt FILE.wdt [ORIGINAL.wdt] | node check.mjs adt FILE.adt [--wdt WDT]');
  process.exit(2);
};
if (!['wdt', 'adt'].includes(kind) || args.length < 1 || args.length > (kind === 'wdt' ? 2 : 1)) usage();
const [path, originalPath] = args;
const hex = (n) => `0x${n.toString(16)}`;

let failed = false;
for (const reader of READERS) {
  try {
    if (kind === 'wdt') {
      const wdt = readWdt(reader, path);
      let line = `${reader}: WDT v${wdt.version}, flags ${hex(wdt.flags)}, ${wdt.alphaDepth}-bit alpha, ${tileCount(wdt)} tiles`;
      if (originalPath) {
        const differences = diff(readWdt(reader, originalPath), wdt, 'wdt');
        line += differences.length ? `; ${differences.length} difference(s) from ${originalPath}:` : `; identical to ${originalPath}`;
        if (differences.length) failed = true;
        for (const d of differences.slice(0, 10)) line += `\n  ${d}`;
      }
      console.log(line);
    } else {
      const wdt = wdtPath ? readWdt(reader, wdtPath) : { flags: 0, alphaDepth: 4 };
      const { chunks, layers, alphaMaps } = adtSummary(readAdt(reader, path, wdt));
      console.log(`${reader}: ${chunks} chunks, ${layers} layers, ${alphaMaps} alpha maps (${wdt.alphaDepth}-bit depth)`);
      if (chunks !== 256) {
        console.log(`${reader}: expected 256 MCNK chunks`);
        failed = true;
      }
    }
  } catch (error) {
    console.log(`${reader}: cannot read: ${error.message}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
