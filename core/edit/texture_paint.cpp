#include "core/edit/texture_paint.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mapsmith::core {
namespace {

constexpr std::size_t kMaxCachedChunks = 256; // 64 KiB each: 16 MiB of float weights at most
constexpr std::size_t kCacheKeep = 192;       // kept (most recently painted) when trimming
constexpr int kGlobalChunks = kTilesPerSide * kChunksPerSide;

char foldPathChar(char c) {
    if (c == '/') {
        return '\\';
    }
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

bool samePath(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return foldPathChar(x) == foldPathChar(y);
           });
}

bool allZero(const io::AlphaMap& a) {
    return std::all_of(a.begin(), a.end(), [](std::uint8_t v) { return v == 0; });
}

// Alpha depth of a chunk's maps: 15 levels when any alpha layer is stored as 4-bit, else 255.
int alphaLevels(const io::MapChunk& chunk) {
    for (std::size_t i = 1; i < chunk.layers.size(); ++i) {
        if (chunk.layers[i].encoding == io::AlphaEncoding::FourBit) {
            return 15;
        }
    }
    return 255;
}

// 4-bit maps without MCNK flag 0x8000 are 63x63 (row/column 63 repeat 62).
bool unfixedFourBit(const io::MapChunk& chunk) {
    return alphaLevels(chunk) == 15 && (chunk.flags & io::mcnk_flags::DoNotFixAlphaMap) == 0;
}

// The alpha maps of layers 1..n-1.
std::span<const io::AlphaMap* const> alphasOf(const io::MapChunk& chunk,
                                              std::array<const io::AlphaMap*, kMaxTextureLayers - 1>& store) {
    const std::size_t n = std::min<std::size_t>(chunk.layers.size(), kMaxTextureLayers);
    for (std::size_t i = 1; i < n; ++i) {
        store[i - 1] = &chunk.layers[i].alpha;
    }
    return {store.data(), n > 0 ? n - 1 : 0};
}

// The layer to drop so a new one fits (see texture_paint.h), or -1.
int evictableLayer(const io::MapChunk& chunk) {
    const int n = int(chunk.layers.size());
    for (int i = n - 1; i >= 1; --i) {
        if (allZero(chunk.layers[std::size_t(i)].alpha)) {
            return i;
        }
    }
    if (n < 2) {
        return -1;
    }
    for (std::size_t p = 0; p < io::kAlphaPixels; ++p) {
        int sum = 0;
        for (int i = 1; i < n; ++i) {
            sum += chunk.layers[std::size_t(i)].alpha[p];
        }
        if (sum != 255) {
            return -1;
        }
    }
    return 0;
}

void removeLayer(io::MapChunk& chunk, int index) {
    chunk.layers.erase(chunk.layers.begin() + index);
    if (index == 0 && !chunk.layers.empty()) {
        // The new base: its weight is already 1 - (sum of the rest) everywhere.
        io::TextureLayer& base = chunk.layers.front();
        base.hasAlpha = false;
        base.alpha = {};
        base.sourceBytes.clear();
    }
}

} // namespace

QString RefusedChunk::message() const {
    return QStringLiteral("chunk %1,%2 of %3_%4 already has 4 textures")
        .arg(chunk.col)
        .arg(chunk.row)
        .arg(chunk.tile.x)
        .arg(chunk.tile.y);
}

std::optional<std::uint32_t> findTexture(const io::Adt& adt, std::string_view path) {
    for (std::size_t i = 0; i < adt.textures.size(); ++i) {
        if (samePath(adt.textures[i], path)) {
            return std::uint32_t(i);
        }
    }
    return std::nullopt;
}

TexturePaintStroke::TexturePaintStroke(MapDocument& doc, const TexturePaintSettings& settings)
    : mDoc(doc), mSettings(settings),
      mRecorder(doc, CommandId::AlphaStroke,
                settings.erase ? QStringLiteral("Erase texture") : QStringLiteral("Paint texture")),
      mSpacer(settings.brush) {}

TexturePaintStroke::~TexturePaintStroke() {
    if (!mDone) {
        finish();
    }
}

void TexturePaintStroke::moveTo(glm::dvec2 world, double pressure) {
    for (const glm::dvec2 p : mSpacer.moveTo(world)) {
        dab(p, pressure);
    }
}

