#include "io/adt/detail/placement_records.h"

namespace mapsmith::io {

static_assert(kDoodadRecordSize == 4 + 4 + 3 * 4 + 3 * 4 + 2 + 2, "SMDoodadDef is 36 bytes");
static_assert(kMapObjectRecordSize == 4 + 4 + 4 * 3 * 4 + 4 * 2, "SMMapObjDef is 64 bytes");

Vec3f readVec3(ByteReader& r) {
    Vec3f v;
    v.x = r.f32();
    v.y = r.f32();
    v.z = r.f32();
    return v;
}

void readDoodadRecord(ByteReader& r, DoodadPlacement& d) {
    d.nameIndex = r.u32();
    d.uniqueId = r.u32();
    d.position = readVec3(r);
    d.rotation = readVec3(r);
    d.scale = r.u16();
    d.flags = r.u16();
}

void readMapObjectRecord(ByteReader& r, MapObjectPlacement& m) {
    m.nameIndex = r.u32();
    m.uniqueId = r.u32();
    m.position = readVec3(r);
    m.rotation = readVec3(r);
    m.extentsMin = readVec3(r);
    m.extentsMax = readVec3(r);
    m.flags = r.u16();
    m.doodadSet = r.u16();
    m.nameSet = r.u16();
    m.scale = r.u16();
}

} // namespace mapsmith::io
