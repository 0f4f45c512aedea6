// Shared helpers for the interop scripts (compare.mjs, check.mjs).
//
// Reads ADT v18 tiles and WDT files with two independent JavaScript readers and turns what each
// one decodes into plain objects that can be compared field by field:
//   - @wowserhq/format: the public MapArea / Map classes, plus its own chunk-level reader
//     (dist/esm/map/io) for the fields MapArea does not expose (MCNK indices and flags, layer
//     flags, MCRF refs, MCSH shadow, MDDF/MODF flags). Version pinned in package.json.
//   - blizzardry: its restructure-based ADT and WDT decoders (no native code involved).
// Neither library exposes MH2O (blizzardry skips it, @wowserhq/format ignores it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Map as WowserMap, MapArea } from '@wowserhq/format';

// @wowserhq/format's chunk readers are not in its package exports: load them by file URL.
const wowserIndex = import.meta.resolve('@wowserhq/format');
const { adt: wowserAdtChunks } = await import(new URL('./map/io/adt.js', wowserIndex));
const { wdt: wowserWdtChunks } = await import(new URL('./map/io/wdt.js', wowserIndex));

const require = createRequire(import.meta.url);
const r = require('blizzardry/lib/restructure');
const BlizzardryADT = require('blizzardry/lib/ADT');
const BlizzardryWDT = require('blizzardry/lib/wdt');

export const READERS = ['wowserhq', 'blizzardry'];
// MCLY flag 0x200 only says how the alpha map is stored (RLE); the decoded pixels are compared instead.
const LAYER_COMPRESSED = 0x200;

// Both libraries skip the 4-bit alpha map fix-up (column and row 63 copied from 62) only when MCNK
// flag 0x200 is set, a bit taken from old format notes. The format (specs/adt-v18-current.txt) and
// the game use bit 0x8000, do_not_fix_alpha_map, which Blizzard's tiles set. So each ADT is handed
// to them as a copy whose MCNK flag 0x200 mirrors 0x8000 (the flags reported are the file's own).
const FIX_FLAG_LIBRARIES = 0x200;
const FIX_FLAG_FORMAT = 0x8000;
function adtBytes(path) {
  const data = new Uint8Array(readFileSync(path));
  const mcnkFlags = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let pos = 0; pos + 12 <= data.length; pos += 8 + view.getUint32(pos + 4, true)) {
    if (view.getUint32(pos, true) !== 0x4d434e4b) continue; // 'MCNK' (tags are stored reversed)
    const flags = view.getUint32(pos + 8, true);
    mcnkFlags.push(flags);
    view.setUint32(pos + 8, flags & FIX_FLAG_FORMAT ? flags | FIX_FLAG_LIBRARIES : flags & ~FIX_FLAG_LIBRARIES, true);
  }
  return { data, mcnkFlags };
}

// ---------------------------------------------------------------------------------------------
// WDT

export function readWdt(reader, path) {
  if (reader === 'wowserhq') {
    const data = new Uint8Array(readFileSync(path));
    const map = new WowserMap().load(data);
    const mphd = wowserWdtChunks.read(data).find((c) => c.tag === 'MPHD')?.value;
    return {
      version: map.version,
      flags: mphd?.flags ?? 0,
      alphaDepth: map.layerSplatDepth,
      tilesPresent: Array.from(map.availableAreas),
    };
  }
  const wdt = BlizzardryWDT.decode(new r.DecodeStream(readFileSync(path)));
  checkTags(wdt, ['MVER', 'MPHD', 'MAIN', 'MWMO'], path);
  return {
    version: wdt.version,
    flags: wdt.flags,
    alphaDepth: wdt.flags & 0x4 || wdt.flags & 0x80 ? 8 : 4,
    tileFlags: wdt.tiles,
    wmoNames: wdt.MWMO.filenames,
  };
}

