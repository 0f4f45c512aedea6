// WMO v17 writer (order rules in wmo_writer.h). Field by field through ByteWriter, the mirror of wmo.cpp and
// wmo_group.cpp; packed lists (indices, positions, UVs, colours) are appended as their bytes.

#include "io/model/wmo_writer.h"

#include "io/binary/byte_writer.h"

#include <algorithm>
#include <array>
#include <span>
#include <type_traits>

namespace mapsmith::io {
namespace {

constexpr FourCC kMver{"MVER"}, kMohd{"MOHD"}, kMotx{"MOTX"}, kMomt{"MOMT"}, kMogn{"MOGN"}, kMogi{"MOGI"},
    kMosb{"MOSB"}, kMods{"MODS"}, kModn{"MODN"}, kModd{"MODD"}, kMcvp{"MCVP"};
constexpr FourCC kMogp{"MOGP"}, kMopy{"MOPY"}, kMovi{"MOVI"}, kMovt{"MOVT"}, kMonr{"MONR"}, kMotv{"MOTV"},
    kMoba{"MOBA"}, kMocv{"MOCV"}, kMliq{"MLIQ"}, kModr{"MODR"};

// The client's root order; MOPV .. MFOG and MCVP are raw chunks (MCVP optional, the rest written even empty).
constexpr std::array<FourCC, 18> kRootOrder = {
    kMver,          kMohd,          kMotx,          kMomt,          kMogn,          kMogi,
    kMosb,          FourCC{"MOPV"}, FourCC{"MOPT"}, FourCC{"MOPR"}, FourCC{"MOVV"}, FourCC{"MOVB"},
    FourCC{"MOLT"}, kMods,          kModn,          kModd,          FourCC{"MFOG"}, kMcvp};
// Optional raw sub-chunks of MOGP in the client's order: after MOBA, between MODR and MOCV, after MLIQ.
constexpr std::array<FourCC, 1> kRawBeforeModr = {FourCC{"MOLR"}};
constexpr std::array<FourCC, 6> kRawBeforeMocv = {FourCC{"MOBN"}, FourCC{"MOBR"}, FourCC{"MPBV"},
                                                  FourCC{"MPBP"}, FourCC{"MPBI"}, FourCC{"MPBG"}};
constexpr std::array<FourCC, 2> kRawAfterMliq = {FourCC{"MORI"}, FourCC{"MORB"}};

template <class F> void chunk(ByteWriter& w, FourCC id, F&& body) {
    const std::size_t at = w.beginChunk(id);
    body();
    w.endChunk(at);
}

// A list of plain numbers or float arrays (no padding) as its bytes; the host is little-endian
// (byte_reader.h).
template <class T> void packed(ByteWriter& w, const std::vector<T>& list) {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) % 2 == 0, "u16, u32 or packed f32 arrays");
    w.bytes(std::as_bytes(std::span(list)));
}

void box(ByteWriter& w, const ModelBounds& b) {
    for (float f : b.min) {
        w.f32(f);
    }
    for (float f : b.max) {
        w.f32(f);
    }
}

// The raw chunks of a struct, each written once: by id in the order's place, the unused ones at the end.
class RawChunks {
public:
    explicit RawChunks(const std::vector<WmoRawChunk>& chunks)
        : mChunks(chunks), mUsed(chunks.size(), false) {}

    // Writes the first unwritten chunk with this id; false when there is none.
    bool writeNext(ByteWriter& w, FourCC id) {
        for (std::size_t k = mFirstUnused; k < mChunks.size(); ++k) {
            if (!mUsed[k] && mChunks[k].id == id) {
                write(w, k);
                return true;
            }
        }
        return false;
    }
    // Writes every unwritten chunk with this id; false when there was none.
    bool writeAll(ByteWriter& w, FourCC id) {
        bool any = false;
        while (writeNext(w, id)) {
            any = true;
        }
        return any;
    }
    void writeRest(ByteWriter& w) {
        for (std::size_t k = mFirstUnused; k < mChunks.size(); ++k) {
            if (!mUsed[k]) {
                write(w, k);
            }
        }
    }

private:
    void write(ByteWriter& w, std::size_t k) {
        mUsed[k] = true;
        chunk(w, mChunks[k].id, [&] { w.bytes(std::span(mChunks[k].data)); });
        while (mFirstUnused < mUsed.size() && mUsed[mFirstUnused]) {
            ++mFirstUnused;
        }
    }

    const std::vector<WmoRawChunk>& mChunks;
    std::vector<bool> mUsed;
    std::size_t mFirstUnused = 0;
};

class RootWriter {
public:
    explicit RootWriter(const WmoRoot& root) : mRoot(root), mRaw(root.otherChunks) {}

