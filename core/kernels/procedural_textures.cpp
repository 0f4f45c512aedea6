#include "core/kernels/procedural_textures.h"

#include <QColor>

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace mapsmith::core {
namespace {

std::uint32_t latticeHash(std::uint32_t x, std::uint32_t y, std::uint32_t seed) {
    std::uint32_t h = x * 0x8DA6B343u ^ y * 0xD8163841u ^ seed * 0xCB1AB31Fu;
    h ^= h >> 13;
    h *= 0x5BD1E995u;
    h ^= h >> 15;
    return h;
}

// Tileable value noise in [0, 1] with `cells` lattice cells across the image.
double noise(double u, double v, int cells, std::uint32_t seed) {
    const double x = u * cells;
    const double y = v * cells;
    const int x0 = int(std::floor(x));
    const int y0 = int(std::floor(y));
    const double fx = x - x0;
    const double fy = y - y0;
    auto at = [&](int i, int j) {
        const auto wi = std::uint32_t(((i % cells) + cells) % cells);
        const auto wj = std::uint32_t(((j % cells) + cells) % cells);
        return double(latticeHash(wi, wj, seed) & 0xFFFF) / 65535.0;
    };
    auto smooth = [](double t) { return t * t * (3.0 - 2.0 * t); };
    const double sx = smooth(fx);
    const double sy = smooth(fy);
    const double a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
    const double b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
    return a + (b - a) * sy;
}

double fbm(double u, double v, int cells, std::uint32_t seed, int octaves) {
    double sum = 0.0;
    double amp = 0.5;
    double norm = 0.0;
    for (int o = 0; o < octaves; ++o) {
        sum += amp * noise(u, v, cells << o, seed + std::uint32_t(o));
        norm += amp;
        amp *= 0.5;
    }
    return sum / norm;
}

glm::dvec3 shade(TerrainTexture kind, double u, double v) {
    switch (kind) {
    case TerrainTexture::Grass: {
        const double n = fbm(u, v, 8, 11, 4);
        const double blades = noise(u, v, 64, 12);
        return glm::mix(glm::dvec3(0.16, 0.33, 0.10), glm::dvec3(0.38, 0.58, 0.20), n) *
               (0.85 + 0.3 * blades);
    }
    case TerrainTexture::Rock: {
        const double n = fbm(u, v, 4, 21, 5);
        const double cracks = std::abs(noise(u, v, 12, 22) - 0.5) < 0.015 ? 0.75 : 1.0;
        return glm::mix(glm::dvec3(0.30, 0.29, 0.28), glm::dvec3(0.62, 0.60, 0.56), n) * cracks;
    }
    case TerrainTexture::Dirt: {
        const double n = fbm(u, v, 6, 31, 4);
        const double pebbles = noise(u, v, 48, 32) > 0.8 ? 1.25 : 1.0;
        return glm::mix(glm::dvec3(0.30, 0.20, 0.12), glm::dvec3(0.50, 0.37, 0.24), n) * pebbles;
    }
    case TerrainTexture::Sand: {
        const double ripples = 0.5 + 0.5 * std::sin((v * 24.0 + 2.0 * fbm(u, v, 4, 41, 3)) * 6.2831853);
        const double n = fbm(u, v, 16, 42, 3);
        return glm::mix(glm::dvec3(0.70, 0.62, 0.42), glm::dvec3(0.86, 0.79, 0.58), 0.6 * n + 0.4 * ripples);
    }
    }
    return {1.0, 0.0, 1.0};
}

// Pattern brightness in [0, 1] of one of four kinds, tileable (integer frequencies only).
double pattern(int kind, double u, double v, std::uint32_t seed) {
    constexpr double tau = 2.0 * std::numbers::pi;
    switch (kind) {
    case 0: { // bricks / cobbles
        const double row = std::floor(v * 8.0);
        const double shifted = u * 8.0 + (int(row) % 2 ? 0.5 : 0.0);
        const double fu = shifted - std::floor(shifted);
        const double fv = v * 8.0 - row;
        return (fu < 0.08 || fv < 0.12) ? 0.25 : 0.8 + 0.2 * noise(u, v, 8, seed + 7);
    }
    case 1: // diagonal stripes
        return 0.5 + 0.5 * std::sin(tau * 6.0 * (u + v) + tau * noise(u, v, 4, seed + 3));
    case 2: { // spots
        const double n = noise(u, v, 16, seed + 5);
        return n > 0.62 ? 1.0 : 0.45 + 0.3 * n;
    }
    default: // ripples
        return 0.5 + 0.5 * std::sin(tau * 10.0 * v + 2.0 * tau * noise(u, v, 3, seed + 9));
    }
}

} // namespace

QImage makeTerrainTexture(TerrainTexture kind, int size) {
    QImage image(size, size, QImage::Format_RGB32);
    for (int y = 0; y < size; ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < size; ++x) {
            const glm::dvec3 c = glm::clamp(shade(kind, double(x) / size, double(y) / size), 0.0, 1.0);
            line[x] = qRgb(int(std::lround(c.r * 255.0)), int(std::lround(c.g * 255.0)),
                           int(std::lround(c.b * 255.0)));
        }
    }
    return image;
}

