// Interop: objects placed by `mapsmith-cli place`, checked with nothing of Mapsmith's but the files.
//
//   node check_placed.mjs DATA WDT TILE.adt... [--heading UNIQUEID:DEG]...   (TILE: every tile of the map)
//
// Each model's own box comes from @wowserhq/format reading the model file under DATA (M2: its bounding
// box united with a collision box that is not empty, as Mapsmith bounds doodads; WMO: MOHD). Each
// placement is turned into world coordinates by @wowserhq/format itself (MapArea: world position and a
// rotation quaternion); the eight corners of the scaled box, rotated and moved there, give the object's
// world box. Then, for both readers (@wowserhq/format and blizzardry):
//   - the object has an entry, with one uniqueId, in exactly the tiles its box reaches (and its own);
//   - each tile's MCRF references it from exactly the chunks the box reaches;
//   - a WMO's MODF extents are that box (within 0.01 yd);
//   - with --heading, the object's front (model +x) faces DEG as the game counts headings (0 north, 90
//     west), as @wowserhq/format turns the stored rotation.
// Exit 0 when all agree, 1 otherwise, 2 on a usage error.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { M2Model } from '@wowserhq/format';
import { openStream, IoMode } from '@wowserhq/io';
import { READERS, readWdt, readAdt } from './readers.mjs';

const wowserIndex = import.meta.resolve('@wowserhq/format');
const { root: wowserRootChunks } = await import(new URL('./mapobj/io/root.js', wowserIndex));

const args = process.argv.slice(2);
const headings = new Map();
for (let at = args.indexOf('--heading'); at >= 0; at = args.indexOf('--heading')) {
  const [id, deg] = args.splice(at, 2)[1].split(':').map(Number);
  headings.set(id, deg);
}
const [dataDir, wdtPath, ...tilePaths] = args;
if (!dataDir || !wdtPath || tilePaths.length === 0) {
  console.error('usage: node check_placed.mjs DATA WDT TILE.adt...');
  process.exit(2);
}
const TILE = 1600 / 3;
const CHUNK = TILE / 16;
const CORNER = 32 * TILE;

// Game paths are case-insensitive with either separator: index DATA by lower-case relative path.
const files = new Map();
(function walk(dir, prefix) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
    else files.set(`${prefix}${name}`.toLowerCase(), full);
  }
})(dataDir, '');
const modelFile = (name) => files.get(name.replaceAll('\\', '/').toLowerCase());

const modelBoxes = new Map();
function modelBox(name, isWmo) {
  if (modelBoxes.has(name)) return modelBoxes.get(name);
  const path = modelFile(name);
  if (!path) throw new Error(`${name} is not under ${dataDir}`);
  const bytes = new Uint8Array(readFileSync(path));
  let box;
  if (isWmo) {
    const mohd = wowserRootChunks.read(openStream(bytes, IoMode.Read)).find((c) => c.tag === 'MOHD').value;
    box = Array.from(mohd.boundingBox);
  } else {
    const model = new M2Model().load(bytes);
    box = Array.from(model.bounds.extent);
    const c = Array.from(model.collisionBounds.extent);
    if (c.some((v, i) => v !== c[i < 3 ? i + 3 : i - 3])) {
      box = box.map((v, i) => (i < 3 ? Math.min(v, c[i]) : Math.max(v, c[i])));
    }
  }
  modelBoxes.set(name, box);
  return box;
}

// v rotated by the unit quaternion q = [x, y, z, w].
function rotate([qx, qy, qz, qw], [vx, vy, vz]) {
  const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
  return [vx + qw * tx + (qy * tz - qz * ty), vy + qw * ty + (qz * tx - qx * tz), vz + qw * tz + (qx * ty - qy * tx)];
}

// World box (x north, y west, z up) -> placement box (x east, y up, z south), as [min..., max...].
function worldBox(box, position, quaternion, scale) {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < 8; ++i) {
    const corner = [box[i & 1 ? 3 : 0], box[i & 2 ? 4 : 1], box[i & 4 ? 5 : 2]].map((v) => v * scale);
    const p = rotate(quaternion, corner).map((v, a) => v + position[a]);
    for (let a = 0; a < 3; ++a) { lo[a] = Math.min(lo[a], p[a]); hi[a] = Math.max(hi[a], p[a]); }
  }
  return [CORNER - hi[1], lo[2], CORNER - hi[0], CORNER - lo[1], hi[2], CORNER - lo[0]];
}

