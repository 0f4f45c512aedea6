#pragma once
// Where the viewport gets terrain texture images: MTEX path -> QImage. AssetTextureSource reads the
// game's BLPs through the shared texture cache; names no source has (and Mapsmith's own demo textures)
// get ProceduralTextureSource's recognisable stand-in, so every layer of a map still looks distinct.

#include <QHash>
#include <QImage>
#include <QString>

#include <cstdint>
#include <memory>

namespace mapsmith::io {
class TextureCache;
struct CachedTexture;
} // namespace mapsmith::io

namespace mapsmith::editor {

// A cached texture level as an RGBA8888 image; opaque sets every alpha to 255 (tileset alpha holds
// specular or height, not coverage).
QImage imageFromTexture(const io::CachedTexture& texture, bool opaque);

class TextureSource {
public:
    virtual ~TextureSource() = default;
    // The image of an MTEX path (any size; the viewport scales it); a null image when unknown.
    virtual QImage image(const QString& mtexPath) = 0;
    // Safe from any thread: prepares `mtexPath` so a later image() is cheap (decodes it into a shared
    // cache). Nothing by default.
    virtual void warm(const QString& mtexPath) { (void)mtexPath; }
};

// Mapsmith's own textures (core/kernels/procedural_textures.h) by their paths; every other name gets a
// tileable pattern whose hue, pattern kind and phase come from a hash of the normalised name
// (case-insensitive, '/' = '\\'), so the same name always looks the same. Images are cached.
class ProceduralTextureSource final : public TextureSource {
public:
    explicit ProceduralTextureSource(int size = 256) : mSize(size) {}
    QImage image(const QString& mtexPath) override;

private:
    int mSize;
    QHash<QString, QImage> mCache;
};

// BLPs from the cache's asset source at the largest mip level not above `size`; the procedural stand-in
// for every name the source lacks or cannot decode. Stateless apart from the shared cache.
class AssetTextureSource final : public TextureSource {
public:
    explicit AssetTextureSource(std::shared_ptr<io::TextureCache> cache, int size = 256);
    QImage image(const QString& mtexPath) override;
    void warm(const QString& mtexPath) override;
    io::TextureCache& cache() const { return *mCache; }
    // True when the game data has a file of this name (image() may still fall back if it is damaged).
    bool inGameData(const QString& mtexPath) const;

    // Thread-safe: the cached level of at most `side` pixels, else the procedural stand-in at `side`.
    static QImage thumbnail(io::TextureCache& cache, const QString& mtexPath, int side);

private:
    std::shared_ptr<io::TextureCache> mCache;
    int mSize;
    ProceduralTextureSource mFallback;
};

} // namespace mapsmith::editor
