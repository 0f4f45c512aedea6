#pragma once
// Terrain layer textures for the CPU minimap renderer, as the viewport gets them: the game's BLP through
// the shared texture cache (the level of at most 256 px), else Mapsmith's own texture for its demo paths,
// else the named stand-in pattern (core/kernels/procedural_textures.h). Each is box-filtered down to
// `side` x `side` linear RGB texels (the mean of each block, as the GPU's mip chain of a power-of-two
// texture holds it). Safe to share between threads; each path is prepared once.

#include <QString>

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace mapsmith::io {
class TextureCache;
}

namespace mapsmith::core {

// side x side RGB texels, 0..1, row-major; row 0 is the image's top row.
using LayerTexels = std::vector<std::array<float, 3>>;

class LayerImages {
public:
    static constexpr int kSourceSide = 256; // the level the viewport uploads

    // cache may be null (no game data): every path then gets Mapsmith's texture or the stand-in.
    LayerImages(std::shared_ptr<io::TextureCache> cache, int side);

    int side() const { return mSide; }
    // The texels of an MTEX path (never null).
    std::shared_ptr<const LayerTexels> texels(const std::string& mtexPath);
    // Neutral grey (0.5), what the viewport shows for a tile without textures.
    std::shared_ptr<const LayerTexels> grey() const { return mGrey; }

private:
    std::shared_ptr<io::TextureCache> mCache;
    int mSide;
    std::shared_ptr<const LayerTexels> mGrey;
    std::mutex mMutex;
    std::unordered_map<std::string, std::shared_ptr<const LayerTexels>> mTexels; // by normalised path
};

} // namespace mapsmith::core