export const tileCount = (wdt) => (wdt.tilesPresent ?? wdt.tileFlags.map((f) => f & 1)).filter(Boolean).length;

// ---------------------------------------------------------------------------------------------
// ADT. `wdt` is what readWdt() returned for the same reader (it decides the alpha map depth).

export function readAdt(reader, path, wdt) {
  return reader === 'wowserhq' ? readAdtWowser(path, wdt) : readAdtBlizzardry(path, wdt);
}

function readAdtWowser(path, wdt) {
  const { data, mcnkFlags } = adtBytes(path);
  const area = new MapArea(wdt.alphaDepth).load(data);
  const top = wowserAdtChunks.read(data);
  const get = (tag) => top.find((c) => c.tag === tag)?.value;
  const mcnks = top.filter((c) => c.tag === 'MCNK').map((c) => c.value);
  if (mcnks.length !== area.chunks.length) throw new Error(`${mcnks.length} MCNK chunks but ${area.chunks.length} map chunks`);
  const chunks = area.chunks.map((chunk, i) => {
    const { header, data: sub } = mcnks[i];
    const subValue = (tag) => sub.find((c) => c.tag === tag)?.value;
    const mcly = subValue('MCLY') ?? [];
    const refs = u32s(subValue('MCRF'));
    return {
      indexX: header.indexX,
      indexY: header.indexY,
      flags: mcnkFlags[i],
      areaId: chunk.areaId,
      holes: chunk.holes,
      position: Array.from(chunk.position),
      heights: chunk.vertexHeights,
      normals: chunk.vertexNormals,
      layers: chunk.layers.map((layer, j) => ({
        textureId: mcly[j].textureId,
        texture: layer.texture,
        flags: mcly[j].properties & ~LAYER_COMPRESSED,
        effectId: layer.effectId,
        alpha: layer.splat,
      })),
      doodadRefs: refs.slice(0, header.doodadRefCount),
      objectRefs: refs.slice(header.doodadRefCount, header.doodadRefCount + header.mapObjRefCount),
      shadow: header.flags & 0x1 ? subValue('MCSH') ?? null : null,
    };
  });
  const mddf = get('MDDF') ?? [];
  const modf = get('MODF') ?? [];
  return {
    chunks,
    textures: get('MTEX') ?? [],
    doodads: area.doodadDefs.map((d, i) => ({ ...d, flags: mddf[i].flags })),
    objects: area.objDefs.map((o, i) => ({
      id: o.id, name: o.name, position: o.position, rotation: o.rotation,
      extents: modf[i].extents, flags: modf[i].flags, doodadSet: modf[i].doodadSet, nameSet: modf[i].nameSet,
    })),
  };
}

function u32s(raw) {
  if (!raw || raw.byteLength === 0) return [];
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  return Array.from({ length: raw.byteLength >> 2 }, (_, i) => view.getUint32(i * 4, true));
}

const MCNK_SUBCHUNKS = ['MCVT', 'MCCV', 'MCNR', 'MCLY', 'MCRF', 'MCSH', 'MCAL', 'MCLQ', 'MCSE'];
const ADT_CHUNKS = ['MVER', 'MHDR', 'MCIN', 'MTEX', 'MMDX', 'MMID', 'MWMO', 'MWID', 'MDDF', 'MODF', 'MH2O', 'MFBO', 'MTXF'];

