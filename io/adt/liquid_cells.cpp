#include "io/adt/liquid_cells.h"

#include "io/adt/mclq.h"

#include <cstdio>

namespace mapsmith::io {
namespace {

using Json = nlohmann::ordered_json;

// Vertex indices (9 x 9, row-major) of a cell's corners NW, NE, SW, SE.
std::array<int, 4> corners(int x, int y, int stride) {
    return {y * stride + x, y * stride + x + 1, (y + 1) * stride + x, (y + 1) * stride + x + 1};
}

LiquidCellLayer fromMclq(const MclqLayer& l) {
    LiquidCellLayer out;
    out.type = mclqLiquidType(l.kind);
    const bool withDepth = l.kind == MclqKind::River || l.kind == MclqKind::Ocean;
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            if (!l.shown(x, y)) {
                continue;
            }
            LiquidCell c;
            c.x = std::uint8_t(x);
            c.y = std::uint8_t(y);
            const auto at = corners(x, y, 9);
            std::array<std::uint8_t, 4> depths{};
            std::array<std::array<std::uint16_t, 2>, 4> uvs{};
            for (std::size_t k = 0; k < 4; ++k) {
                const MclqVertex& v = l.vertices[std::size_t(at[k])];
                c.heights[k] = v.height;
                depths[k] = v.depth();
                uvs[k] = {v.s(), v.t()};
            }
            if (withDepth) {
                c.depths = depths;
            } else {
                c.uvs = uvs;
            }
            out.cells.push_back(c);
        }
    }
    return out;
}

bool exists(const LiquidInstance& in, int rx, int ry) {
    if (!in.existsBitmap) {
        return true;
    }
    const std::size_t bit = std::size_t(ry * in.width + rx);
    return bit / 8 < in.existsBitmap->size() && (((*in.existsBitmap)[bit / 8] >> (bit % 8)) & 1) != 0;
}

LiquidCellLayer fromMh2o(const LiquidInstance& in) {
    LiquidCellLayer out;
    out.type = in.liquidType;
    const int stride = in.width + 1;
    for (int ry = 0; ry < in.height; ++ry) {
        for (int rx = 0; rx < in.width; ++rx) {
            const int x = in.xOffset + rx;
            const int y = in.yOffset + ry;
            if (!exists(in, rx, ry) || x >= 8 || y >= 8) {
                continue;
            }
            LiquidCell c;
            c.x = std::uint8_t(x);
            c.y = std::uint8_t(y);
            const auto at = corners(rx, ry, stride);
            std::array<std::uint8_t, 4> depths{};
            std::array<std::array<std::uint16_t, 2>, 4> uvs{};
            for (std::size_t k = 0; k < 4; ++k) {
                const auto i = std::size_t(at[k]);
                c.heights[k] = i < in.heights.size() ? in.heights[i] : in.minHeight;
                depths[k] = i < in.depths.size() ? in.depths[i] : 0;
                uvs[k] = i < in.uvs.size() ? std::array<std::uint16_t, 2>{in.uvs[i].u, in.uvs[i].v}
                                           : std::array<std::uint16_t, 2>{0, 0};
            }
            if (!in.depths.empty()) {
                c.depths = depths;
            }
            if (!in.uvs.empty()) {
                c.uvs = uvs;
            }
            out.cells.push_back(c);
        }
    }
    return out;
}

std::uint64_t shownCells(const ChunkLiquidCells& chunk) {
    std::uint64_t mask = 0;
    for (const LiquidCellLayer& l : chunk.layers) {
        for (const LiquidCell& c : l.cells) {
            mask |= std::uint64_t(1) << (c.y * 8 + c.x);
        }
    }
    return mask;
}

} // namespace

Expected<std::vector<ChunkLiquidCells>> liquidCells(const Adt& adt) {
    std::vector<ChunkLiquidCells> out;
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        ChunkLiquidCells chunk;
        chunk.index = int(i);
        const LiquidChunk* lc =
            adt.liquids && i < adt.liquids->chunks.size() ? &adt.liquids->chunks[i] : nullptr;
        if (lc && !lc->instances.empty()) {
            chunk.source = LiquidSource::Mh2o;
            for (const LiquidInstance& in : lc->instances) {
                chunk.layers.push_back(fromMh2o(in));
            }
            if (lc->attributes) {
                chunk.deep = lc->attributes->deep & shownCells(chunk);
            }
        } else if (const MapChunk& c = adt.chunks[i]; c.mclq && !c.mclq->empty()) {
            auto decoded = decodeMclq(*c.mclq, c.flags, int(i));
            if (!decoded) {
                return decoded.error();
            }
            chunk.source = LiquidSource::Mclq;
            std::uint64_t deep = 0;
            for (const MclqLayer& l : decoded->layers) {
                chunk.layers.push_back(fromMclq(l));
                for (int b = 0; b < 64; ++b) {
                    if (l.shown(b % 8, b / 8) && (l.cells[std::size_t(b)] & mclq_cell::Fatigue)) {
                        deep |= std::uint64_t(1) << b;
                    }
                }
            }
            chunk.deep = deep;
        }
        std::erase_if(chunk.layers, [](const LiquidCellLayer& l) { return l.cells.empty(); });
        if (!chunk.layers.empty()) {
            out.push_back(std::move(chunk));
        }
    }
    return out;
}

Json dumpLiquidCells(const std::vector<ChunkLiquidCells>& chunks) {
    Json list = Json::array();
    for (const ChunkLiquidCells& chunk : chunks) {
        Json layers = Json::array();
        for (const LiquidCellLayer& l : chunk.layers) {
            Json cells = Json::array();
            for (const LiquidCell& c : l.cells) {
                Json j;
                j["x"] = c.x;
                j["y"] = c.y;
                j["heights"] = c.heights;
                if (c.depths) {
                    j["depths"] = *c.depths;
                }
                if (c.uvs) {
                    j["uvs"] = *c.uvs;
                }
                cells.push_back(std::move(j));
            }
            layers.push_back(Json{{"type", l.type}, {"cells", std::move(cells)}});
        }
        Json j;
        j["index"] = chunk.index;
        if (chunk.deep) {
            char hex[20];
            std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(*chunk.deep));
            j["deep"] = hex;
        }
        j["layers"] = std::move(layers);
        list.push_back(std::move(j));
    }
    return Json{{"chunks", std::move(list)}};
}

} // namespace mapsmith::io
