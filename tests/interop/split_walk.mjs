// Interop check: does a split (Cataclysm+) set written by Mapsmith walk cleanly the way split readers
// walk it? Written from /work/shared/specs/adt-v18-current.txt alone, without the project's reader and
// without npm packages.
//
//   node split_walk.mjs ROOT.adt [--wdt WDT]
//
// ROOT.adt's _tex0.adt and _obj0.adt are read from beside it. Split MCNKs have no MCIN and their
// sub-chunk offsets cannot be trusted, so every file is walked by declared sizes only:
//   - top level: chunk after chunk until the file ends exactly; MVER (18) first; no MCIN; 256 MCNKs;
//   - root MCNK: the 128-byte header (indices match the MCNK's place), then sub-chunks until the MCNK
//     ends exactly; MCVT is 580 bytes, MCNR 448 ("from Cataclysm only" its declared size covers the 13
//     padding bytes), MCCV and MCLV 580; ofsHeight/ofsNormal/ofsMCCV/ofsMCLV/ofsLiquid/ofsSndEmitters
//     point at their sub-chunks;
//   - tex0 and obj0 MCNKs: no header, sub-chunks from the first byte until the MCNK ends exactly;
//   - every sub-chunk in the file the spec's "split files:" line names (root MCVT MCCV MCLV MCNR MCLQ
//     MCSE; tex MCLY MCSH MCAL MCMT; obj MCRD MCRW);
//   - MCLY entries of 16 bytes (at most 4); each alpha map inside MCAL at its MCLY offset, uncompressed
//     maps of (64 >> mamp)^2 bytes at 8 bits or half that at 4 bits (MPHD 0x4 | 0x80 of --wdt; mamp
//     from MAMP or MHDR.mamp_value); compressed maps decode to exactly 4096 values within MCAL;
//   - MCSH 512 bytes, MCMT 4 bytes; MCRD/MCRW entries of 4 bytes, below the MDDF/MODF entry counts.
// Exit 0 when every file walks cleanly, 1 on any problem (the first ones are listed), 2 on a usage error.
import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const wdtAt = args.indexOf('--wdt');
const wdtPath = wdtAt < 0 ? undefined : args.splice(wdtAt, 2)[1];
if (args.length !== 1 || !args[0].toLowerCase().endsWith('.adt')) {
  console.error('usage: node split_walk.mjs ROOT.adt [--wdt WDT]');
  process.exit(2);
}
const rootPath = args[0];
const partnerPath = (suffix) => rootPath.replace(/(\.adt)$/i, `${suffix}$1`);
const SHOWN = 10;
const problems = [];
const problem = (text) => problems.push(text);
const hex = (n) => `0x${n.toString(16)}`;

// Chunk ids are stored as little-endian u32s: the letters come reversed.
function idAt(view, at) {
  return String.fromCharCode(view.getUint8(at + 3), view.getUint8(at + 2), view.getUint8(at + 1), view.getUint8(at));
}
const plausibleId = (id) => /^[A-Z0-9]{4}$/.test(id);

// Walks `length` bytes from `start` as id-size-data chunks by declared size. Returns the chunks, or
// null after naming the problem when a chunk header is implausible or a size runs past the end.
function walk(view, start, length, where) {
  const chunks = [];
  const end = start + length;
  let at = start;
  while (at < end) {
    if (end - at < 8) {
      problem(`${where}: ${end - at} stray byte(s) at ${hex(at)}, not a chunk header`);
      return null;
    }
    const id = idAt(view, at);
    const size = view.getUint32(at + 4, true);
    if (!plausibleId(id)) {
      const after = chunks.length ? ` after ${chunks.at(-1).id} (${chunks.at(-1).size} bytes)` : '';
      problem(`${where}: no chunk id at ${hex(at)}${after}`);
      return null;
    }
    if (size > end - at - 8) {
      problem(`${where}: ${id} at ${hex(at)} declares ${size} bytes, ${end - at - 8} left`);
      return null;
    }
    chunks.push({ id, at, data: at + 8, size });
    at += 8 + size;
  }
  return chunks;
}