    std::vector<std::byte> run() {
        mW.reserve(estimatedSize());
        if (mRoot.chunkOrder.empty()) {
            for (FourCC id : kRootOrder) {
                if (isPart(id)) {
                    part(id);
                } else if (!mRaw.writeAll(mW, id) && id != kMcvp) {
                    chunk(mW, id, [] {}); // required by the client even when there is nothing in it
                }
            }
        } else {
            std::vector<FourCC> written;
            for (FourCC id : mRoot.chunkOrder) {
                if (isPart(id)) {
                    part(id);
                    written.push_back(id);
                } else {
                    mRaw.writeNext(mW, id);
                }
            }
            for (FourCC id : kRootOrder) { // parts the order does not name, when they hold something
                if (isPart(id) && holds(id) &&
                    std::find(written.begin(), written.end(), id) == written.end()) {
                    part(id);
                }
            }
        }
        mRaw.writeRest(mW);
        return mW.take();
    }

private:
    static bool isPart(FourCC id) {
        return id == kMver || id == kMohd || id == kMotx || id == kMomt || id == kMogn || id == kMogi ||
               id == kMosb || id == kMods || id == kModn || id == kModd;
    }
    bool holds(FourCC id) const {
        const WmoRoot& r = mRoot;
        return id == kMver || id == kMohd || (id == kMotx && !r.textures.bytes.empty()) ||
               (id == kMomt && !r.materials.empty()) || (id == kMogn && !r.groupNames.bytes.empty()) ||
               (id == kMogi && !r.groupInfos.empty()) ||
               (id == kMosb && (!r.skybox.empty() || r.skyboxSize)) ||
               (id == kMods && !r.doodadSets.empty()) || (id == kModn && !r.doodadNames.bytes.empty()) ||
               (id == kModd && !r.doodads.empty());
    }
    std::size_t estimatedSize() const {
        std::size_t n = 512 + mRoot.textures.bytes.size() + mRoot.groupNames.bytes.size() +
                        mRoot.doodadNames.bytes.size() + mRoot.skybox.size() +
                        mRoot.materials.size() * kWmoMaterialSize +
                        mRoot.groupInfos.size() * kWmoGroupInfoSize +
                        mRoot.doodadSets.size() * kWmoDoodadSetSize + mRoot.doodads.size() * kWmoDoodadSize;
        for (const WmoRawChunk& c : mRoot.otherChunks) {
            n += 8 + c.data.size();
        }
        return n;
    }

    void part(FourCC id) {
        chunk(mW, id, [&] { body(id); });
    }
    void body(FourCC id);
    void header();
    void skybox();

    const WmoRoot& mRoot;
    RawChunks mRaw;
    ByteWriter mW;
};

void RootWriter::header() {
    const WmoRoot& r = mRoot;
    for (std::uint32_t v : {r.textureCount, r.groupCount, r.portalCount, r.lightCount, r.doodadNameCount,
                            r.doodadDefCount, r.doodadSetCount, r.ambientColor, r.wmoId}) {
        mW.u32(v);
    }
    box(mW, r.bounds);
    mW.u16(r.flags);
    mW.u16(r.lodCount);
}

void RootWriter::skybox() {
    const std::string& name = mRoot.skybox;
    // As stored when the stored size holds the name; else the name, its NUL, zeros to a multiple of 4.
    const std::size_t size = mRoot.skyboxSize && *mRoot.skyboxSize >= name.size()
                                 ? *mRoot.skyboxSize
                                 : (name.size() + 1 + 3) / 4 * 4;
    mW.bytes(std::as_bytes(std::span(name.data(), name.size())));
    mW.zeros(size - name.size());
}

void RootWriter::body(FourCC id) {
    const WmoRoot& r = mRoot;
    const auto block = [&](const WmoStringBlock& b) {
        mW.bytes(std::as_bytes(std::span(b.bytes.data(), b.bytes.size())));
    };
    if (id == kMver) {
        mW.u32(r.version);
    } else if (id == kMohd) {
        header();
    } else if (id == kMotx) {
        block(r.textures);
    } else if (id == kMogn) {
        block(r.groupNames);
    } else if (id == kModn) {
        block(r.doodadNames);
    } else if (id == kMosb) {
        skybox();
    } else if (id == kMomt) {
        for (const WmoMaterial& m : r.materials) {
            for (std::uint32_t v :
                 {m.flags, m.shader, m.blendMode, m.textures[0], m.sidnColor, m.frameSidnColor, m.textures[1],
                  m.diffuseColor, m.groundType, m.textures[2], m.color2, m.flags2}) {
                mW.u32(v);
            }
            mW.zeros(16); // run-time data
        }
    } else if (id == kMogi) {
        for (const WmoGroupInfo& g : r.groupInfos) {
            mW.u32(g.flags);
            box(mW, g.bounds);
            mW.put(g.nameOffset);
        }
    } else if (id == kMods) {
        for (const WmoDoodadSet& s : r.doodadSets) {
            const std::size_t n = std::min(s.name.size(), kWmoDoodadSetNameSize);
            mW.bytes(std::as_bytes(std::span(s.name.data(), n)));
            mW.zeros(kWmoDoodadSetNameSize - n);
            mW.u32(s.firstDoodad);
            mW.u32(s.doodadCount);
            mW.u32(0); // unused
        }
    } else if (id == kModd) {
        for (const WmoDoodad& d : r.doodads) {
            mW.u32((d.nameOffset & 0xFFFFFFu) | std::uint32_t(d.flags) << 24);
            for (float f : d.position) {
                mW.f32(f);
            }
            for (float f : d.rotation) {
                mW.f32(f);
            }
            mW.f32(d.scale);
            mW.u32(d.color);
        }
    }
}