void TexturePaintStroke::dab(glm::dvec2 world, double pressure) {
    if (mDone || mSettings.texture.empty()) {
        return;
    }
    BrushSettings brush = mSettings.brush;
    brush.pressure = mSettings.brush.pressure * pressure;
    const double r = brush.radius;
    if (!(brush.strength * brush.pressure > 0.0) || !(r > 0.0) || !std::isfinite(r) ||
        !std::isfinite(world.x) || !std::isfinite(world.y)) {
        return;
    }
    ++mDabs;
    // Global chunks overlapping the brush's bounding box (gx west to east, gy north to south).
    auto chunkIndex = [](double v) {
        return std::clamp(std::floor(v / kChunkSize), 0.0, double(kGlobalChunks - 1));
    };
    const int gx0 = int(chunkIndex(kMapHalfSize - (world.y + r)));
    const int gx1 = int(chunkIndex(kMapHalfSize - (world.y - r)));
    const int gy0 = int(chunkIndex(kMapHalfSize - (world.x + r)));
    const int gy1 = int(chunkIndex(kMapHalfSize - (world.x - r)));
    for (int gy = gy0; gy <= gy1; ++gy) {
        for (int gx = gx0; gx <= gx1; ++gx) {
            paintChunk(fromGlobal({gx, gy}), brush, world);
        }
    }
    trimCache();
}

void TexturePaintStroke::paintChunk(const ChunkCoord& c, const BrushSettings& brush, glm::dvec2 centre) {
    const io::MapChunk* chunk = mDoc.chunk(c);
    if (!chunk || mRefusedSet.count(c)) {
        return;
    }
    const glm::dvec2 origin = chunkOrigin(c);
    if (dabPixelRect(brush.radius, centre, origin).empty()) {
        return;
    }
    const LayerPlan plan = planLayer(c, *chunk);
    if (plan.slot < 0 && !plan.add) {
        return;
    }
    ChunkEdit edit = mRecorder.edit(c, dirty::Alpha);
    const int slot = plan.add ? addLayer(c, *edit, plan) : plan.slot;
    ChunkWeights& w = weightsFor(c, *edit);
    PixelRect changed = applyAlphaDab(brush, AlphaDab{centre, origin, slot, mSettings.erase}, w);
    if (unfixedFourBit(*edit)) {
        changed = mirrorUnfixedEdge(w, changed);
    }
    if (!writeBack(c, *edit, w, changed, plan.add)) {
        edit.unchanged(); // below one alpha step so far: the float weights keep it for the next dabs
    }
}

TexturePaintStroke::LayerPlan TexturePaintStroke::planLayer(const ChunkCoord& c, const io::MapChunk& chunk) {
    LayerPlan plan;
    plan.texture = findTexture(*mDoc.tile(c.tile), mSettings.texture);
    if (plan.texture) {
        for (std::size_t i = 0; i < chunk.layers.size(); ++i) {
            if (chunk.layers[i].textureIndex == *plan.texture) {
                plan.slot = int(i);
                return plan;
            }
        }
    }
    if (mSettings.erase) {
        return plan; // nothing of this texture here
    }
    if (chunk.layers.size() >= std::size_t(kMaxTextureLayers)) {
        plan.evict = chunk.layers.size() == std::size_t(kMaxTextureLayers) ? evictableLayer(chunk) : -1;
        if (plan.evict < 0) {
            mRefusedSet.insert(c);
            mRefused.push_back({c, mSettings.texture});
            return plan;
        }
    }
    plan.add = true;
    return plan;
}

int TexturePaintStroke::addLayer(const ChunkCoord& c, io::MapChunk& chunk, const LayerPlan& plan) {
    std::optional<std::uint32_t> tex = plan.texture;
    if (!tex) {
        TileEdit adt = mRecorder.editTile(c.tile);
        adt->textures.push_back(mSettings.texture);
        if (adt->textureFlags) {
            adt->textureFlags->push_back(0); // MTXF holds one entry per texture
        }
        tex = std::uint32_t(adt->textures.size() - 1);
    }
    if (plan.evict >= 0) {
        removeLayer(chunk, plan.evict);
        mCache.erase(c); // reloaded from the alpha maps below
    }

    io::TextureLayer layer;
    layer.textureIndex = *tex;
    layer.flags = 0;
    // Effect "none": 0xFFFFFFFF, unless this chunk's layers use 0 for it.
    const bool zeroNone = std::any_of(chunk.layers.begin(), chunk.layers.end(),
                                      [](const auto& l) { return l.effectId == 0; }) &&
                          std::none_of(chunk.layers.begin(), chunk.layers.end(),
                                       [](const auto& l) { return l.effectId == 0xFFFFFFFFu; });
    layer.effectId = zeroNone ? 0u : 0xFFFFFFFFu;
    layer.hasAlpha = true;
    layer.encoding = io::AlphaEncoding::FourBit;
    if (mDoc.bigAlpha()) {
        layer.encoding = io::AlphaEncoding::Rle;
        for (std::size_t i = 1; i < chunk.layers.size(); ++i) {
            if (chunk.layers[i].hasAlpha && chunk.layers[i].encoding != io::AlphaEncoding::FourBit) {
                layer.encoding = chunk.layers[i].encoding;
                break;
            }
        }
    }
    layer.sourceEncoding = layer.encoding;
    chunk.layers.push_back(std::move(layer));

    const int slot = int(chunk.layers.size()) - 1;
    if (auto it = mCache.find(c); it != mCache.end()) {
        ChunkWeights& w = *it->second.weights;
        w.layer[std::size_t(slot)].fill(0.0f);
        w.layerCount = slot + 1;
    }
    mPainted.insert(c);
    return slot;
}

