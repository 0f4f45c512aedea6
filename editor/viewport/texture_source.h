#pragma once
// Where the viewport gets terrain texture images: MTEX path -> QImage. The game's BLPs would come
// from a client-data source implementing this interface; without one, ProceduralTextureSource makes
// a recognisable stand-in per name so every layer of a map still looks distinct.

#include <QHash>
#include <QImage>
#include <QString>

#include <cstdint>

namespace mapsmith::editor {

class TextureSource {
public:
    virtual ~TextureSource() = default;
    // The image of an MTEX path (any size; the viewport scales it); a null image when unknown.
    virtual QImage image(const QString& mtexPath) = 0;
};

// Mapsmith's own textures (core/procedural_textures.h) by their paths; every other name gets a
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

} // namespace mapsmith::editor