class GroupWriter {
public:
    explicit GroupWriter(const WmoGroup& group) : mGroup(group), mRaw(group.otherChunks) {}

    std::vector<std::byte> run() {
        mW.reserve(estimatedSize());
        if (mGroup.chunkOrder.empty()) {
            version();
            chunk(mW, kMogp, [&] {
                header();
                canonicalSubChunks();
                mRaw.writeRest(mW);
            });
            return mW.take();
        }
        bool wroteVersion = false;
        bool wroteGroup = false;
        for (FourCC id : mGroup.chunkOrder) {
            if (id == kMver) {
                version();
                wroteVersion = true;
            } else if (id == kMogp && !wroteGroup) { // a later MOGP is a raw chunk, as the reader keeps it
                chunk(mW, kMogp, [&] {
                    header();
                    orderedSubChunks();
                });
                wroteGroup = true;
            } else {
                mRaw.writeNext(mW, id);
            }
        }
        if (!wroteVersion) {
            version();
        }
        if (!wroteGroup) {
            chunk(mW, kMogp, [&] {
                header();
                orderedSubChunks();
            });
        }
        mRaw.writeRest(mW);
        return mW.take();
    }

private:
    std::size_t estimatedSize() const {
        const WmoGroup& g = mGroup;
        std::size_t n = 256 + g.triangles.size() * 2 + g.indices.size() * 2 + g.vertices.size() * 12 +
                        g.normals.size() * 12 + g.batches.size() * kWmoBatchSize + g.doodadRefs.size() * 2;
        for (const auto& s : g.uvSets) {
            n += 8 + s.size() * 8;
        }
        for (const auto& s : g.colorSets) {
            n += 8 + s.size() * 4;
        }
        if (g.liquid) {
            n += kWmoLiquidHeaderSize + g.liquid->heights.size() * kWmoLiquidVertexSize +
                 g.liquid->tileFlags.size();
        }
        for (const WmoRawChunk& c : g.otherChunks) {
            n += 8 + c.data.size();
        }
        return n;
    }

    void version() {
        chunk(mW, kMver, [&] { mW.u32(mGroup.version); });
    }
    void header();
    void triangles();
    void batches();
    void liquid();
    // MOTV / MOCV: the next set (nothing when all are written).
    void nextUvSet() {
        if (mUvSetsWritten < mGroup.uvSets.size()) {
            chunk(mW, kMotv, [&] { packed(mW, mGroup.uvSets[mUvSetsWritten]); });
            ++mUvSetsWritten;
        }
    }
    void nextColorSet() {
        if (mColorSetsWritten < mGroup.colorSets.size()) {
            chunk(mW, kMocv, [&] { packed(mW, mGroup.colorSets[mColorSetsWritten]); });
            ++mColorSetsWritten;
        }
    }
    // MOPY MOVI MOVT MONR MOBA MODR MLIQ (written whatever they hold).
    void part(FourCC id);
    void canonicalSubChunks();
    void orderedSubChunks();

    const WmoGroup& mGroup;
    RawChunks mRaw;
    ByteWriter mW;
    std::size_t mUvSetsWritten = 0;
    std::size_t mColorSetsWritten = 0;
};

void GroupWriter::header() {
    const WmoGroup& g = mGroup;
    mW.u32(g.nameOffset);
    mW.u32(g.descriptionOffset);
    mW.u32(g.flags);
    box(mW, g.bounds);
    for (std::uint16_t v :
         {g.portalStart, g.portalCount, g.transBatchCount, g.interiorBatchCount, g.exteriorBatchCount}) {
        mW.u16(v);
    }
    mW.u16(0); // padding
    mW.bytes(std::span(g.fogIds));
    mW.u32(g.liquidType);
    mW.u32(g.uniqueId);
    mW.u32(g.flags2);
    mW.u32(0); // unused
}

