#include "core/render/terrain_look.h"

namespace mapsmith::core {

LiquidKind liquidKind(std::uint16_t liquidType) {
    if (liquidType >= 1 && liquidType <= 20) {
        return LiquidKind((liquidType - 1) % 4);
    }
    return LiquidKind::Water;
}

std::array<float, 4> liquidColour(LiquidKind kind) {
    switch (kind) {
    case LiquidKind::Water:
        return {0.20f, 0.45f, 0.85f, 0.55f};
    case LiquidKind::Ocean:
        return {0.05f, 0.15f, 0.45f, 0.70f};
    case LiquidKind::Magma:
        return {1.00f, 0.45f, 0.05f, 0.90f};
    case LiquidKind::Slime:
        return {0.35f, 0.85f, 0.20f, 0.75f};
    }
    return {1.0f, 1.0f, 1.0f, 1.0f};
}

} // namespace mapsmith::core