const tileOf = (path) => {
  const m = /_(\d+)_(\d+)\.adt$/i.exec(path);
  if (!m) throw new Error(`${path}: not a Name_X_Y.adt tile`);
  return [Number(m[1]), Number(m[2])];
};
const chunkCell = (v) => Math.floor(v / CHUNK + 1e-9);
function chunksUnder(box, [tx, ty]) {
  const out = [];
  for (let row = Math.max(chunkCell(box[2]) - ty * 16, 0); row <= Math.min(chunkCell(box[5]) - ty * 16, 15); ++row) {
    for (let col = Math.max(chunkCell(box[0]) - tx * 16, 0); col <= Math.min(chunkCell(box[3]) - tx * 16, 15); ++col) {
      out.push(row * 16 + col);
    }
  }
  return out;
}
const reaches = (box, [tx, ty]) => chunksUnder(box, [tx, ty]).length > 0;

const problems = [];
const wowserWdt = readWdt('wowserhq', wdtPath);
const tiles = tilePaths.map((path) => ({ path, at: tileOf(path), read: {} }));
for (const reader of READERS) {
  const wdt = readWdt(reader, wdtPath);
  for (const tile of tiles) tile.read[reader] = readAdt(reader, tile.path, wdt);
}
// Every object once, placed by @wowserhq/format's own reading of its entry.
const objects = new Map();
for (const tile of tiles) {
  const adt = tile.read.wowserhq;
  for (const [kind, list] of [['doodad', adt.doodads], ['wmo', adt.objects]]) {
    for (const def of list) {
      const key = `${kind} ${def.id}`;
      if (objects.has(key)) continue;
      const scale = kind === 'doodad' ? def.scale / 1024 : 1;
      const box = worldBox(modelBox(def.name, kind === 'wmo'), def.position, def.rotation, scale);
      const owner = [Math.floor((CORNER - def.position[1]) / TILE), Math.floor((CORNER - def.position[0]) / TILE)];
      objects.set(key, { kind, id: def.id, name: def.name, box, owner });
    }
  }
}
void wowserWdt;
let checked = 0;
const rotations = new Map(); // uniqueId -> quaternion, from @wowserhq/format
for (const tile of tiles) {
  for (const def of [...tile.read.wowserhq.doodads, ...tile.read.wowserhq.objects]) rotations.set(def.id, def.rotation);
}
for (const [id, deg] of headings) {
  const q = rotations.get(id);
  if (!q) {
    problems.push(`--heading ${id}: no object with that uniqueId`);
    continue;
  }
  const front = rotate(q, [1, 0, 0]);
  const want = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180), 0];
  if (front.some((v, a) => Math.abs(v - want[a]) > 1e-4)) {
    problems.push(`object ${id}: its front faces [${front.map((v) => v.toFixed(4))}], heading ${deg} is [${want.map((v) => v.toFixed(4))}]`);
  }
}
for (const o of objects.values()) {
  for (const tile of tiles) {
    const want = reaches(o.box, tile.at) || (o.owner[0] === tile.at[0] && o.owner[1] === tile.at[1]);
    for (const reader of READERS) {
      const adt = tile.read[reader];
      const list = o.kind === 'doodad' ? adt.doodads : adt.objects;
      const index = list.findIndex((d) => d.id === o.id);
      const where = `${reader}: ${tile.path}: ${o.kind} ${o.id} (${o.name})`;
      if ((index >= 0) !== want) {
        problems.push(`${where}: ${want ? 'missing' : 'present'} (its box ${want ? 'reaches' : 'misses'} the tile)`);
        continue;
      }
      if (index < 0) continue;
      const refChunks = adt.chunks.flatMap((c, i) => ((o.kind === 'doodad' ? c.doodadRefs : c.objectRefs).includes(index) ? [i] : []));
      const expected = reaches(o.box, tile.at) ? chunksUnder(o.box, tile.at) : null;
      if (expected && refChunks.join() !== expected.join()) {
        problems.push(`${where}: MCRF in chunks [${refChunks}], its box reaches [${expected}]`);
      }
      if (!expected && refChunks.length !== 1) {
        problems.push(`${where}: a copy whose box misses the tile should be referenced by one chunk, not [${refChunks}]`);
      }
      if (o.kind === 'wmo') {
        const extents = Array.from(list[index].extents).flat();
        if (extents.some((v, a) => Math.abs(v - o.box[a]) > 0.01)) {
          problems.push(`${where}: MODF extents [${extents.map((v) => v.toFixed(3))}], box [${o.box.map((v) => v.toFixed(3))}]`);
        }
      }
      ++checked;
    }
  }
}
for (const p of problems) console.log(p);
console.log(`${objects.size} object(s), ${checked} entries checked in ${tiles.length} tile(s) with ${READERS.length} readers: ` +
  `${problems.length ? `${problems.length} problem(s)` : 'all agree'}`);
process.exit(problems.length || objects.size === 0 ? 1 : 0);