void GroupWriter::triangles() {
    for (const WmoTriangleInfo& t : mGroup.triangles) {
        mW.u8(t.flags);
        mW.u8(t.material);
    }
}

void GroupWriter::batches() {
    for (const WmoBatch& b : mGroup.batches) {
        for (std::int16_t v : b.box) {
            mW.i16(v);
        }
        mW.u32(b.firstIndex);
        mW.u16(b.indexCount);
        mW.u16(b.firstVertex);
        mW.u16(b.lastVertex);
        mW.u8(b.flags);
        mW.u8(b.material);
    }
}

void GroupWriter::liquid() {
    const WmoLiquid& l = *mGroup.liquid;
    for (std::uint32_t v : {l.xVertices, l.yVertices, l.xTiles, l.yTiles}) {
        mW.u32(v);
    }
    for (float f : l.corner) {
        mW.f32(f);
    }
    mW.u16(l.material);
    // One vertex per height; vertex data a built liquid lacks is zero.
    for (std::size_t i = 0; i < l.heights.size(); ++i) {
        mW.u32(i < l.vertexData.size() ? l.vertexData[i] : 0);
        mW.f32(l.heights[i]);
    }
    mW.bytes(std::span(l.tileFlags));
}

void GroupWriter::part(FourCC id) {
    const WmoGroup& g = mGroup;
    if (id == kMliq) {
        if (g.liquid) {
            chunk(mW, kMliq, [&] { liquid(); });
        }
        return;
    }
    chunk(mW, id, [&] {
        if (id == kMopy) {
            triangles();
        } else if (id == kMovi) {
            packed(mW, g.indices);
        } else if (id == kMovt) {
            packed(mW, g.vertices);
        } else if (id == kMonr) {
            packed(mW, g.normals);
        } else if (id == kMoba) {
            batches();
        } else if (id == kModr) {
            packed(mW, g.doodadRefs);
        }
    });
}

void GroupWriter::canonicalSubChunks() {
    const WmoGroup& g = mGroup;
    for (FourCC id : {kMopy, kMovi, kMovt, kMonr}) {
        part(id);
    }
    if (g.uvSets.empty()) {
        chunk(mW, kMotv, [] {}); // the client reads a first MOTV in every group
    } else {
        nextUvSet();
    }
    part(kMoba);
    for (FourCC id : kRawBeforeModr) {
        mRaw.writeAll(mW, id);
    }
    if (!g.doodadRefs.empty()) {
        part(kModr);
    }
    for (FourCC id : kRawBeforeMocv) {
        mRaw.writeAll(mW, id);
    }
    nextColorSet();
    part(kMliq);
    for (FourCC id : kRawAfterMliq) {
        mRaw.writeAll(mW, id);
    }
    while (mUvSetsWritten < g.uvSets.size()) {
        nextUvSet();
    }
    while (mColorSetsWritten < g.colorSets.size()) {
        nextColorSet();
    }
}

void GroupWriter::orderedSubChunks() {
    const WmoGroup& g = mGroup;
    std::vector<FourCC> written;
    for (FourCC id : g.subChunkOrder) {
        if (id == kMotv) {
            nextUvSet();
        } else if (id == kMocv) {
            nextColorSet();
        } else if (id == kMopy || id == kMovi || id == kMovt || id == kMonr || id == kMoba || id == kModr ||
                   id == kMliq) {
            part(id);
            written.push_back(id);
        } else {
            mRaw.writeNext(mW, id);
        }
    }
    // Parts the order does not name, when they hold something.
    const auto named = [&](FourCC id) {
        return std::find(written.begin(), written.end(), id) != written.end();
    };
    const std::array<std::pair<FourCC, bool>, 7> parts = {{{kMopy, !g.triangles.empty()},
                                                           {kMovi, !g.indices.empty()},
                                                           {kMovt, !g.vertices.empty()},
                                                           {kMonr, !g.normals.empty()},
                                                           {kMoba, !g.batches.empty()},
                                                           {kModr, !g.doodadRefs.empty()},
                                                           {kMliq, g.liquid.has_value()}}};
    for (const auto& [id, holds] : parts) {
        if (holds && !named(id)) {
            part(id);
        }
    }
    while (mUvSetsWritten < g.uvSets.size()) {
        nextUvSet();
    }
    while (mColorSetsWritten < g.colorSets.size()) {
        nextColorSet();
    }
}

} // namespace

std::vector<std::byte> writeWmoRoot(const WmoRoot& root) {
    return RootWriter(root).run();
}

std::vector<std::byte> writeWmoGroup(const WmoGroup& group) {
    return GroupWriter(group).run();
}

} // namespace mapsmith::io