function readAdtBlizzardry(path, wdt) {
  const { data, mcnkFlags } = adtBytes(path);
  const adt = BlizzardryADT(wdt.flags).decode(new r.DecodeStream(Buffer.from(data.buffer)));
  // blizzardry decodes chunks in a fixed order without looking at tags or offsets: make sure it
  // really landed on each chunk it decoded, or its values would be garbage.
  checkTags(adt, ADT_CHUNKS, path);
  const vec = (v) => [v.x, v.y, v.z];
  const chunks = adt.MCNKs.map((c, i) => {
    checkTags({ MCNK: c, ...c }, ['MCNK', ...MCNK_SUBCHUNKS], `${path} MCNK ${i}`);
    return {
      indexX: c.indexX,
      indexY: c.indexY,
      flags: mcnkFlags[i],
      areaId: c.areaID,
      holes: c.holes,
      position: vec(c.position),
      heights: c.MCVT.heights,
      normals: c.MCNR.normals.flatMap((n) => [n.x, n.z, n.y]),
      layers: c.MCLY.layers.map((l, j) => ({
        textureId: l.textureID,
        texture: adt.MTEX.filenames[l.textureID],
        flags: l.flags & ~LAYER_COMPRESSED,
        effectId: l.effectID,
        alpha: j > 0 ? c.MCAL.alphaMaps[j - 1] : null,
      })),
      doodadRefs: c.MCRF.MDDFs,
      objectRefs: c.MCRF.MODFs,
    };
  });
  return {
    chunks,
    textures: adt.MTEX.filenames,
    models: adt.MMDX.filenames,
    wmos: adt.MWMO.filenames,
    doodads: (adt.MDDF?.entries ?? []).map((d) => ({
      index: d.index, name: d.filename, id: d.id, position: vec(d.position), rotation: vec(d.rotation),
      scale: d.scale, flags: d.flags,
    })),
    objects: (adt.MODF?.entries ?? []).map((o) => ({
      index: o.index, name: o.filename, id: o.id, position: vec(o.position), rotation: vec(o.rotation),
      extents: [...vec(o.minBoundingBox), ...vec(o.maxBoundingBox)],
      flags: o.flags, doodadSet: o.doodadSet, nameSet: o.nameSet,
    })),
  };
}

// restructure keeps each chunk's 4-byte tag as stored in the file (reversed, e.g. 'KNCM').
function checkTags(parent, names, where) {
  for (const name of names) {
    const chunk = parent[name];
    const tag = chunk?.id && [...chunk.id].reverse().join('');
    if (chunk && tag !== name) throw new Error(`${where}: blizzardry read ${JSON.stringify(tag)} where it expected ${name}`);
  }
}

export function adtSummary(adt) {
  const layers = adt.chunks.flatMap((c) => c.layers);
  return { chunks: adt.chunks.length, layers: layers.length, alphaMaps: layers.filter((l) => l.alpha).length };
}

// ---------------------------------------------------------------------------------------------
// Field-by-field comparison. Returns a list of "path: a != b" strings. Numeric arrays (heights,
// normals, alpha pixels, ...) are compared element-wise and reported as one difference each.

const sameNumber = (x, y) => x === y || (Number.isNaN(x) && Number.isNaN(y));
const isNumbers = (v) => ArrayBuffer.isView(v) || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number'));
const show = (v) => (ArrayBuffer.isView(v) ? `[${v.length} values]` : JSON.stringify(v));

export function diff(a, b, path, out = []) {
  if (isNumbers(a) && isNumbers(b)) {
    if (a.length !== b.length) out.push(`${path}: ${a.length} values != ${b.length} values`);
    else {
      const bad = [...a.keys()].filter((i) => !sameNumber(a[i], b[i]));
      if (bad.length) {
        const i = bad[0];
        out.push(a.length <= 8 && !ArrayBuffer.isView(a) ? `${path}: ${show(a)} != ${show(b)}`
          : `${path}: ${bad.length} of ${a.length} values differ, first [${i}]: ${a[i]} != ${b[i]}`);
      }
    }
  } else if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: ${a.length} entries != ${b.length} entries`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) diff(a[i], b[i], `${path}[${i}]`, out);
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) diff(a[key], b[key], `${path}.${key}`, out);
  } else if (!(typeof a === 'number' && typeof b === 'number' ? sameNumber(a, b) : a === b)) {
    out.push(`${path}: ${show(a)} != ${show(b)}`);
  }
  return out;
}