ChunkWeights& TexturePaintStroke::weightsFor(const ChunkCoord& c, const io::MapChunk& chunk) {
    auto it = mCache.find(c);
    if (it == mCache.end()) {
        Cached entry{std::make_unique<ChunkWeights>(), 0};
        std::array<const io::AlphaMap*, kMaxTextureLayers - 1> store{};
        weightsFromAlpha(alphasOf(chunk, store), *entry.weights);
        it = mCache.emplace(c, std::move(entry)).first;
    }
    it->second.lastDab = mDabs;
    return *it->second.weights;
}

bool TexturePaintStroke::writeBack(const ChunkCoord& c, io::MapChunk& chunk, const ChunkWeights& w,
                                   PixelRect rect, bool restructured) {
    const std::size_t maps = std::min<std::size_t>(chunk.layers.size(), kMaxTextureLayers) - 1;
    std::array<io::AlphaMap*, kMaxTextureLayers - 1> out{};
    std::array<io::AlphaMap, kMaxTextureLayers - 1> before;
    for (std::size_t i = 0; i < maps; ++i) {
        out[i] = &chunk.layers[i + 1].alpha;
        before[i] = *out[i];
    }
    alphaFromWeights(w, rect, alphaLevels(chunk), std::span<io::AlphaMap* const>(out.data(), maps));
    bool alphaChanged = false;
    for (std::size_t i = 0; i < maps; ++i) {
        if (*out[i] != before[i]) {
            io::TextureLayer& layer = chunk.layers[i + 1];
            layer.hasAlpha = true;
            layer.sourceBytes.clear(); // stale: the writer encodes the new map
            alphaChanged = true;
        }
    }
    if (!alphaChanged && !restructured) {
        return false;
    }
    mPainted.insert(c);
    rebuildLowQuality(chunk);
    return true;
}

void TexturePaintStroke::rebuildLowQuality(io::MapChunk& chunk) {
    std::array<const io::AlphaMap*, kMaxTextureLayers - 1> store{};
    chunk.lowQualityTextureMap = lowQualityTextureMap(alphasOf(chunk, store));
}

void TexturePaintStroke::trimCache() {
    if (mCache.size() <= kMaxCachedChunks) {
        return;
    }
    std::vector<std::uint64_t> ages;
    ages.reserve(mCache.size());
    for (const auto& [c, entry] : mCache) {
        ages.push_back(entry.lastDab);
    }
    std::nth_element(ages.begin(), ages.begin() + std::ptrdiff_t(ages.size() - kCacheKeep), ages.end());
    const std::uint64_t cutoff = ages[ages.size() - kCacheKeep];
    std::erase_if(mCache, [cutoff](const auto& kv) { return kv.second.lastDab < cutoff; });
}

const ChunkStateCommand* TexturePaintStroke::finish() {
    if (mDone) {
        return nullptr;
    }
    mDone = true;
    for (const ChunkCoord& c : mPainted) {
        const io::MapChunk* chunk = mDoc.chunk(c);
        const io::Adt* adt = mDoc.tile(c.tile);
        const auto tex = adt ? findTexture(*adt, mSettings.texture) : std::nullopt;
        if (!chunk || !tex || chunk->layers.size() < 2) {
            continue;
        }
        // Alpha layers (1..) of the stroke's texture left all zero.
        const auto unused = [&](const io::TextureLayer& l) {
            return l.textureIndex == *tex && allZero(l.alpha);
        };
        if (std::none_of(chunk->layers.begin() + 1, chunk->layers.end(), unused)) {
            continue;
        }
        ChunkEdit edit = mRecorder.edit(c, dirty::Alpha);
        auto& layers = edit->layers;
        layers.erase(std::remove_if(layers.begin() + 1, layers.end(), unused), layers.end());
        rebuildLowQuality(*edit);
    }
    mCache.clear();
    mPainted.clear();
    return mRecorder.finish();
}

void TexturePaintStroke::cancel() {
    if (mDone) {
        return;
    }
    mDone = true;
    mCache.clear();
    mPainted.clear();
    mRecorder.cancel();
}

} // namespace mapsmith::core
