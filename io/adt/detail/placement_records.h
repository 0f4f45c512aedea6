#pragma once
// MDDF and MODF entries, read field by field: the same 36- and 64-byte records in v18 tiles and in the
// tiles of a 0.5.3 alpha WDT. Bounds are the caller's: it checks the bytes left before reading.

#include "io/adt/adt.h"
#include "io/binary/byte_reader.h"

#include <cstddef>

namespace mapsmith::io {

inline constexpr std::size_t kDoodadRecordSize = 36;
inline constexpr std::size_t kMapObjectRecordSize = 64;

Vec3f readVec3(ByteReader& r);
void readDoodadRecord(ByteReader& r, DoodadPlacement& d);
void readMapObjectRecord(ByteReader& r, MapObjectPlacement& m);

} // namespace mapsmith::io
