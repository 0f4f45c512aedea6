#include "core/models/model_preview.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace mapsmith::core {

namespace {

struct Rgb {
    float r = 0.0f;
    float g = 0.0f;
    float b = 0.0f;
};

Rgb operator*(Rgb a, Rgb b) {
    return {a.r * b.r, a.g * b.g, a.b * b.b};
}
Rgb operator*(Rgb a, float s) {
    return {a.r * s, a.g * s, a.b * s};
}
Rgb operator+(Rgb a, Rgb b) {
    return {a.r + b.r, a.g + b.g, a.b + b.b};
}

Rgb rgbOf(const QColor& c) {
    return {float(c.redF()), float(c.greenF()), float(c.blueF())};
}

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// Orthographic view: screen x along `right`, screen y along `up`, depth along `toCamera` (larger is
// nearer), then scaled and centred on a side x side raster (row 0 at the top).
struct Camera {
    glm::dvec3 right{0.0};
    glm::dvec3 up{0.0};
    glm::dvec3 toCamera{0.0};
    double scale = 1.0;
    double centreX = 0.0;
    double centreY = 0.0;
    int side = 1;

    glm::dvec3 project(const glm::vec3& p) const {
        const glm::dvec3 q(p);
        return {side * 0.5 + (glm::dot(q, right) - centreX) * scale,
                side * 0.5 - (glm::dot(q, up) - centreY) * scale, glm::dot(q, toCamera)};
    }
};

struct Surface {
    const io::CachedTexture* texture = nullptr; // null: neutral
    ModelBlend blend = ModelBlend::Opaque;
    bool unlit = false;
};

struct Raster {
    int side = 1;
    std::vector<float> depth; // larger is nearer; -inf where nothing was drawn
    std::vector<Rgb> colour;
};

// The first index of each triangle that will be drawn with its surface (batch order).
struct Triangle {
    std::uint32_t first = 0; // into mesh.indices
    std::uint32_t surface = 0;
};

// A texel (nearest, repeating) as colour and alpha 0..1.
Rgb sample(const io::CachedTexture& t, double u, double v, float& alpha) {
    const double fu = u - std::floor(u);
    const double fv = v - std::floor(v);
    const std::uint32_t x = std::min(t.width - 1, std::uint32_t(fu * t.width));
    const std::uint32_t y = std::min(t.height - 1, std::uint32_t(fv * t.height));
    const std::uint8_t* p = t.rgba.data() + (std::size_t(y) * t.width + x) * 4;
    alpha = p[3] / 255.0f;
    return {p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f};
}

Rgb colourOf(std::uint32_t bgra) {
    return {float((bgra >> 16) & 0xFF) / 255.0f, float((bgra >> 8) & 0xFF) / 255.0f,
            float(bgra & 0xFF) / 255.0f};
}

class Rasterizer {
public:
    Rasterizer(const ModelMesh& mesh, const Camera& camera, const ModelPreviewOptions& options,
               Raster& raster)
        : mMesh(mesh), mCamera(camera), mRaster(raster), mNeutral(rgbOf(options.neutral)),
          mAmbient(float(std::clamp(options.ambient, 0.0, 1.0))) {
        const glm::dvec3 l = options.light;
        mLight = glm::length(l) > 1e-9 && std::isfinite(glm::length(l)) ? glm::normalize(l) : camera.toCamera;
        mHasNormals = mesh.normals.size() == mesh.positions.size();
        mHasUvs = mesh.uvs.size() == mesh.positions.size();
        mHasColours = mesh.colours.size() == mesh.positions.size();
    }

