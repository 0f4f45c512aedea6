#include "core/convert/wmb_textures.h"

#include "io/assets/blp.h"
#include "io/gamestudio/wmb.h"

#include <algorithm>
#include <cmath>

namespace mapsmith::core {

namespace {

bool isAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool anyTransparent(std::span<const std::uint8_t> rgba) {
    for (std::size_t i = 3; i < rgba.size(); i += 4) {
        if (rgba[i] != 255) {
            return true;
        }
    }
    return false;
}

} // namespace

std::string wmbTextureStem(std::string_view name) {
    std::size_t first = 0;
    while (first < name.size() && !isAlnum(name[first])) {
        ++first;
    }
    std::string out;
    for (std::size_t i = first; i < name.size(); ++i) {
        const char c = name[i];
        out.push_back(isAlnum(c) || c == '_' || c == '-' ? c : '_');
    }
    return out.empty() ? std::string("texture") : out;
}

std::uint32_t nearestPowerOfTwo(std::uint32_t side) {
    std::uint32_t p = 1;
    // Up while the next power is nearer on a log scale: side >= p * sqrt(2), i.e. side^2 >= 2 p^2.
    while (p < kWmbTextureMaxSide && std::uint64_t(side) * side >= 2 * std::uint64_t(p) * p) {
        p *= 2;
    }
    return p;
}

namespace {

// A whole pixel coordinate wrapped into 0..side-1 (the texture repeats).
std::size_t wrapIndex(double v, std::uint32_t side) {
    const auto m = std::int64_t(v) % std::int64_t(side);
    return std::size_t(m < 0 ? m + side : m);
}

} // namespace

std::vector<std::uint8_t> resampleRgbaWrapped(std::span<const std::uint8_t> rgba, std::uint32_t width,
                                              std::uint32_t height, std::uint32_t newWidth,
                                              std::uint32_t newHeight) {
    std::vector<std::uint8_t> out(std::size_t(newWidth) * newHeight * 4);
    if (width == 0 || height == 0 || rgba.size() < std::size_t(width) * height * 4) {
        return out;
    }
    const double sx = double(width) / newWidth;
    const double sy = double(height) / newHeight;
    for (std::uint32_t y = 0; y < newHeight; ++y) {
        // Pixel centres map onto pixel centres.
        const double fy = (y + 0.5) * sy - 0.5;
        const double y0f = std::floor(fy);
        const double ty = fy - y0f;
        const std::size_t y0 = wrapIndex(y0f, height);
        const std::size_t y1 = wrapIndex(y0f + 1, height);
        for (std::uint32_t x = 0; x < newWidth; ++x) {
            const double fx = (x + 0.5) * sx - 0.5;
            const double x0f = std::floor(fx);
            const double tx = fx - x0f;
            const std::size_t x0 = wrapIndex(x0f, width);
            const std::size_t x1 = wrapIndex(x0f + 1, width);
            for (std::size_t c = 0; c < 4; ++c) {
                const auto at = [&](std::size_t px, std::size_t py) {
                    return double(rgba[(py * width + px) * 4 + c]);
                };
                const double top = at(x0, y0) * (1 - tx) + at(x1, y0) * tx;
                const double bottom = at(x0, y1) * (1 - tx) + at(x1, y1) * tx;
                const double v = top * (1 - ty) + bottom * ty;
                out[(std::size_t(y) * newWidth + x) * 4 + c] =
                    std::uint8_t(std::clamp(std::lround(v), 0L, 255L));
            }
        }
    }
    return out;
}

WmbTextureBlp convertWmbTexture(const io::WmbTexture& texture, std::vector<std::string>& warnings) {
    WmbTextureBlp out;
    io::BlpImage image;
    const auto& skin = texture.skin;
    if (!skin.decoded() || skin.imageWidth == 0 || skin.imageHeight == 0) {
        warnings.push_back("texture \"" + texture.name + "\" (type " + std::to_string(skin.type) +
                           ") was not decoded: drawn with a grey stand-in");
        image.width = kWmbStandInSide;
        image.height = kWmbStandInSide;
        std::vector<std::uint8_t> grey(std::size_t(kWmbStandInSide) * kWmbStandInSide * 4, kWmbStandInGrey);
        for (std::size_t i = 3; i < grey.size(); i += 4) {
            grey[i] = 255;
        }
        image.mips.push_back(std::move(grey));
        out.standIn = true;
    } else {
        const std::uint32_t w = nearestPowerOfTwo(skin.imageWidth);
        const std::uint32_t h = nearestPowerOfTwo(skin.imageHeight);
        image.width = w;
        image.height = h;
        if (w == skin.imageWidth && h == skin.imageHeight) {
            image.mips.push_back(skin.rgba.front());
        } else {
            warnings.push_back("texture \"" + texture.name + "\" is " + std::to_string(skin.imageWidth) +
                               "x" + std::to_string(skin.imageHeight) + ", resampled to " +
                               std::to_string(w) + "x" + std::to_string(h) +
                               " (the client needs power-of-two sides)");
            image.mips.push_back(
                resampleRgbaWrapped(skin.rgba.front(), skin.imageWidth, skin.imageHeight, w, h));
        }
    }
    out.width = image.width;
    out.height = image.height;
    out.hasAlpha = anyTransparent(image.mips.front());
    out.bytes = io::writeBlp2(image, out.hasAlpha ? io::BlpWriteFormat::Dxt5 : io::BlpWriteFormat::Dxt1);
    return out;
}

} // namespace mapsmith::core
