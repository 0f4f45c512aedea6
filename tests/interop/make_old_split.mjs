// Makes a split set as Mapsmith wrote it before split roots declared MCNR as 448: every root MCNR
// declares 435 and its 13 padding bytes stay where they are, after the chunk (the WotLK convention).
// MCNK sizes do not change. _tex0 and _obj0 are copied unchanged.
//
//   node make_old_split.mjs ROOT.adt OUT_ROOT.adt
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: node make_old_split.mjs ROOT.adt OUT_ROOT.adt');
  process.exit(2);
}
const partner = (path, suffix) => path.replace(/(\.adt)$/i, `${suffix}$1`);
const bytes = new Uint8Array(readFileSync(from));
const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const MCNK = 0x4d434e4b; // 'MCNK' as stored (little-endian u32)
const MCNR = 0x4d434e52;
let patched = 0;
let already = 0; // sets written before 448 are old-style as they are
for (let at = 0; at + 8 <= bytes.length; at += 8 + view.getUint32(at + 4, true)) {
  if (view.getUint32(at, true) !== MCNK) continue;
  const end = at + 8 + view.getUint32(at + 4, true);
  for (let sub = at + 8 + 128; sub + 8 <= end; sub += 8 + view.getUint32(sub + 4, true)) {
    if (view.getUint32(sub, true) !== MCNR) continue;
    const size = view.getUint32(sub + 4, true);
    if (size === 448) {
      view.setUint32(sub + 4, 435, true);
      ++patched;
    } else if (size === 435) {
      ++already;
    }
    break; // past MCNR the walk by declared sizes lands inside the padding
  }
}
if (patched + already === 0) {
  console.error(`${from}: no MCNR of 448 or 435 bytes`);
  process.exit(1);
}
mkdirSync(dirname(to), { recursive: true });
writeFileSync(to, bytes);
for (const suffix of ['_tex0', '_obj0']) copyFileSync(partner(from, suffix), partner(to, suffix));
console.log(`${to}: ${patched} MCNR chunks changed to declare 435, ${already} declared it already`);