QString terrainTexturePath(TerrainTexture kind) {
    switch (kind) {
    case TerrainTexture::Grass:
        return QStringLiteral("Tileset\\Mapsmith\\Grass.blp");
    case TerrainTexture::Rock:
        return QStringLiteral("Tileset\\Mapsmith\\Rock.blp");
    case TerrainTexture::Dirt:
        return QStringLiteral("Tileset\\Mapsmith\\Dirt.blp");
    case TerrainTexture::Sand:
        return QStringLiteral("Tileset\\Mapsmith\\Sand.blp");
    }
    return {};
}

std::optional<TerrainTexture> terrainTextureFromPath(const QString& mtexPath) {
    for (auto kind :
         {TerrainTexture::Grass, TerrainTexture::Rock, TerrainTexture::Dirt, TerrainTexture::Sand}) {
        if (mtexPath.compare(terrainTexturePath(kind), Qt::CaseInsensitive) == 0 ||
            QString(mtexPath)
                    .replace(QLatin1Char('/'), QLatin1Char('\\'))
                    .compare(terrainTexturePath(kind), Qt::CaseInsensitive) == 0) {
            return kind;
        }
    }
    return std::nullopt;
}

std::uint32_t textureNameHash(const QString& mtexPath) {
    // A named copy: replace() returns a reference into its object, which must outlive the loop.
    QString normalised = mtexPath.toLower();
    normalised.replace(QLatin1Char('/'), QLatin1Char('\\'));
    std::uint32_t h = 2166136261u;
    for (const QChar ch : std::as_const(normalised)) {
        h = (h ^ ch.unicode()) * 16777619u;
    }
    return h;
}

QImage makePlaceholderTexture(const QString& mtexPath, int size) {
    const std::uint32_t hash = textureNameHash(mtexPath);
    const double hue = double(hash % 360u);
    const int kind = int((hash >> 9) % 4u);
    const std::uint32_t seed = hash >> 11;
    const QColor dark = QColor::fromHsvF(float(hue / 360.0), 0.55f, 0.35f);
    const QColor light = QColor::fromHsvF(float(hue / 360.0), 0.40f, 0.85f);
    QImage image(size, size, QImage::Format_RGB32);
    for (int y = 0; y < size; ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < size; ++x) {
            const double u = double(x) / size;
            const double v = double(y) / size;
            const double grain = 0.5 * noise(u, v, 8, seed) + 0.3 * noise(u, v, 32, seed + 1) + 0.2;
            const double t = std::clamp(0.55 * pattern(kind, u, v, seed) + 0.45 * grain, 0.0, 1.0);
            const auto lerp = [&](float a, float b) { return int(std::lround((a + (b - a) * t) * 255.0)); };
            line[x] = qRgb(lerp(dark.redF(), light.redF()), lerp(dark.greenF(), light.greenF()),
                           lerp(dark.blueF(), light.blueF()));
        }
    }
    return image;
}

} // namespace mapsmith::core
