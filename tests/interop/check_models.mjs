// Interop: Mapsmith's model readers (through model_dump) and @wowserhq/format must agree on an M2 with its
// skin, or a WMO root with a group: bounds (exactly, as stored), vertex and triangle counts, for M2 the
// textures (type and file name; run-time types have none) and sequence count, for WMO the materials' texture
// names and the group names (MapObj) and the batch count.
//   node check_models.mjs m2 DUMP FILE.m2 FILE00.skin
//   node check_models.mjs wmo DUMP ROOT.wmo GROUP.wmo
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { M2Model, M2SkinProfile, MapObj, MapObjGroup } from '@wowserhq/format';
import { openStream, IoMode } from '@wowserhq/io';

// MOHD and the MOGP header are not exposed by the public classes: read them with the library's chunk readers.
const wowserIndex = import.meta.resolve('@wowserhq/format');
const { root: wowserRootChunks } = await import(new URL('./mapobj/io/root.js', wowserIndex));
const { group: wowserGroupChunks } = await import(new URL('./mapobj/io/group.js', wowserIndex));

const [kind, dump, first, second] = process.argv.slice(2);
if (!['m2', 'wmo'].includes(kind) || !second) {
  console.error('usage: node check_models.mjs m2|wmo DUMP FILE1 FILE2');
  process.exit(2);
}
const ours = JSON.parse(execFileSync(dump, [kind, first, second], { encoding: 'utf8' }));
const bytes = (path) => new Uint8Array(readFileSync(path));
const box = (extent, radius) => ({ min: Array.from(extent.slice(0, 3)), max: Array.from(extent.slice(3, 6)), radius });

let theirs;
if (kind === 'm2') {
  const model = new M2Model().load(bytes(first));
  const skin = new M2SkinProfile(model).load(bytes(second));
  theirs = {
    bounds: box(model.bounds.extent, model.bounds.radius),
    collisionBounds: box(model.collisionBounds.extent, model.collisionBounds.radius),
    vertexCount: model.vertices.byteLength / 48,
    sequenceCount: model.sequences.length,
    skinVertexCount: skin.vertices.length,
    triangleCount: skin.indices.length / 3,
    textures: model.textures.map((t) => ({ type: t.component, fileName: t.filename })),
  };
} else {
  const mohd = wowserRootChunks.read(openStream(bytes(first), IoMode.Read)).find((c) => c.tag === 'MOHD').value;
  const mogp = wowserGroupChunks.read(openStream(bytes(second), IoMode.Read)).find((c) => c.tag === 'MOGP').value;
  const group = new MapObjGroup().load(bytes(second));
  const mapObj = new MapObj().load(bytes(first));
  theirs = {
    bounds: box(mohd.boundingBox, 0),
    groupCount: mohd.groupCount,
    materialCount: wowserRootChunks.read(openStream(bytes(first), IoMode.Read)).find((c) => c.tag === 'MOMT').value.length,
    materialTextures: mapObj.materials.map((m) => m.textures),
    groupNames: mapObj.groupInfo.map((g) => g.name ?? null),
    group: {
      bounds: box(mogp.header.boundingBox, 0),
      vertexCount: group.vertices.length / 3,
      triangleCount: group.indices.length / 3,
      batchCount: group.batches.length,
    },
  };
}

// Compares every field of `want` (the independent reader) with `got` (Mapsmith), numbers exactly.
const problems = [];
function compare(path, want, got) {
  if (Array.isArray(want) && (!Array.isArray(got) || got.length !== want.length)) {
    problems.push(`${path}: @wowserhq/format ${want.length} entries, Mapsmith ${JSON.stringify(got)}`);
  } else if (Array.isArray(want) || (want && typeof want === 'object')) {
    for (const key of Object.keys(want)) compare(`${path}.${key}`, want[key], got?.[key]);
  } else if (want !== got) {
    problems.push(`${path}: @wowserhq/format ${JSON.stringify(want)}, Mapsmith ${JSON.stringify(got)}`);
  }
}
compare(kind, theirs, ours);
if (problems.length > 0) {
  console.error(`${problems.length} difference(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`${kind}: ${first} and ${second} agree (${JSON.stringify(theirs).length} bytes of fields compared)`);