    void draw(std::uint32_t first, const Surface& surface, bool transparent) {
        const std::uint32_t i0 = mMesh.indices[first];
        const std::uint32_t i1 = mMesh.indices[first + 1];
        const std::uint32_t i2 = mMesh.indices[first + 2];
        const glm::dvec3 a = mCamera.project(mMesh.positions[i0]);
        const glm::dvec3 b = mCamera.project(mMesh.positions[i1]);
        const glm::dvec3 c = mCamera.project(mMesh.positions[i2]);
        const double area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        if (!(std::abs(area) > 1e-12)) {
            return; // edge-on or degenerate
        }
        const int side = mRaster.side;
        const int x0 = std::max(0, int(std::floor(std::min({a.x, b.x, c.x}))));
        const int x1 = std::min(side - 1, int(std::ceil(std::max({a.x, b.x, c.x}))));
        const int y0 = std::max(0, int(std::floor(std::min({a.y, b.y, c.y}))));
        const int y1 = std::min(side - 1, int(std::ceil(std::max({a.y, b.y, c.y}))));
        if (x0 > x1 || y0 > y1) {
            return;
        }
        // Face normal in model space, for meshes without usable vertex normals.
        glm::dvec3 face = glm::cross(glm::dvec3(mMesh.positions[i1] - mMesh.positions[i0]),
                                     glm::dvec3(mMesh.positions[i2] - mMesh.positions[i0]));
        face = glm::length(face) > 1e-20 ? glm::normalize(face) : mCamera.toCamera;
        const double inv = 1.0 / area;
        for (int y = y0; y <= y1; ++y) {
            const double py = y + 0.5;
            for (int x = x0; x <= x1; ++x) {
                const double px = x + 0.5;
                const double w0 = ((b.x - px) * (c.y - py) - (c.x - px) * (b.y - py)) * inv;
                const double w1 = ((c.x - px) * (a.y - py) - (a.x - px) * (c.y - py)) * inv;
                const double w2 = 1.0 - w0 - w1;
                if (w0 < 0.0 || w1 < 0.0 || w2 < 0.0) {
                    continue;
                }
                const std::size_t pixel = std::size_t(y) * side + x;
                const float z = float(w0 * a.z + w1 * b.z + w2 * c.z);
                if (z <= mRaster.depth[pixel]) {
                    continue;
                }
                shade(pixel, z, {w0, w1, w2}, {i0, i1, i2}, face, surface, transparent);
            }
        }
    }

private:
    void shade(std::size_t pixel, float z, glm::dvec3 w, const std::uint32_t (&idx)[3], glm::dvec3 face,
               const Surface& surface, bool transparent) {
        Rgb base = mNeutral;
        float alpha = 1.0f;
        if (surface.texture) {
            double u = 0.0;
            double v = 0.0;
            if (mHasUvs) {
                for (int k = 0; k < 3; ++k) {
                    u += w[k] * mMesh.uvs[idx[k]].x;
                    v += w[k] * mMesh.uvs[idx[k]].y;
                }
            }
            if (std::isfinite(u) && std::isfinite(v)) {
                base = sample(*surface.texture, u, v, alpha);
            }
            if (surface.blend == ModelBlend::AlphaKey && alpha < 0.5f) {
                return;
            }
        }
        if (mHasColours) {
            Rgb tint;
            for (int k = 0; k < 3; ++k) {
                tint = tint + colourOf(mMesh.colours[idx[k]]) * float(w[k]);
            }
            base = base * tint;
        }
        float light = 1.0f;
        if (!surface.unlit) {
            glm::dvec3 n = face;
            if (mHasNormals) {
                glm::dvec3 sum(0.0);
                for (int k = 0; k < 3; ++k) {
                    sum += w[k] * glm::dvec3(mMesh.normals[idx[k]]);
                }
                const double length = glm::length(sum);
                if (length > 1e-9 && std::isfinite(length)) {
                    n = sum / length;
                }
            }
            if (glm::dot(n, mCamera.toCamera) < 0.0) {
                n = -n; // a back face, lit as seen
            }
            light = mAmbient + (1.0f - mAmbient) * float(std::max(0.0, glm::dot(n, mLight)));
        }
        Rgb& out = mRaster.colour[pixel];
        if (!transparent) {
            out = base * light;
            mRaster.depth[pixel] = z;
            return;
        }
        switch (surface.blend) {
        case ModelBlend::Add:
            out = out + base * (light * alpha);
            break;
        case ModelBlend::Modulate:
            out = out * base;
            break;
        default: // Alpha
            out = base * (light * alpha) + out * (1.0f - alpha);
            break;
        }
    }

    const ModelMesh& mMesh;
    const Camera& mCamera;
    Raster& mRaster;
    Rgb mNeutral;
    float mAmbient;
    glm::dvec3 mLight{0.0};
    bool mHasNormals = false;
    bool mHasUvs = false;
    bool mHasColours = false;
};

// Every drawable triangle: batch triangles (or all of them without batches) whose three indices name
// vertices with finite positions.
std::vector<Triangle> drawableTriangles(const ModelMesh& mesh, std::uint32_t surfaceCount) {
    std::vector<Triangle> out;
    const std::size_t indexCount = mesh.indices.size() - mesh.indices.size() % 3;
    const auto usable = [&](std::size_t first) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t i = mesh.indices[first + k];
            if (i >= mesh.positions.size() || !finite(mesh.positions[i])) {
                return false;
            }
        }
        return true;
    };
    const auto addRange = [&](std::size_t first, std::size_t count, std::uint32_t surface) {
        const std::size_t end = std::min(indexCount, first + count);
        for (std::size_t t = first; t + 3 <= end; t += 3) {
            if (usable(t)) {
                out.push_back({std::uint32_t(t), surface});
            }
        }
    };
    if (mesh.batches.empty()) {
        addRange(0, indexCount, surfaceCount); // the neutral surface
        return out;
    }
    for (const ModelBatch& batch : mesh.batches) {
        const std::uint32_t surface = batch.material < mesh.materials.size() ? batch.material : surfaceCount;
        addRange(batch.firstIndex, batch.indexCount, surface);
    }
    return out;
}

} // namespace

