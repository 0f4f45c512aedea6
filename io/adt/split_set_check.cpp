#include "io/adt/split_set_check.h"

#include "io/adt/adt.h"
#include "io/adt/mcnk_shape.h"
#include "io/binary/byte_reader.h"
#include "io/binary/chunk_id.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace mapsmith::io {
namespace {

constexpr std::size_t kMclyEntrySize = 16;
constexpr std::size_t kRefSize = 4;

// What one MCNK of one file says about chunk i.
struct Piece {
    std::uint64_t at = 0; // absolute offset of the MCNK's chunk header
    bool hasHeader = false;
    std::uint32_t nLayers = 0, nDoodadRefs = 0, nMapObjRefs = 0; // from the header
    std::optional<std::uint64_t> layers, doodadRefs, objectRefs; // MCLY / MCRD / MCRW entries held
};

// The first 256 MCNKs of a file; empty when the file is no chunk stream.
std::vector<Piece> piecesOf(std::span<const std::byte> file) {
    std::vector<Piece> out;
    if (checkFirstChunk(file, chunk::MVER)) {
        return out;
    }
    ByteReader r(file);
    while (r.remaining() >= 8 && out.size() < std::size_t(kChunksPerTile)) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        if (!isPlausibleChunkId(id) || size > r.remaining()) {
            break;
        }
        const auto data = r.take(size);
        if (id != chunk::MCNK) {
            continue;
        }
        Piece p;
        p.at = at;
        if (const auto subs = headerlessSubchunks(data)) {
            for (const McnkSubchunk& s : *subs) {
                const std::uint64_t n = s.size;
                if (s.id == chunk::MCLY) {
                    p.layers = n / kMclyEntrySize;
                } else if (s.id == chunk::MCRD) {
                    p.doodadRefs = n / kRefSize;
                } else if (s.id == chunk::MCRW) {
                    p.objectRefs = n / kRefSize;
                }
            }
        } else if (data.size() >= kMcnkHeaderSize) {
            ByteReader h(data);
            p.hasHeader = true;
            h.seek(0x0C);
            p.nLayers = h.u32();
            p.nDoodadRefs = h.u32();
            h.seek(0x38);
            p.nMapObjRefs = h.u32();
        }
        out.push_back(p);
    }
    return out;
}

// The chunks whose root header count disagrees with the partner's entries.
struct Disagreement {
    std::size_t count = 0;
    std::size_t first = 0; // chunk index
    std::string detail;    // of the first
};

} // namespace

std::vector<Error> checkSplitSet(std::span<const std::byte> root, std::span<const std::byte> tex0,
                                 std::span<const std::byte> obj0) {
    const std::array<std::vector<Piece>, 3> files{piecesOf(root), piecesOf(tex0), piecesOf(obj0)};
    for (const auto& f : files) {
        if (f.size() != std::size_t(kChunksPerTile)) {
            return {}; // a missing or damaged file: the reader names it
        }
    }
    const std::vector<Piece>& header = files[0];
    bool rootCountsLayers = false, rootCountsRefs = false;
    for (const Piece& p : header) {
        if (!p.hasHeader) {
            return {}; // not the canonical layout (headers elsewhere): nothing to compare with
        }
        rootCountsLayers |= p.nLayers != 0;
        rootCountsRefs |= p.nDoodadRefs != 0 || p.nMapObjRefs != 0;
    }
    // Which partner holds each kind of sub-chunk (the spec puts MCLY in tex0, MCRD/MCRW in obj0, but the
    // reader accepts them anywhere); 0: none holds any, not compared (they may sit in the root itself).
    const auto holder = [&files](auto has) -> std::size_t {
        for (std::size_t f = 1; f < files.size(); ++f) {
            if (std::any_of(files[f].begin(), files[f].end(), has)) {
                return f;
            }
        }
        return 0;
    };
    const std::size_t layerFile = holder([](const Piece& p) { return p.layers.has_value(); });
    const std::size_t refFile =
        holder([](const Piece& p) { return p.doodadRefs.has_value() || p.objectRefs.has_value(); });
    Disagreement layers, refs;
    const auto note = [](Disagreement& d, std::size_t i, std::string detail) {
        if (d.count++ == 0) {
            d.first = i;
            d.detail = std::move(detail);
        }
    };
    for (std::size_t i = 0; i < header.size(); ++i) {
        const Piece& h = header[i];
        if (rootCountsLayers && layerFile != 0) {
            const std::uint64_t held = files[layerFile][i].layers.value_or(0);
            if (h.nLayers != held) {
                note(layers, i,
                     "MCNK " + std::to_string(i) + ": nLayers " + std::to_string(h.nLayers) +
                         ", MCLY holds " + std::to_string(held));
            }
        }
        if (rootCountsRefs && refFile != 0) {
            const std::uint64_t doodads = files[refFile][i].doodadRefs.value_or(0);
            const std::uint64_t objects = files[refFile][i].objectRefs.value_or(0);
            if (h.nDoodadRefs != doodads || h.nMapObjRefs != objects) {
                note(refs, i,
                     "MCNK " + std::to_string(i) + ": nDoodadRefs " + std::to_string(h.nDoodadRefs) +
                         " and nMapObjRefs " + std::to_string(h.nMapObjRefs) + ", MCRD holds " +
                         std::to_string(doodads) + " and MCRW " + std::to_string(objects));
            }
        }
    }
    const auto of = [](const Disagreement& d) {
        return std::to_string(d.count) + " of 256 chunks (first " + d.detail + ")";
    };
    const std::string tail = ": the files come from different saves of the tile";
    std::vector<Error> out;
    static constexpr const char* kNames[] = {"root", "tex0", "obj0"};
    if (layers.count != 0 && refs.count != 0 && layerFile != refFile) {
        out.push_back(
            Error{ErrorCode::BadValue, chunk::MCNK, header[layers.first].at,
                  "the root's MCNK headers disagree with both partners: with the texture layers in " +
                      of(layers) + ", with the references in " + of(refs) + tail,
                  "root"});
    } else if (layers.count != 0) {
        out.push_back(Error{ErrorCode::BadValue, chunk::MCNK, files[layerFile][layers.first].at,
                            "texture layers disagree with the root's MCNK headers in " + of(layers) + tail,
                            kNames[layerFile]});
    } else if (refs.count != 0) {
        out.push_back(
            Error{ErrorCode::BadValue, chunk::MCNK, files[refFile][refs.first].at,
                  "doodad and object references disagree with the root's MCNK headers in " + of(refs) + tail,
                  kNames[refFile]});
    }
    return out;
}

} // namespace mapsmith::io
