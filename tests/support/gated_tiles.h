#pragma once
// Corpus tiles as other tools write them: MCCV and MCSH sub-chunks present in every chunk while the MCNK
// flags that enable them (has_mccv 0x40, has_mcsh 0x1) are clear, so the client ignores them. Used by
// the io, core and viewport tests of flag-gated sub-chunks.

#include "io/adt/adt.h"

#include <cstdint>

namespace mapsmith::tests {

enum class GatedVariant {
    MccvZeros,   // MCCV of all zeros (black if it were used), has_mccv clear
    MccvPattern, // MCCV of a coloured pattern, has_mccv clear
    McshOff,     // the tile's own MCSH kept, has_mcsh clear
    AllOff,      // MCCV of zeros and MCSH, both flags clear
    Stripped,    // neither MCCV nor MCSH, both flags clear: what the client shows for the three above
};

// A coloured, position-dependent MCCV entry (BGRA bytes), never neutral grey.
inline std::uint32_t gatedPatternColour(std::size_t chunk, std::size_t vertex) {
    const auto b = std::uint32_t((chunk * 37 + vertex * 11) & 0xFF);
    const auto g = std::uint32_t((chunk * 5 + vertex * 3) & 0xFF) | 0x01;
    const auto r = std::uint32_t(0x20 + (vertex * 7) % 0xC0);
    return b | g << 8 | r << 16 | 0x40u << 24;
}

inline io::Adt gatedVariant(io::Adt adt, GatedVariant v) {
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        io::MapChunk& c = adt.chunks[i];
        c.flags &= ~(io::mcnk_flags::HasVertexColors | io::mcnk_flags::HasShadow);
        switch (v) {
        case GatedVariant::MccvZeros:
        case GatedVariant::AllOff:
            c.vertexColors.emplace();
            c.vertexColors->fill(0);
            break;
        case GatedVariant::MccvPattern:
            c.vertexColors.emplace();
            for (std::size_t k = 0; k < c.vertexColors->size(); ++k) {
                (*c.vertexColors)[k] = gatedPatternColour(i, k);
            }
            break;
        case GatedVariant::McshOff:
            break;
        case GatedVariant::Stripped:
            c.vertexColors.reset();
            c.shadow.reset();
            break;
        }
        if (v == GatedVariant::MccvZeros || v == GatedVariant::MccvPattern) {
            // Only the colours are under test here: the shadows stay in use as the corpus has them.
            if (c.shadow) {
                c.flags |= io::mcnk_flags::HasShadow;
            }
        }
    }
    return adt;
}

} // namespace mapsmith::tests