function readFile(path) {
  if (!existsSync(path)) {
    problem(`${path}: missing`);
    return null;
  }
  const bytes = readFileSync(path);
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// Alpha depth from the WDT: MPHD flags 0x4 or 0x80 mean 8-bit uncompressed maps.
let bigAlpha = false;
if (wdtPath) {
  const wdt = readFile(wdtPath);
  const top = wdt && walk(wdt, 0, wdt.byteLength, 'wdt');
  const mphd = top?.find((c) => c.id === 'MPHD');
  if (!mphd) problem('wdt: no MPHD');
  else bigAlpha = (wdt.getUint32(mphd.data, true) & 0x84) !== 0;
}

const PLACEMENT = {
  root: ['MCVT', 'MCCV', 'MCLV', 'MCNR', 'MCLQ', 'MCSE'],
  tex0: ['MCLY', 'MCSH', 'MCAL', 'MCMT'],
  obj0: ['MCRD', 'MCRW'],
};
const files = {};
for (const [name, path] of [['root', rootPath], ['tex0', partnerPath('_tex0')], ['obj0', partnerPath('_obj0')]]) {
  const view = readFile(path);
  if (!view) continue;
  const top = walk(view, 0, view.byteLength, name);
  if (!top) continue;
  if (top[0]?.id !== 'MVER' || top[0].size !== 4 || view.getUint32(top[0].data, true) !== 18) {
    problem(`${name}: does not start with MVER 18`);
  }
  if (top.some((c) => c.id === 'MCIN')) problem(`${name}: has MCIN (gone in split files)`);
  const mcnks = top.filter((c) => c.id === 'MCNK');
  if (mcnks.length !== 256) problem(`${name}: ${mcnks.length} MCNK chunks, 256 expected`);
  files[name] = { view, top, mcnks, subs: [] };
}

// mamp: MAMP (tex) overrides MHDR.mamp_value (root, byte 0x30 of its data).
let mamp = 0;
for (const file of Object.values(files)) {
  const mhdr = file.top.find((c) => c.id === 'MHDR');
  if (mhdr && mhdr.size >= 0x31) mamp = file.view.getUint8(mhdr.data + 0x30);
}
for (const file of Object.values(files)) {
  const chunk = file.top.find((c) => c.id === 'MAMP');
  if (chunk && chunk.size >= 1) mamp = file.view.getUint8(chunk.data);
}
const alphaSide = 64 >> Math.min(mamp, 6);
const uncompressedAlphaSize = bigAlpha ? alphaSide * alphaSide : (alphaSide * alphaSide) / 2;

// Root: header, then sub-chunks.
if (files.root) {
  const { view, mcnks } = files.root;
  mcnks.forEach((mcnk, i) => {
    const where = `root MCNK ${i} at ${hex(mcnk.at)}`;
    if (mcnk.size < 128) {
      problem(`${where}: ${mcnk.size} bytes, no room for the 128-byte header`);
      return;
    }
    const h = (offset) => view.getUint32(mcnk.data + offset, true);
    if (h(0x04) !== i % 16 || h(0x08) !== Math.floor(i / 16)) {
      problem(`${where}: header says (${h(0x04)}, ${h(0x08)})`);
    }
    const subs = walk(view, mcnk.data + 128, mcnk.size - 128, where);
    files.root.subs[i] = subs;
    if (!subs) return;
    const expectedSize = { MCVT: 580, MCNR: 448, MCCV: 580, MCLV: 580 };
    for (const s of subs) {
      if (s.id in expectedSize && s.size !== expectedSize[s.id]) {
        problem(`${where}: ${s.id} declares ${s.size} bytes, ${expectedSize[s.id]} expected`);
      }
    }
    // Header offsets count from the MCNK's own chunk header. High-res holes reuse ofsHeight/ofsNormal.
    const highResHoles = (h(0x00) & 0x10000) !== 0;
    const pointers = [
      [0x74, 'MCCV'],
      [0x78, 'MCLV'],
      [0x60, 'MCLQ'],
      [0x58, 'MCSE'],
    ];
    if (!highResHoles) pointers.push([0x14, 'MCVT'], [0x18, 'MCNR']);
    for (const [field, id] of pointers) {
      const sub = subs.find((s) => s.id === id);
      const ofs = h(field);
      if (sub && ofs !== sub.at - mcnk.at) {
        problem(`${where}: header ${hex(field)} is ${hex(ofs)}, ${id} is at ${hex(sub.at - mcnk.at)}`);
      }
    }
  });
}

// tex0 and obj0: no header, sub-chunks from the first byte.
for (const name of ['tex0', 'obj0']) {
  if (!files[name]) continue;
  const { view, mcnks } = files[name];
  mcnks.forEach((mcnk, i) => {
    files[name].subs[i] = walk(view, mcnk.data, mcnk.size, `${name} MCNK ${i} at ${hex(mcnk.at)}`);
  });
}

// Placement, per the spec's "split files:" lines.
for (const [name, file] of Object.entries(files)) {
  file.subs.forEach((subs, i) => {
    for (const s of subs ?? []) {
      if (!PLACEMENT[name].includes(s.id)) problem(`${name} MCNK ${i}: ${s.id} at ${hex(s.at)} does not belong here`);
    }
  });
}

// Compressed alpha map: returns the bytes it takes to give 4096 values, or -1 when `end` comes first.
function rleLength(view, start, end) {
  let at = start;
  let values = 0;
  while (values < 4096) {
    if (at >= end) return -1;
    const control = view.getUint8(at++);
    const count = control & 0x7f;
    at += control & 0x80 ? 1 : count;
    values += count;
  }
  return at <= end ? at - start : -1;
}

if (files.tex0) {
  const { view } = files.tex0;
  files.tex0.subs.forEach((subs, i) => {
    if (!subs) return;
    const where = `tex0 MCNK ${i}`;
    const mcly = subs.find((s) => s.id === 'MCLY');
    const mcal = subs.find((s) => s.id === 'MCAL');
    for (const s of subs) {
      if (s.id === 'MCSH' && s.size !== 512) problem(`${where}: MCSH declares ${s.size} bytes, 512 expected`);
      if (s.id === 'MCMT' && s.size !== 4) problem(`${where}: MCMT declares ${s.size} bytes, 4 expected`);
    }
    if (!mcly) return;
    if (mcly.size % 16 !== 0 || mcly.size > 64) {
      problem(`${where}: MCLY declares ${mcly.size} bytes (16 per layer, at most 4)`);
      return;
    }
    for (let layer = 0; layer < mcly.size / 16; ++layer) {
      const flags = view.getUint32(mcly.data + layer * 16 + 4, true);
      const offset = view.getUint32(mcly.data + layer * 16 + 8, true);
      if (!(flags & 0x100)) continue; // use_alpha_map
      if (!mcal) {
        problem(`${where}: layer ${layer} uses an alpha map, no MCAL`);
        continue;
      }
      const length = flags & 0x200 ? rleLength(view, mcal.data + offset, mcal.data + mcal.size) : uncompressedAlphaSize;
      if (length < 0 || offset + length > mcal.size) {
        problem(`${where}: layer ${layer}'s alpha map at ${offset} runs past the ${mcal.size}-byte MCAL`);
      }
    }
  });
}

if (files.obj0) {
  const { view, top } = files.obj0;
  const entries = (id, size) => (top.find((c) => c.id === id)?.size ?? 0) / size;
  const limits = { MCRD: entries('MDDF', 36), MCRW: entries('MODF', 64) };
  files.obj0.subs.forEach((subs, i) => {
    for (const s of (subs ?? []).filter((sub) => sub.id in limits)) {
      if (s.size % 4 !== 0) {
        problem(`obj0 MCNK ${i}: ${s.id} declares ${s.size} bytes, not a multiple of 4`);
        continue;
      }
      for (let k = 0; k < s.size; k += 4) {
        const ref = view.getUint32(s.data + k, true);
        if (ref >= limits[s.id]) problem(`obj0 MCNK ${i}: ${s.id} names entry ${ref} of ${limits[s.id]}`);
      }
    }
  });
}

for (const [name, file] of Object.entries(files)) {
  const counts = {};
  for (const subs of file.subs) for (const s of subs ?? []) counts[s.id] = (counts[s.id] ?? 0) + 1;
  const list = Object.entries(counts).map(([id, n]) => `${n} ${id}`).join(', ');
  console.log(`${name}: ${file.top.length} chunks, ${file.mcnks.length} MCNK${list ? ` (${list})` : ''}`);
}
if (problems.length) {
  console.log(`${problems.length} problem(s):`);
  for (const p of problems.slice(0, SHOWN)) console.log(`  ${p}`);
  process.exit(1);
}
console.log(`every file walks by declared sizes (${bigAlpha ? 8 : 4}-bit alpha, mamp ${mamp})`);
