#include "editor/viewport/chunk_alpha.h"

namespace mapsmith::editor {

bool shadowBit(const std::vector<std::uint8_t>& shadow, int x, int y) {
    const std::size_t byte = std::size_t(y) * 8 + std::size_t(x / 8);
    return byte < shadow.size() && ((shadow[byte] >> (x % 8)) & 1u) != 0;
}

QImage chunkBlendImage(const io::MapChunk& chunk) {
    constexpr int side = int(io::kAlphaSide);
    QImage image(side, side, QImage::Format_RGBA8888);
    const io::AlphaMap* alpha[3] = {nullptr, nullptr, nullptr};
    for (std::size_t layer = 1; layer < chunk.layers.size() && layer < 4; ++layer) {
        if (chunk.layers[layer].hasAlpha) {
            alpha[layer - 1] = &chunk.layers[layer].alpha;
        }
    }
    const std::vector<std::uint8_t>* shadow = io::shadowInUse(chunk); // MCSH only with has_mcsh
    for (int y = 0; y < side; ++y) {
        uchar* row = image.scanLine(y);
        for (int x = 0; x < side; ++x) {
            const std::size_t i = std::size_t(y) * io::kAlphaSide + std::size_t(x);
            uchar* px = row + x * 4;
            for (int c = 0; c < 3; ++c) {
                px[c] = alpha[c] ? (*alpha[c])[i] : 0;
            }
            px[3] = shadow && shadowBit(*shadow, x, y) ? 255 : 0;
        }
    }
    return image;
}

} // namespace mapsmith::editor
