#include "core/repair/tile_rules.h"

#include <algorithm>
#include <string>

namespace mapsmith::core {
namespace {

// A change naming `chunks` (MCNK indices), or nullopt when none changed.
std::optional<RepairChange> changeOf(std::string rule, io::FourCC chunk, std::string message,
                                     std::vector<std::uint32_t> chunks) {
    if (chunks.empty()) {
        return std::nullopt;
    }
    RepairChange c{std::move(rule), chunk, std::move(message), chunks.size(), std::move(chunks), {}};
    return c;
}

// The part of `values` (row-major rows of `oldRow` entries) in the first `rows` rows and `columns` columns.
template <class T>
std::vector<T> cropRows(const std::vector<T>& values, std::size_t oldRow, std::size_t rows,
                        std::size_t columns) {
    if (values.empty()) {
        return {};
    }
    std::vector<T> out;
    out.reserve(rows * columns);
    for (std::size_t y = 0; y < rows; ++y) {
        for (std::size_t x = 0; x < columns; ++x) {
            const std::size_t i = y * oldRow + x;
            out.push_back(i < values.size() ? values[i] : T{});
        }
    }
    return out;
}

// Clips one instance into its chunk; false when nothing of it lies inside.
bool clipInstance(io::LiquidInstance& in) {
    const std::size_t width = in.xOffset < 8 ? std::min<std::size_t>(in.width, 8u - in.xOffset) : 0;
    const std::size_t height = in.yOffset < 8 ? std::min<std::size_t>(in.height, 8u - in.yOffset) : 0;
    if (width == 0 || height == 0) {
        return false;
    }
    if (in.existsBitmap) {
        const std::vector<std::uint8_t>& old = *in.existsBitmap;
        std::vector<std::uint8_t> bits((width * height + 7) / 8, 0);
        for (std::size_t y = 0; y < height; ++y) {
            for (std::size_t x = 0; x < width; ++x) {
                const std::size_t from = y * in.width + x;
                const bool set = from / 8 < old.size() && (old[from / 8] >> (from % 8) & 1) != 0;
                const std::size_t to = y * width + x;
                bits[to / 8] |= std::uint8_t(set ? 1u << (to % 8) : 0u);
            }
        }
        in.existsBitmap = std::move(bits);
    }
    const std::size_t oldRow = std::size_t(in.width) + 1;
    in.heights = cropRows(in.heights, oldRow, height + 1, width + 1);
    in.depths = cropRows(in.depths, oldRow, height + 1, width + 1);
    in.uvs = cropRows(in.uvs, oldRow, height + 1, width + 1);
    in.width = std::uint8_t(width);
    in.height = std::uint8_t(height);
    return true;
}

} // namespace

std::vector<RepairChange> repairMcnkFlags(io::Adt& adt) {
    std::vector<std::uint32_t> colourSet;
    std::vector<std::uint32_t> colourCleared;
    std::vector<std::uint32_t> shadowSet;
    std::vector<std::uint32_t> shadowCleared;
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        io::MapChunk& c = adt.chunks[i];
        const bool colourFlag = (c.flags & io::mcnk_flags::HasVertexColors) != 0;
        if (colourFlag != c.vertexColors.has_value()) {
            (c.vertexColors ? colourSet : colourCleared).push_back(std::uint32_t(i));
            c.flags ^= io::mcnk_flags::HasVertexColors;
        }
        const bool shadowFlag = (c.flags & io::mcnk_flags::HasShadow) != 0;
        if (shadowFlag != c.shadow.has_value()) {
            (c.shadow ? shadowSet : shadowCleared).push_back(std::uint32_t(i));
            c.flags ^= io::mcnk_flags::HasShadow;
        }
    }
    std::vector<RepairChange> out;
    for (auto change :
         {changeOf("mcnk-flags", io::chunk::MCNK,
                   "has_mccv (0x40) set where MCCV is present: the client now shows those vertex colours",
                   std::move(colourSet)),
          changeOf("mcnk-flags", io::chunk::MCNK, "has_mccv (0x40) cleared where there is no MCCV",
                   std::move(colourCleared)),
          changeOf("mcnk-flags", io::chunk::MCNK,
                   "has_mcsh (0x1) set where MCSH is present: the client now shows those shadows",
                   std::move(shadowSet)),
          changeOf("mcnk-flags", io::chunk::MCNK, "has_mcsh (0x1) cleared where there is no MCSH",
                   std::move(shadowCleared))}) {
        if (change) {
            out.push_back(std::move(*change));
        }
    }
    return out;
}

std::optional<RepairChange> repairMcnrSize(io::Adt& adt) {
    std::vector<std::uint32_t> changed;
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        if (adt.chunks[i].v18McnrDeclares448) {
            adt.chunks[i].v18McnrDeclares448 = false;
            changed.push_back(std::uint32_t(i));
        }
    }
    return changeOf("mcnr-size", io::chunk::MCNR,
                    "MCNR declares 435 bytes with the 13 padding bytes after it (was 448 with them inside)",
                    std::move(changed));
}

std::optional<RepairChange> repairMcnkIndices(io::Adt& adt) {
    std::vector<std::uint32_t> changed;
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        io::MapChunk& c = adt.chunks[i];
        const auto x = std::uint32_t(i % io::kChunksPerSide);
        const auto y = std::uint32_t(i / io::kChunksPerSide);
        if (c.indexX != x || c.indexY != y) {
            c.indexX = x;
            c.indexY = y;
            changed.push_back(std::uint32_t(i));
        }
    }
    return changeOf("mcnk-index", io::chunk::MCNK, "indexX/indexY set to the MCNK's place in the tile",
                    std::move(changed));
}

std::optional<RepairChange> clipLiquidsToChunks(io::Adt& adt) {
    if (!adt.liquids) {
        return std::nullopt;
    }
    std::vector<std::uint32_t> changed;
    std::uint64_t clipped = 0;
    std::uint64_t removed = 0;
    for (std::size_t c = 0; c < adt.liquids->chunks.size(); ++c) {
        auto& instances = adt.liquids->chunks[c].instances;
        bool touched = false;
        for (auto it = instances.begin(); it != instances.end();) {
            if (it->xOffset + it->width <= 8 && it->yOffset + it->height <= 8) {
                ++it;
                continue;
            }
            touched = true;
            if (clipInstance(*it)) {
                ++clipped;
                ++it;
            } else {
                ++removed;
                it = instances.erase(it);
            }
        }
        if (touched) {
            changed.push_back(std::uint32_t(c));
        }
    }
    auto change =
        changeOf("mh2o-rectangle", io::chunk::MH2O,
                 std::to_string(clipped) + " MH2O instance(s) clipped to their 8x8 chunk" +
                     (removed > 0 ? ", " + std::to_string(removed) + " removed (wholly outside)" : ""),
                 std::move(changed));
    if (change) {
        change->count = clipped + removed;
    }
    return change;
}

std::vector<RepairChange> repairTileContent(io::Adt& adt, bool v18) {
    std::vector<RepairChange> out = repairMcnkFlags(adt);
    if (v18) {
        if (auto c = repairMcnrSize(adt)) {
            out.push_back(std::move(*c));
        }
    }
    if (auto c = repairMcnkIndices(adt)) {
        out.push_back(std::move(*c));
    }
    if (auto c = clipLiquidsToChunks(adt)) {
        out.push_back(std::move(*c));
    }
    return out;
}

} // namespace mapsmith::core