QImage renderModelPreview(const ModelMesh& mesh, const ModelPreviewOptions& options,
                          const PreviewTextureFn& textures) {
    const int size = std::clamp(options.size, 1, 2048);
    const int supersample = std::clamp(options.supersample, 1, 4);
    QImage image(size, size, QImage::Format_RGB32);
    image.fill(options.background);

    // Surfaces: one per material, then the neutral stand-in for batches naming a missing material.
    const std::uint32_t surfaceCount = std::uint32_t(mesh.materials.size());
    std::vector<std::shared_ptr<const io::CachedTexture>> held;
    std::vector<Surface> surfaces(surfaceCount + 1);
    for (std::uint32_t m = 0; m < surfaceCount; ++m) {
        const ModelMaterial& material = mesh.materials[m];
        surfaces[m].blend = material.blend;
        surfaces[m].unlit = material.unlit;
        if (!material.texture.empty() && textures) {
            auto texture = textures(material.texture);
            if (texture && texture->width > 0 && texture->height > 0 &&
                texture->rgba.size() >= std::size_t(texture->width) * texture->height * 4) {
                surfaces[m].texture = texture.get();
                held.push_back(std::move(texture));
            }
        }
    }
    const std::vector<Triangle> triangles = drawableTriangles(mesh, surfaceCount);
    if (triangles.empty()) {
        return image;
    }

    Camera camera;
    camera.side = size * supersample;
    const double az = glm::radians(std::isfinite(options.azimuthDegrees) ? options.azimuthDegrees : 45.0);
    const double el = glm::radians(
        std::isfinite(options.elevationDegrees) ? std::clamp(options.elevationDegrees, -89.0, 89.0) : 25.0);
    camera.toCamera = {std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el)};
    camera.right = glm::normalize(glm::cross(-camera.toCamera, glm::dvec3(0, 0, 1)));
    camera.up = glm::cross(camera.right, -camera.toCamera);
    // Frame the vertices that are drawn.
    double minX = std::numeric_limits<double>::infinity();
    double minY = minX;
    double maxX = -minX;
    double maxY = -minX;
    for (const Triangle& t : triangles) {
        for (std::uint32_t k = 0; k < 3; ++k) {
            const glm::dvec3 p(mesh.positions[mesh.indices[t.first + k]]);
            const double x = glm::dot(p, camera.right);
            const double y = glm::dot(p, camera.up);
            minX = std::min(minX, x);
            maxX = std::max(maxX, x);
            minY = std::min(minY, y);
            maxY = std::max(maxY, y);
        }
    }
    const double span = std::max(maxX - minX, maxY - minY);
    if (!std::isfinite(span) || !(span > 1e-9)) {
        return image; // everything in one point or overflowing
    }
    const double margin = std::clamp(std::isfinite(options.margin) ? options.margin : 0.0, 0.0, 0.45);
    camera.scale = camera.side * (1.0 - 2.0 * margin) / span;
    camera.centreX = (minX + maxX) * 0.5;
    camera.centreY = (minY + maxY) * 0.5;

    Raster raster;
    raster.side = camera.side;
    const std::size_t pixels = std::size_t(camera.side) * camera.side;
    raster.depth.assign(pixels, -std::numeric_limits<float>::infinity());
    raster.colour.assign(pixels, rgbOf(options.background));
    Rasterizer rasterizer(mesh, camera, options, raster);
    const auto blended = [](ModelBlend b) { return b != ModelBlend::Opaque && b != ModelBlend::AlphaKey; };
    for (const bool transparent : {false, true}) {
        for (const Triangle& t : triangles) {
            const Surface& surface = surfaces[t.surface];
            if (blended(surface.blend) == transparent) {
                rasterizer.draw(t.first, surface, transparent);
            }
        }
    }

    QImage full(camera.side, camera.side, QImage::Format_RGB32);
    const auto channel = [](float v) { return int(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    for (int y = 0; y < camera.side; ++y) {
        auto* row = reinterpret_cast<QRgb*>(full.scanLine(y));
        for (int x = 0; x < camera.side; ++x) {
            const Rgb& c = raster.colour[std::size_t(y) * camera.side + x];
            row[x] = qRgb(channel(c.r), channel(c.g), channel(c.b));
        }
    }
    if (supersample == 1) {
        return full;
    }
    return full.scaled(size, size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
        .convertToFormat(QImage::Format_RGB32);
}

} // namespace mapsmith::core
