// Texture painting: the pure alpha kernels (weights sum to 1, paint/erase amounts at the centre and
// over the falloff, pixels outside the brush bit-identical, exact alpha <-> weight round trips, 4-bit
// quantisation within the sum, the low-quality map and layer usage) and TexturePaintStroke on generated
// hills tiles and the corpus tile (layer reuse, new layers and MTEX entries, the 4-layer limit with
// eviction and refusal, seams across chunk and tile borders, 4-bit and 63x63 maps saved as shown,
// one undo step, undo/redo byte-identical).

#include "core/document/map_document.h"
#include "core/edit/texture_paint.h"
#include "core/kernels/alpha_kernels.h"
#include "support/memory_map.h"
#include "support/scene_edit.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <glm/geometric.hpp>

#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <set>

using namespace mapsmith;
using core::ChunkCoord;
using core::TileCoord;

Q_DECLARE_METATYPE(core::Falloff)

namespace {

const std::string kGrass = "Tileset\\Elwynn\\ElwynnGrassBase.blp";
const std::string kRock = "Tileset\\Elwynn\\ElwynnRockBase.blp";
const std::string kDirt = "Tileset\\Elwynn\\ElwynnDirtBase.blp";
const std::string kNew = "Tileset\\Test\\PaintedNew.blp";
const std::string kOther = "Tileset\\Test\\PaintedOther.blp";
const std::vector<TileCoord> kFourTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
const TileCoord kCorpusTile{42, 29};

std::vector<std::byte> bytesOf(const core::MapDocument& doc, TileCoord t) {
    return io::writeAdt(*doc.tile(t));
}

std::unique_ptr<core::ChunkWeights> weightsOf(const io::MapChunk& c) {
    std::vector<const io::AlphaMap*> maps;
    for (std::size_t i = 1; i < c.layers.size(); ++i) {
        maps.push_back(&c.layers[i].alpha);
    }
    auto w = std::make_unique<core::ChunkWeights>();
    core::weightsFromAlpha(maps, *w);
    return w;
}

core::TexturePaintSettings paint(const std::string& texture, double radius, double strength,
                                 bool erase = false) {
    core::TexturePaintSettings s;
    s.texture = texture;
    s.brush.radius = radius;
    s.brush.strength = strength;
    s.brush.hardness = 0.5;
    s.brush.falloff = core::Falloff::Smooth;
    s.erase = erase;
    return s;
}

// Layer slot of `texture` in a chunk, -1 when absent.
int slotOf(const io::Adt& adt, const io::MapChunk& c, const std::string& texture) {
    const auto tex = core::findTexture(adt, texture);
    for (std::size_t i = 0; tex && i < c.layers.size(); ++i) {
        if (c.layers[i].textureIndex == *tex) {
            return int(i);
        }
    }
    return -1;
}

// Weight (0..255) of a texture at pixel p of a chunk under the additive model.
int textureAlpha(const io::Adt& adt, const io::MapChunk& c, const std::string& texture, int p) {
    const int slot = slotOf(adt, c, texture);
    if (slot < 0) {
        return 0;
    }
    if (slot > 0) {
        return c.layers[std::size_t(slot)].alpha[std::size_t(p)];
    }
    int sum = 0;
    for (std::size_t i = 1; i < c.layers.size(); ++i) {
        sum += c.layers[i].alpha[std::size_t(p)];
    }
    return std::max(0, 255 - sum);
}

// Random alpha maps; `normalised` keeps every pixel's sum <= 255, else ~1 pixel in 4 exceeds it.
std::array<io::AlphaMap, 3> randomAlphas(unsigned seed, bool normalised, int quantum = 1) {
    std::mt19937 rng(seed);
    std::array<io::AlphaMap, 3> a{};
    for (std::size_t p = 0; p < io::kAlphaPixels; ++p) {
        int room = 255;
        for (auto& m : a) {
            int v = int(rng() % 256);
            if (normalised) {
                v = v % (room + 1);
                room -= v;
            } else if (rng() % 4 != 0) {
                v /= 3;
            }
            v = v / quantum * quantum;
            m[p] = std::uint8_t(v);
        }
    }
    return a;
}

std::array<const io::AlphaMap*, 3> ptrs(const std::array<io::AlphaMap, 3>& a) {
    return {&a[0], &a[1], &a[2]};
}
std::array<io::AlphaMap*, 3> ptrs(std::array<io::AlphaMap, 3>& a) {
    return {&a[0], &a[1], &a[2]};
}

glm::dvec2 centreOfChunk(const ChunkCoord& c) {
    return core::chunkOrigin(c) - glm::dvec2(core::kChunkSize / 2.0);
}

// Every chunk's low-quality map equals the one computed from its alpha maps.
int lowQualityMismatches(const core::MapDocument& doc, const std::set<ChunkCoord>& chunks) {
    int bad = 0;
    for (const auto& c : chunks) {
        const auto* ch = doc.chunk(c);
        if (ch->lowQualityTextureMap != core::lowQualityTextureMap(*weightsOf(*ch))) {
            ++bad;
        }
    }
    return bad;
}

// Chunks of the given tiles whose MCNK differs between two documents' states.
std::set<ChunkCoord> changedChunks(const std::map<TileCoord, io::Adt>& before, const core::MapDocument& doc) {
    std::set<ChunkCoord> out;
    for (const auto& [t, adt] : before) {
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            const ChunkCoord c{t, i / 16, i % 16};
            if (!(adt.chunks[std::size_t(i)] == *doc.chunk(c))) {
                out.insert(c);
            }
        }
    }
    return out;
}

// Replaces a chunk's layers with a base (texture 0) and three alpha layers of new textures A, B, C
// (added to the tile's MTEX), with the given constant alphas.
void makeFourLayers(core::MapDocument& doc, const ChunkCoord& c, std::array<int, 3> alphas) {
    const std::array<std::string, 3> names{"Tileset\\Test\\A.blp", "Tileset\\Test\\B.blp",
                                           "Tileset\\Test\\C.blp"};
    tests::setUpScene(doc, [&](core::StrokeRecorder& recorder) {
        core::TileEdit adt = recorder.editTile(c.tile);
        core::ChunkEdit ch = recorder.edit(c, core::dirty::Alpha);
        ch->layers.resize(1);
        ch->layers[0].textureIndex = 0;
        for (std::size_t i = 0; i < 3; ++i) {
            auto tex = core::findTexture(*adt, names[i]);
            if (!tex) {
                adt->textures.push_back(names[i]);
                tex = std::uint32_t(adt->textures.size() - 1);
            }
            io::TextureLayer l;
            l.textureIndex = *tex;
            l.hasAlpha = true;
            l.encoding = io::AlphaEncoding::Rle;
            l.alpha.fill(std::uint8_t(alphas[i]));
            ch->layers.push_back(l);
        }
        ch->lowQualityTextureMap = core::lowQualityTextureMap(*weightsOf(*ch));
    });
}

} // namespace

class TestTexturePaint : public QObject {
    Q_OBJECT
private slots:
    // Kernels.
    void pixelRectIsExact();
    void paintKeepsWeightsSummingToOne();
    void overFullPixelsFadeWithoutJumps();
    void paintAmountsOverFalloff_data();
    void paintAmountsOverFalloff();
    void eraseAmounts();
    void outsideBrushBitIdentical();
    void alphaRoundTripsExactly();
    void quantisedAlphasStayWithinSum();
    void unfixedEdgeMirrors();
    void lowQualityMapLayout();
    void lowQualityMatchesCorpus();
    void layerUsageFractions();
    // Strokes.
    void existingTextureReusesLayer();
    void newTextureAddsLayerAndMtex();
    void fourLayerLimitReuse();
    void fourLayerLimitEvictsEmptyLayer();
    void fourLayerLimitEvictsCoveredBase();
    void fourLayerLimitRefusesAndReports();
    void seamsAcrossChunkAndTileBorders();
    void strokeAcrossCornerIsContinuous();
    void subStepDabsAccumulate();
    void eraseRemovesEmptiedLayer();
    void strokeOutsideBrushUntouched();
    void undoRedoByteIdenticalHills();
    void corpusPaintFourBitSavedAsShown();
    void corpusUnfixedMapsStay63x63();
    void corpusRefusesFullChunks();
    void cancelAndEmptyStrokes();
};

// ---------------------------------------------------------------------------------------------- kernels

void TestTexturePaint::pixelRectIsExact() {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> off(-20.0, 55.0);
    std::uniform_real_distribution<double> rad(0.1, 30.0);
    const glm::dvec2 origin = core::chunkOrigin({{32, 32}, 4, 7});
    int nonEmpty = 0;
    for (int n = 0; n < 300; ++n) {
        const glm::dvec2 centre = origin - glm::dvec2(off(rng), off(rng));
        const double r = rad(rng);
        core::PixelRect brute;
        for (int py = 0; py < 64; ++py) {
            for (int px = 0; px < 64; ++px) {
                if (glm::length(core::alphaPixelCentre(origin, px, py) - centre) < r) {
                    brute.unite({px, py, px + 1, py + 1});
                }
            }
        }
        const auto rect = core::dabPixelRect(r, centre, origin);
        QVERIFY(rect == brute || (rect.empty() && brute.empty()));
        nonEmpty += rect.empty() ? 0 : 1;
    }
    QVERIFY(nonEmpty > 100);
    QVERIFY(core::dabPixelRect(0.0, origin, origin).empty());
    QVERIFY(core::dabPixelRect(std::nan(""), origin, origin).empty());
}

void TestTexturePaint::paintKeepsWeightsSummingToOne() {
    const auto alphas = randomAlphas(3, false);
    auto w = std::make_unique<core::ChunkWeights>();
    core::weightsFromAlpha(ptrs(alphas), *w);
    const glm::dvec2 origin = core::chunkOrigin({{32, 32}, 0, 0});
    core::BrushSettings brush;
    brush.radius = 12.0;
    brush.strength = 0.35;
    std::mt19937 rng(5);
    std::vector<char> reached(io::kAlphaPixels, 0);
    for (int d = 0; d < 40; ++d) {
        const glm::dvec2 centre = origin - glm::dvec2(double(rng() % 34), double(rng() % 34));
        const int layer = int(rng() % 4);
        const bool erase = rng() % 3 == 0;
        core::applyAlphaDab(brush, {centre, origin, layer, erase}, *w);
        for (int p = 0; p < core::kAlphaMapPixels; ++p) {
            const int px = p % 64;
            const int py = p / 64;
            reached[std::size_t(p)] |=
                glm::length(core::alphaPixelCentre(origin, px, py) - centre) < brush.radius;
        }
    }
    int checked = 0;
    int overFull = 0;
    for (int p = 0; p < core::kAlphaMapPixels; ++p) {
        if (!reached[std::size_t(p)]) {
            continue;
        }
        const std::size_t q = std::size_t(p);
        const int sourceSum = alphas[0][q] + alphas[1][q] + alphas[2][q];
        double sum = 0.0;
        double alphaSum = 0.0;
        for (int i = 0; i < 4; ++i) {
            const float v = w->layer[std::size_t(i)][q];
            QVERIFY(v >= 0.0f && v <= 1.0f);
            sum += v;
            alphaSum += i > 0 ? v : 0.0;
        }
        if (sourceSum <= 255 || alphaSum <= 1.0) {
            QVERIFY2(std::abs(sum - 1.0) < 1e-6, qPrintable(QString::number(sum, 'g', 10)));
            ++checked;
        } else {
            // Still over-full: no base, and the sum only went down.
            QCOMPARE(w->layer[0][q], 0.0f);
            ++overFull;
        }
        QVERIFY(alphaSum <= std::max(1.0, sourceSum / 255.0) + 1e-6);
    }
    QVERIFY(checked > 1500);
    QVERIFY(overFull > 100);
    // Written back, every reached pixel that was not over-full sums to at most 255.
    auto out = alphas;
    core::alphaFromWeights(*w, core::kWholeAlphaMap, 255, ptrs(out));
    for (int p = 0; p < core::kAlphaMapPixels; ++p) {
        const std::size_t q = std::size_t(p);
        const int sourceSum = alphas[0][q] + alphas[1][q] + alphas[2][q];
        if (reached[q]) {
            QVERIFY(out[0][q] + out[1][q] + out[2][q] <= std::max(255, sourceSum));
        }
    }
}

void TestTexturePaint::overFullPixelsFadeWithoutJumps() {
    // Rock 255 + dirt 255 (the generated hills have such pixels): painting rock keeps rock at 255 and
    // scales dirt by (1 - k) per dab, so a faint touch changes little; k = 1 leaves rock alone.
    auto w = std::make_unique<core::ChunkWeights>();
    w->layerCount = 3;
    w->layer[1].fill(1.0f);
    w->layer[2].fill(1.0f);
    const glm::dvec2 origin = core::chunkOrigin({{32, 32}, 1, 1});
    const glm::dvec2 centre = core::alphaPixelCentre(origin, 32, 32);
    core::BrushSettings brush;
    brush.radius = 20.0;
    brush.hardness = 0.0;
    brush.falloff = core::Falloff::Linear;
    brush.strength = 1.0;
    core::applyAlphaDab(brush, {centre, origin, 1, false}, *w);
    for (int px = 32; px < 64; ++px) {
        const std::size_t p = std::size_t(32 * 64 + px);
        const double k =
            core::brushWeight(brush, glm::length(core::alphaPixelCentre(origin, px, 32) - centre));
        QCOMPARE(w->layer[1][p], 1.0f);
        QVERIFY(std::abs(w->layer[2][p] - (1.0 - k)) < 1e-6);
        QCOMPARE(w->layer[0][p], 0.0f);
    }
    // Erasing an over-full pixel's layer lowers it; erasing the (absent) base does nothing.
    const auto before = std::make_unique<core::ChunkWeights>(*w);
    QVERIFY(core::applyAlphaDab(brush, {centre + glm::dvec2(0.0, -10.0), origin, 0, true}, *w).empty());
    QVERIFY(std::memcmp(w.get(), before.get(), sizeof(core::ChunkWeights)) == 0);
    brush.strength = 0.5;
    core::applyAlphaDab(brush, {centre, origin, 2, true}, *w);
    QVERIFY(w->layer[2][32 * 64 + 63] < before->layer[2][32 * 64 + 63]);
}

void TestTexturePaint::paintAmountsOverFalloff_data() {
    QTest::addColumn<core::Falloff>("falloff");
    QTest::addColumn<double>("hardness");
    QTest::newRow("smooth") << core::Falloff::Smooth << 0.5;
    QTest::newRow("linear") << core::Falloff::Linear << 0.0;
    QTest::newRow("gaussian") << core::Falloff::Gaussian << 0.3;
    QTest::newRow("flat") << core::Falloff::Flat << 0.0;
}

void TestTexturePaint::paintAmountsOverFalloff() {
    QFETCH(core::Falloff, falloff);
    QFETCH(double, hardness);
    // Two layers: layer 1 at 0.25 everywhere, layer 2 at 0.5, base 0.25.
    auto w = std::make_unique<core::ChunkWeights>();
    w->layerCount = 3;
    w->layer[0].fill(0.25f);
    w->layer[1].fill(0.25f);
    w->layer[2].fill(0.5f);
    const glm::dvec2 origin = core::chunkOrigin({{32, 32}, 2, 2});
    const glm::dvec2 centre = core::alphaPixelCentre(origin, 10, 20);
    core::BrushSettings brush;
    brush.radius = 15.0;
    brush.hardness = hardness;
    brush.falloff = falloff;
    brush.strength = 0.8;
    brush.pressure = 0.5; // k = 0.4 at full brush weight
    const auto changed = core::applyAlphaDab(brush, {centre, origin, 1, false}, *w);
    QVERIFY(!changed.empty());
    for (int px = 10; px < 64; ++px) {
        const double d = glm::length(core::alphaPixelCentre(origin, px, 20) - centre);
        const double k = 0.4 * core::brushWeight(brush, d);
        const std::size_t p = std::size_t(20 * 64 + px);
        QVERIFY(std::abs(w->layer[1][p] - (0.25 + k * 0.75)) < 1e-6);
        QVERIFY(std::abs(w->layer[2][p] - 0.5 * (1.0 - k)) < 1e-6); // others keep their proportions
        QVERIFY(std::abs(w->layer[0][p] - 0.25 * (1.0 - k)) < 1e-6);
        if (d >= brush.radius) {
            QCOMPARE(w->layer[1][p], 0.25f);
        }
    }
    // Centre: exactly strength * pressure of the remaining weight.
    QVERIFY(std::abs(w->layer[1][20 * 64 + 10] - 0.55f) < 1e-6);
    // Painting the base layer itself scales the alpha layers down.
    core::applyAlphaDab(brush, {centre, origin, 0, false}, *w);
    QVERIFY(std::abs(w->layer[0][20 * 64 + 10] - (0.15 + 0.4 * 0.85)) < 1e-6);
}

void TestTexturePaint::eraseAmounts() {
    const glm::dvec2 origin = core::chunkOrigin({{32, 32}, 2, 2});
    const glm::dvec2 centre = core::alphaPixelCentre(origin, 32, 32);
    core::BrushSettings brush;
    brush.radius = 5.0;
    brush.hardness = 1.0;
    brush.strength = 0.5;
    const std::size_t p = 32 * 64 + 32;
    {
        // Erasing an alpha layer gives its weight back to the base.
        auto w = std::make_unique<core::ChunkWeights>();
        w->layerCount = 3;
        w->layer[1].fill(0.6f);
        w->layer[2].fill(0.4f);
        core::applyAlphaDab(brush, {centre, origin, 1, true}, *w);
        QVERIFY(std::abs(w->layer[1][p] - 0.3f) < 1e-6);
        QCOMPARE(w->layer[2][p], 0.4f);
        QVERIFY(std::abs(w->layer[0][p] - 0.3f) < 1e-6);
    }
    {
        // Erasing the base shares its weight among the others in proportion.
        auto w = std::make_unique<core::ChunkWeights>();
        w->layerCount = 3;
        w->layer[0].fill(0.5f);
        w->layer[1].fill(0.3f);
        w->layer[2].fill(0.2f);
        brush.strength = 1.0;
        core::applyAlphaDab(brush, {centre, origin, 0, true}, *w);
        QVERIFY(std::abs(w->layer[0][p]) < 1e-6);
        QVERIFY(std::abs(w->layer[1][p] - 0.6f) < 1e-6);
        QVERIFY(std::abs(w->layer[2][p] - 0.4f) < 1e-6);
    }
    {
        // A bare base cannot be erased: nothing to show instead.
        auto w = std::make_unique<core::ChunkWeights>();
        w->layerCount = 2;
        w->layer[0].fill(1.0f);
        QVERIFY(core::applyAlphaDab(brush, {centre, origin, 0, true}, *w).empty());
        QCOMPARE(w->layer[0][p], 1.0f);
    }
    {
        // Out-of-range layers and zero strength change nothing.
        auto w = std::make_unique<core::ChunkWeights>();
        w->layerCount = 2;
        w->layer[0].fill(1.0f);
        QVERIFY(core::applyAlphaDab(brush, {centre, origin, 2, false}, *w).empty());
        brush.strength = 0.0;
        QVERIFY(core::applyAlphaDab(brush, {centre, origin, 1, false}, *w).empty());
    }
}

void TestTexturePaint::outsideBrushBitIdentical() {
    for (const bool normalised : {true, false}) {
        const auto alphas = randomAlphas(normalised ? 21 : 22, normalised);
        auto w = std::make_unique<core::ChunkWeights>();
        core::weightsFromAlpha(ptrs(alphas), *w);
        const auto before = std::make_unique<core::ChunkWeights>(*w);
        const glm::dvec2 origin = core::chunkOrigin({{40, 20}, 9, 3});
        const glm::dvec2 centre = origin - glm::dvec2(20.1, 13.7);
        core::BrushSettings brush;
        brush.radius = 9.0;
        brush.strength = 0.7;
        brush.falloff = core::Falloff::Quadratic;
        const auto changed = core::applyAlphaDab(brush, {centre, origin, 2, false}, *w);
        auto out = alphas;
        core::alphaFromWeights(*w, changed, 255, ptrs(out));
        int inside = 0;
        for (int p = 0; p < core::kAlphaMapPixels; ++p) {
            const bool in =
                glm::length(core::alphaPixelCentre(origin, p % 64, p / 64) - centre) < brush.radius;
            if (in) {
                ++inside;
                const std::size_t q = std::size_t(p);
                const int sourceSum = alphas[0][q] + alphas[1][q] + alphas[2][q];
                QVERIFY(out[0][q] + out[1][q] + out[2][q] <= std::max(255, sourceSum));
                continue;
            }
            for (int i = 0; i < 4; ++i) {
                QVERIFY(std::memcmp(&w->layer[std::size_t(i)][std::size_t(p)],
                                    &before->layer[std::size_t(i)][std::size_t(p)], sizeof(float)) == 0);
            }
            for (int i = 0; i < 3; ++i) {
                QCOMPARE(out[std::size_t(i)][std::size_t(p)], alphas[std::size_t(i)][std::size_t(p)]);
            }
        }
        QVERIFY(inside > 800);
    }
}

void TestTexturePaint::alphaRoundTripsExactly() {
    struct Case {
        bool normalised;
        int quantum;
        int levels;
    };
    for (const Case k : {Case{true, 1, 255}, Case{false, 1, 255}, Case{true, 17, 15}, Case{false, 17, 15}}) {
        const auto alphas = randomAlphas(unsigned(k.quantum * 10 + k.normalised), k.normalised, k.quantum);
        auto w = std::make_unique<core::ChunkWeights>();
        core::weightsFromAlpha(ptrs(alphas), *w);
        QCOMPARE(w->layerCount, 4);
        // Into different maps, so every pixel goes through the rounding.
        std::array<io::AlphaMap, 3> out{};
        for (auto& m : out) {
            m.fill(7);
        }
        core::alphaFromWeights(*w, core::kWholeAlphaMap, k.levels, ptrs(out));
        QVERIFY(out == alphas);
    }
    // Every single value round-trips on its own too.
    auto w = std::make_unique<core::ChunkWeights>();
    std::array<io::AlphaMap, 3> one{};
    for (int v = 0; v < 256; ++v) {
        one[0][std::size_t(v)] = std::uint8_t(v);
    }
    core::weightsFromAlpha(ptrs(one), *w);
    std::array<io::AlphaMap, 3> back{};
    back[0].fill(1);
    core::alphaFromWeights(*w, core::kWholeAlphaMap, 255, ptrs(back));
    QVERIFY(back[0] == one[0]);
    // Pixels outside the rectangle are not written.
    std::array<io::AlphaMap, 3> partial{};
    core::alphaFromWeights(*w, {0, 0, 64, 2}, 255, ptrs(partial));
    QCOMPARE(int(partial[0][100]), 100);
    QCOMPARE(int(partial[0][200]), 0);
}

void TestTexturePaint::quantisedAlphasStayWithinSum() {
    auto w = std::make_unique<core::ChunkWeights>();
    w->layerCount = 4;
    // Pixel 0: two halves (each 7.5 levels at 4-bit); pixel 1: three thirds plus float noise.
    w->layer[1][0] = 0.5f;
    w->layer[2][0] = 0.5f;
    w->layer[1][1] = 1.0f / 3.0f + 1e-7f;
    w->layer[2][1] = 1.0f / 3.0f + 1e-7f;
    w->layer[3][1] = 1.0f / 3.0f + 1e-7f;
    w->layer[1][2] = 0.52f;
    w->layer[2][2] = 0.48f;
    for (const int levels : {15, 255}) {
        std::array<io::AlphaMap, 3> out{};
        for (auto& m : out) {
            m.fill(3);
        }
        core::alphaFromWeights(*w, {0, 0, 3, 1}, levels, ptrs(out));
        const int q = 255 / levels;
        for (std::size_t p = 0; p < 3; ++p) {
            int sum = 0;
            for (std::size_t i = 0; i < 3; ++i) {
                QCOMPARE(out[i][p] % q, 0);
                QVERIFY(std::abs(out[i][p] / 255.0 - w->layer[i + 1][p]) <= 1.0 / levels + 1e-6);
                sum += out[i][p];
            }
            QVERIFY2(sum <= 255,
                     qPrintable(QStringLiteral("levels %1 pixel %2 sum %3").arg(levels).arg(p).arg(sum)));
        }
    }
}

void TestTexturePaint::unfixedEdgeMirrors() {
    auto w = std::make_unique<core::ChunkWeights>();
    w->layerCount = 2;
    for (int p = 0; p < core::kAlphaMapPixels; ++p) {
        w->layer[1][std::size_t(p)] = float(p % 64) / 64.0f;
        w->layer[0][std::size_t(p)] = 1.0f - w->layer[1][std::size_t(p)];
    }
    // A rectangle away from the edge is left alone.
    QVERIFY((core::mirrorUnfixedEdge(*w, {10, 10, 20, 20}) == core::PixelRect{10, 10, 20, 20}));
    const auto grown = core::mirrorUnfixedEdge(*w, {50, 60, 63, 63});
    QVERIFY((grown == core::PixelRect{50, 60, 64, 64}));
    for (int py = 60; py < 64; ++py) {
        QCOMPARE(w->layer[1][std::size_t(py * 64 + 63)], w->layer[1][std::size_t(py * 64 + 62)]);
        QCOMPARE(w->layer[0][std::size_t(py * 64 + 63)], w->layer[0][std::size_t(py * 64 + 62)]);
    }
    for (int px = 50; px < 64; ++px) {
        QCOMPARE(w->layer[1][std::size_t(63 * 64 + px)], w->layer[1][std::size_t(62 * 64 + px)]);
    }
    QCOMPARE(w->layer[1][std::size_t(40 * 64 + 63)], 63.0f / 64.0f); // rows outside the rect untouched
}

void TestTexturePaint::lowQualityMapLayout() {
    auto w = std::make_unique<core::ChunkWeights>();
    w->layerCount = 4;
    // Cell (cx, cy) dominated by layer (cx + 2 * cy) % 4 at 0.7, the rest spread over the others.
    for (int p = 0; p < core::kAlphaMapPixels; ++p) {
        const int cx = (p % 64) / 8;
        const int cy = (p / 64) / 8;
        const int top = (cx + 2 * cy) % 4;
        for (int i = 0; i < 4; ++i) {
            w->layer[std::size_t(i)][std::size_t(p)] = i == top ? 0.7f : 0.1f;
        }
    }
    const auto map = core::lowQualityTextureMap(*w);
    for (int cy = 0; cy < 8; ++cy) {
        for (int cx = 0; cx < 8; ++cx) {
            QCOMPARE(core::lowQualityLayerAt(map, cx, cy), (cx + 2 * cy) % 4);
        }
    }
    // Least significant pair first: cells 0..3 of row 0 are layers 0, 1, 2, 3.
    QCOMPARE(int(map[0]), 0 | (1 << 2) | (2 << 4) | (3 << 6));
    // Ties go to the lower layer; a one-layer chunk is all zeros.
    auto tie = std::make_unique<core::ChunkWeights>();
    tie->layerCount = 2;
    tie->layer[0].fill(0.5f);
    tie->layer[1].fill(0.5f);
    QVERIFY(core::lowQualityTextureMap(*tie) == (std::array<std::uint8_t, 16>{}));
    tie->layer[1][0] = 0.51f;
    QCOMPARE(core::lowQualityLayerAt(core::lowQualityTextureMap(*tie), 0, 0), 1);
}

void TestTexturePaint::lowQualityMatchesCorpus() {
    // Blizzard's maps agree with "largest total weight, LSB pair first" in most cells; the opposite bit
    // order would agree in about two thirds only.
    io::AdtReadOptions o;
    o.bigAlpha = false;
    auto r = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), o);
    QVERIFY(r);
    int cells = 0;
    int same = 0;
    for (const auto& ch : r->adt.chunks) {
        if (ch.layers.size() < 2) {
            continue;
        }
        const auto computed = core::lowQualityTextureMap(*weightsOf(ch));
        std::vector<const io::AlphaMap*> maps;
        for (std::size_t i = 1; i < ch.layers.size(); ++i) {
            maps.push_back(&ch.layers[i].alpha);
        }
        QVERIFY(core::lowQualityTextureMap(maps) == computed); // integer and float versions agree
        for (int cy = 0; cy < 8; ++cy) {
            for (int cx = 0; cx < 8; ++cx) {
                ++cells;
                same += core::lowQualityLayerAt(computed, cx, cy) ==
                        core::lowQualityLayerAt(ch.lowQualityTextureMap, cx, cy);
            }
        }
    }
    qInfo("low-quality map: %d of %d corpus cells agree", same, cells);
    QVERIFY(cells > 10000);
    QVERIFY(same > cells * 85 / 100);
}

void TestTexturePaint::layerUsageFractions() {
    auto w = std::make_unique<core::ChunkWeights>();
    w->layerCount = 3;
    for (int p = 0; p < core::kAlphaMapPixels; ++p) {
        const bool west = p % 64 < 32;
        w->layer[1][std::size_t(p)] = west ? 1.0f : 0.0f;
        w->layer[2][std::size_t(p)] = west ? 0.0f : 0.5f;
        w->layer[0][std::size_t(p)] = west ? 0.0f : 0.5f;
    }
    const auto u = core::layerUsage(*w);
    QVERIFY(std::abs(u[0] - 0.25) < 1e-9);
    QVERIFY(std::abs(u[1] - 0.5) < 1e-9);
    QVERIFY(std::abs(u[2] - 0.25) < 1e-9);
    QCOMPARE(u[3], 0.0);
    // Source pixels summing above 1 are reported normalised.
    w->layer[2].fill(1.0f);
    const auto v = core::layerUsage(*w);
    QVERIFY(std::abs(v[0] + v[1] + v[2] - 1.0) < 1e-9);
    QVERIFY(std::abs(v[1] - 0.25) < 1e-9);
}

// ---------------------------------------------------------------------------------------------- strokes

void TestTexturePaint::existingTextureReusesLayer() {
    auto doc = tests::hillsMap({{32, 32}});
    const io::Adt& adt = *doc->tile({32, 32});
    // A chunk that already has rock, and a pixel where rock is partial.
    std::optional<ChunkCoord> found;
    for (int i = 0; i < core::kChunksPerTile && !found; ++i) {
        const ChunkCoord c{{32, 32}, i / 16, i % 16};
        const auto* ch = doc->chunk(c);
        const int slot = slotOf(adt, *ch, kRock);
        if (slot > 0 && ch->layers[std::size_t(slot)].alpha[32 * 64 + 32] < 100) {
            found = c;
        }
    }
    QVERIFY(found);
    const ChunkCoord c = *found;
    const io::MapChunk before = *doc->chunk(c);
    const auto texturesBefore = adt.textures;
    const int slot = slotOf(adt, before, kRock);
    // The path matches case-insensitively and with either slash.
    std::string spelled = "TILESET/elwynn/ElwynnRockBase.BLP";
    core::TexturePaintStroke stroke(*doc, paint(spelled, 6.0, 0.6));
    stroke.dab(core::alphaPixelCentre(core::chunkOrigin(c), 32, 32));
    QVERIFY(stroke.finish());
    const auto* ch = doc->chunk(c);
    QCOMPARE(ch->layers.size(), before.layers.size());
    QCOMPARE(adt.textures, texturesBefore);
    QCOMPARE(slotOf(adt, *ch, kRock), slot);
    const int a0 = before.layers[std::size_t(slot)].alpha[32 * 64 + 32];
    const int a1 = ch->layers[std::size_t(slot)].alpha[32 * 64 + 32];
    QVERIFY(std::abs(a1 - (a0 + 0.6 * (255 - a0))) <= 1.0);
    QVERIFY(stroke.refusedChunks().empty());
    QCOMPARE(doc->undoStack()->count(), 1);
}

void TestTexturePaint::newTextureAddsLayerAndMtex() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    const TileCoord t{32, 32};
    const io::Adt& adt = *doc->tile(t);
    // A chunk with fewer than 4 layers.
    std::optional<ChunkCoord> found;
    for (int i = 0; i < core::kChunksPerTile && !found; ++i) {
        const ChunkCoord c{t, i / 16, i % 16};
        if (doc->chunk(c)->layers.size() < 3) {
            found = c;
        }
    }
    QVERIFY(found);
    const ChunkCoord c = *found;
    const io::MapChunk before = *doc->chunk(c);
    const std::size_t textures = adt.textures.size();
    const std::size_t otherTextures = doc->tile({33, 32})->textures.size();

    core::TexturePaintStroke stroke(*doc, paint(kNew, 8.0, 1.0));
    stroke.dab(centreOfChunk(c));
    QVERIFY(stroke.finish());
    QCOMPARE(adt.textures.size(), textures + 1);
    QCOMPARE(adt.textures.back(), kNew);
    QCOMPARE(doc->tile({33, 32})->textures.size(), otherTextures); // the other tile was not reached
    const auto* ch = doc->chunk(c);
    QCOMPARE(ch->layers.size(), before.layers.size() + 1);
    const io::TextureLayer& l = ch->layers.back();
    QCOMPARE(l.textureIndex, std::uint32_t(textures));
    QVERIFY(l.hasAlpha);
    QCOMPARE(l.flags, 0u);
    QCOMPARE(l.effectId, 0xFFFFFFFFu);
    QVERIFY(l.encoding == io::AlphaEncoding::Rle); // 8-bit map
    QCOMPARE(int(l.alpha[32 * 64 + 32]), 255);     // full strength inside the hard core
    QCOMPARE(int(l.alpha[0]), 0);                  // 23 yd from the centre
    // Painted at full strength, the other layers are gone at the centre (layer 0 re-derived to 0).
    for (std::size_t i = 1; i + 1 < ch->layers.size(); ++i) {
        QCOMPARE(int(ch->layers[i].alpha[32 * 64 + 32]), 0);
    }
    // The writer derives the MCLY flags; the tile reads back with the same layers and maps.
    io::AdtReadOptions o;
    o.bigAlpha = true;
    auto back = io::readAdt(bytesOf(*doc, t), o);
    QVERIFY(back);
    const auto& rc = back->adt.chunks[std::size_t(c.index())];
    QCOMPARE(rc.layers.size(), ch->layers.size());
    QVERIFY(rc.layers.back().alpha == l.alpha);
    QVERIFY(rc.lowQualityTextureMap == ch->lowQualityTextureMap);
    QCOMPARE(core::lowQualityLayerAt(ch->lowQualityTextureMap, 4, 4), int(ch->layers.size()) - 1);
    QCOMPARE(back->adt.textures.back(), kNew);
    // Undo takes the MTEX entry away again.
    doc->undoStack()->undo();
    QCOMPARE(adt.textures.size(), textures);
    QVERIFY(*doc->chunk(c) == before);
}

void TestTexturePaint::fourLayerLimitReuse() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord c{{32, 32}, 6, 6};
    makeFourLayers(*doc, c, {60, 50, 40});
    core::TexturePaintStroke stroke(*doc, paint("Tileset\\Test\\B.blp", 6.0, 0.5));
    stroke.dab(centreOfChunk(c));
    QVERIFY(stroke.finish());
    QVERIFY(stroke.refusedChunks().empty());
    const auto* ch = doc->chunk(c);
    QCOMPARE(ch->layers.size(), std::size_t(4));
    QVERIFY(ch->layers[2].alpha[32 * 64 + 32] > 50);
}

void TestTexturePaint::fourLayerLimitEvictsEmptyLayer() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord c{{32, 32}, 6, 6};
    makeFourLayers(*doc, c, {60, 0, 40});
    const io::MapChunk before = *doc->chunk(c);
    core::TexturePaintStroke stroke(*doc, paint(kNew, 6.0, 0.5));
    stroke.dab(centreOfChunk(c));
    QVERIFY(stroke.finish());
    QVERIFY(stroke.refusedChunks().empty());
    const io::Adt& adt = *doc->tile(c.tile);
    const auto* ch = doc->chunk(c);
    QCOMPARE(ch->layers.size(), std::size_t(4));
    // B (empty) is gone; C moved down to slot 2 with its map; the new texture is on top.
    QCOMPARE(ch->layers[1].textureIndex, before.layers[1].textureIndex);
    QCOMPARE(ch->layers[2].textureIndex, before.layers[3].textureIndex);
    QCOMPARE(slotOf(adt, *ch, kNew), 3);
    QCOMPARE(int(ch->layers[2].alpha[0]), 40); // outside the brush
    QCOMPARE(int(ch->layers[1].alpha[0]), 60);
    QVERIFY(ch->layers[3].alpha[32 * 64 + 32] > 100);
    QCOMPARE(lowQualityMismatches(*doc, {c}), 0);
}

void TestTexturePaint::fourLayerLimitEvictsCoveredBase() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord c{{32, 32}, 6, 6};
    makeFourLayers(*doc, c, {100, 100, 55}); // sums to 255: the base shows nowhere
    const io::MapChunk before = *doc->chunk(c);
    core::TexturePaintStroke stroke(*doc, paint(kNew, 6.0, 0.5));
    stroke.dab(centreOfChunk(c));
    QVERIFY(stroke.finish());
    QVERIFY(stroke.refusedChunks().empty());
    const auto* ch = doc->chunk(c);
    QCOMPARE(ch->layers.size(), std::size_t(4));
    // A becomes the base (no alpha map); its weight outside the brush is still 100/255.
    QCOMPARE(ch->layers[0].textureIndex, before.layers[1].textureIndex);
    QVERIFY(!ch->layers[0].hasAlpha);
    QCOMPARE(ch->layers[1].textureIndex, before.layers[2].textureIndex);
    QCOMPARE(ch->layers[2].textureIndex, before.layers[3].textureIndex);
    QCOMPARE(255 - ch->layers[1].alpha[0] - ch->layers[2].alpha[0] - ch->layers[3].alpha[0], 100);
    QCOMPARE(int(ch->layers[1].alpha[0]), 100);
    QCOMPARE(int(ch->layers[2].alpha[0]), 55);
    QVERIFY(ch->layers[3].alpha[32 * 64 + 32] > 100);
    // The writer no longer stores an alpha map for the new base.
    auto back = io::readAdt(bytesOf(*doc, c.tile), io::AdtReadOptions{false, true});
    QVERIFY(back);
    QVERIFY(!back->adt.chunks[std::size_t(c.index())].layers[0].hasAlpha);
    QVERIFY(back->adt.chunks[std::size_t(c.index())].layers[3].alpha == ch->layers[3].alpha);
}

void TestTexturePaint::fourLayerLimitRefusesAndReports() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord full{{32, 32}, 3, 5};
    makeFourLayers(*doc, full, {60, 50, 40});
    const auto original = bytesOf(*doc, {32, 32});
    const std::size_t textures = doc->tile({32, 32})->textures.size();
    {
        core::TexturePaintStroke stroke(*doc, paint(kNew, 6.0, 1.0));
        for (int i = 0; i < 5; ++i) {
            stroke.dab(centreOfChunk(full) + glm::dvec2(0.0, i * 0.5));
        }
        QCOMPARE(stroke.refusedChunks().size(), std::size_t(1)); // reported once
        QVERIFY(stroke.refusedChunks()[0].chunk == full);
        QCOMPARE(stroke.refusedChunks()[0].texture, kNew);
        QCOMPARE(stroke.refusedChunks()[0].message(),
                 QStringLiteral("chunk 5,3 of 32_32 already has 4 textures"));
        QVERIFY(stroke.finish() == nullptr); // nothing else was reached
    }
    // Untouched, and the texture was not added to MTEX for nothing.
    QVERIFY(bytesOf(*doc, {32, 32}) == original);
    QCOMPARE(doc->tile({32, 32})->textures.size(), textures);
    // A stroke across the full chunk and its neighbour paints the neighbour only.
    core::TexturePaintStroke across(*doc, paint(kNew, 20.0, 1.0));
    across.dab(core::chunkOrigin(full) - glm::dvec2(16.0, 33.0)); // the full chunk's east border
    QVERIFY(across.finish());
    QCOMPARE(across.refusedChunks().size(), std::size_t(1));
    QVERIFY(slotOf(*doc->tile({32, 32}), *doc->chunk({{32, 32}, 3, 6}), kNew) > 0);
    QCOMPARE(slotOf(*doc->tile({32, 32}), *doc->chunk(full), kNew), -1);
}

void TestTexturePaint::seamsAcrossChunkAndTileBorders() {
    auto doc = tests::hillsMap(kFourTiles);
    struct Border {
        ChunkCoord a;  // west or north side
        ChunkCoord b;  // east or south side
        bool vertical; // border runs north-south (a west of b)
    };
    const std::vector<Border> borders{
        {{{32, 32}, 3, 15}, {{33, 32}, 3, 0}, true},  // tile border, west | east
        {{{32, 32}, 15, 4}, {{32, 33}, 0, 4}, false}, // tile border, north / south
        {{{33, 33}, 7, 4}, {{33, 33}, 7, 5}, true},   // chunk border inside a tile
        {{{32, 33}, 9, 2}, {{32, 33}, 10, 2}, false}, // chunk border inside a tile
    };
    for (const Border& br : borders) {
        // A dab centred on the border: mirrored pixels are the same distance from it.
        const glm::dvec2 ob = core::chunkOrigin(br.b);
        const glm::dvec2 centre = br.vertical ? glm::dvec2(ob.x - 14.3, ob.y) : glm::dvec2(ob.x, ob.y - 19.1);
        core::TexturePaintStroke stroke(*doc, paint(kNew, 11.0, 0.73));
        stroke.dab(centre);
        stroke.dab(centre + (br.vertical ? glm::dvec2(3.0, 0.0) : glm::dvec2(0.0, 3.0)));
        QVERIFY(stroke.finish());
        const auto* ca = doc->chunk(br.a);
        const auto* cb = doc->chunk(br.b);
        int painted = 0;
        for (int i = 0; i < 64; ++i) {
            const int pa = br.vertical ? i * 64 + 63 : 63 * 64 + i;
            const int pb = br.vertical ? i * 64 + 0 : 0 * 64 + i;
            const int va = textureAlpha(*doc->tile(br.a.tile), *ca, kNew, pa);
            const int vb = textureAlpha(*doc->tile(br.b.tile), *cb, kNew, pb);
            QVERIFY2(std::abs(va - vb) <= 1,
                     qPrintable(QStringLiteral("pixel %1: %2 vs %3").arg(i).arg(va).arg(vb)));
            painted += va > 0 ? 1 : 0;
        }
        QVERIFY(painted > 10);
    }
}

void TestTexturePaint::strokeAcrossCornerIsContinuous() {
    // A stroke over the four-tile corner with a new texture and an existing one (rock, whose generated
    // maps are steep and often sum above 255 with dirt): along every chunk border near the corner, what
    // the stroke added changes across the border no more than it does between the neighbouring pixels
    // inside each chunk (plus rounding).
    for (const std::string& texture : {kNew, kRock}) {
        auto doc = tests::hillsMap(kFourTiles);
        const auto original = tests::hillsMap(kFourTiles);
        const glm::dvec2 corner = core::tileOrigin({33, 33});
        core::TexturePaintStroke stroke(*doc, paint(texture, 25.0, 0.3));
        for (int i = -20; i <= 20; ++i) {
            stroke.moveTo(corner + glm::dvec2(i * 2.0, i * 1.3));
        }
        QVERIFY(stroke.finish());
        auto added = [&](const ChunkCoord& c, int p) {
            return textureAlpha(*doc->tile(c.tile), *doc->chunk(c), texture, p) -
                   textureAlpha(*original->tile(c.tile), *original->chunk(c), texture, p);
        };
        int checked = 0;
        int painted = 0;
        const auto g0 = core::toGlobal({{33, 33}, 0, 0});
        for (int gy = g0.gy - 2; gy <= g0.gy + 1; ++gy) {
            for (int gx = g0.gx - 2; gx <= g0.gx + 1; ++gx) {
                const ChunkCoord a = core::fromGlobal({gx, gy});
                const ChunkCoord east = core::fromGlobal({gx + 1, gy});
                const ChunkCoord south = core::fromGlobal({gx, gy + 1});
                for (const auto& [b, vertical] : {std::pair{east, true}, std::pair{south, false}}) {
                    for (int i = 0; i < 64; ++i) {
                        const int a63 = added(a, vertical ? i * 64 + 63 : 63 * 64 + i);
                        const int a62 = added(a, vertical ? i * 64 + 62 : 62 * 64 + i);
                        const int b0 = added(b, vertical ? i * 64 : i);
                        const int b1 = added(b, vertical ? i * 64 + 1 : 64 + i);
                        const int across = std::abs(a63 - b0);
                        const int inside = std::max(std::abs(a63 - a62), std::abs(b1 - b0));
                        QVERIFY2(across <= inside + 2,
                                 qPrintable(QStringLiteral("%1 g%2,%3 %4 px %5: across %6 inside %7")
                                                .arg(QString::fromStdString(texture))
                                                .arg(gx)
                                                .arg(gy)
                                                .arg(vertical ? "east" : "south")
                                                .arg(i)
                                                .arg(across)
                                                .arg(inside)));
                        ++checked;
                        painted += (a63 != 0 && b0 != 0) ? 1 : 0;
                    }
                }
            }
        }
        QVERIFY(checked > 1000);
        QVERIFY(painted > 100);
    }
}

void TestTexturePaint::subStepDabsAccumulate() {
    // 4-bit maps move in steps of 17; 100 dabs of 1% each still add up (float working weights).
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto doc = tests::corpusMap(bytes, kCorpusTile);
    QVERIFY(doc);
    QVERIFY(!doc->bigAlpha());
    const io::Adt& adt = *doc->tile(kCorpusTile);
    std::optional<ChunkCoord> found;
    int slot = -1;
    for (int i = 0; i < core::kChunksPerTile && !found; ++i) {
        const ChunkCoord c{kCorpusTile, i / 16, i % 16};
        const auto* ch = doc->chunk(c);
        for (std::size_t l = 1; l < ch->layers.size(); ++l) {
            if (ch->layers[l].alpha[32 * 64 + 32] == 0) {
                found = c;
                slot = int(l);
                break;
            }
        }
    }
    QVERIFY(found);
    const std::string texture = adt.textures[doc->chunk(*found)->layers[std::size_t(slot)].textureIndex];
    core::TexturePaintStroke stroke(*doc, paint(texture, 4.0, 0.01));
    const glm::dvec2 at = core::alphaPixelCentre(core::chunkOrigin(*found), 32, 32);
    for (int i = 0; i < 100; ++i) {
        stroke.dab(at);
    }
    QVERIFY(stroke.finish());
    const int a = doc->chunk(*found)->layers[std::size_t(slot)].alpha[32 * 64 + 32];
    // 1 - 0.99^100 = 0.634 -> 9.5 of 15 levels.
    QVERIFY2(a == 9 * 17 || a == 10 * 17, qPrintable(QString::number(a)));
}

void TestTexturePaint::eraseRemovesEmptiedLayer() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord c{{32, 32}, 8, 8};
    const std::size_t layers = doc->chunk(c)->layers.size();
    {
        core::TexturePaintStroke stroke(*doc, paint(kNew, 5.0, 0.8));
        stroke.dab(centreOfChunk(c));
        QVERIFY(stroke.finish());
    }
    QCOMPARE(doc->chunk(c)->layers.size(), layers + 1);
    const int slot = slotOf(*doc->tile(c.tile), *doc->chunk(c), kNew);
    QVERIFY(slot > 0);
    {
        // Partly erased: the layer stays, the weight went back to the base.
        core::TexturePaintStroke stroke(*doc, paint(kNew, 3.0, 1.0, true));
        stroke.dab(centreOfChunk(c));
        QVERIFY(stroke.finish());
        const auto* ch = doc->chunk(c);
        QCOMPARE(ch->layers.size(), layers + 1);
        QCOMPARE(int(ch->layers[std::size_t(slot)].alpha[32 * 64 + 32]), 0);
        int sum = 0;
        for (std::size_t i = 1; i < ch->layers.size(); ++i) {
            sum += ch->layers[i].alpha[32 * 64 + 32];
        }
        QVERIFY(sum < 255); // the base shows
    }
    {
        // Erased away completely: the layer is removed when the stroke ends.
        core::TexturePaintStroke stroke(*doc, paint(kNew, 12.0, 1.0, true));
        stroke.dab(centreOfChunk(c));
        QVERIFY(stroke.finish());
        QCOMPARE(doc->chunk(c)->layers.size(), layers);
        QCOMPARE(slotOf(*doc->tile(c.tile), *doc->chunk(c), kNew), -1);
        QCOMPARE(lowQualityMismatches(*doc, {c}), 0);
    }
    // Erasing a texture a chunk does not have changes nothing.
    core::TexturePaintStroke none(*doc, paint(kOther, 12.0, 1.0, true));
    none.dab(centreOfChunk(c));
    QVERIFY(none.finish() == nullptr);
}

void TestTexturePaint::strokeOutsideBrushUntouched() {
    auto doc = tests::hillsMap(kFourTiles);
    std::map<TileCoord, io::Adt> before;
    for (const auto t : kFourTiles) {
        before[t] = *doc->tile(t);
    }
    const glm::dvec2 centre = core::tileOrigin({33, 33}) + glm::dvec2(3.1, -4.7);
    const double radius = 25.0;
    core::TexturePaintStroke stroke(*doc, paint(kRock, radius, 0.9));
    stroke.dab(centre);
    QVERIFY(stroke.finish());
    const auto changed = changedChunks(before, *doc);
    QVERIFY(changed.size() >= 4);
    std::set<TileCoord> tiles;
    int outside = 0;
    for (const auto& c : changed) {
        tiles.insert(c.tile);
        const auto& old = before[c.tile].chunks[std::size_t(c.index())];
        const auto* ch = doc->chunk(c);
        const io::Adt& adt = *doc->tile(c.tile);
        for (int p = 0; p < core::kAlphaMapPixels; ++p) {
            if (glm::length(core::alphaPixelCentre(core::chunkOrigin(c), p % 64, p / 64) - centre) < radius) {
                continue;
            }
            // Outside the brush every texture keeps its alpha (layers may have been appended).
            for (const auto& l : old.layers) {
                if (l.hasAlpha) {
                    QCOMPARE(textureAlpha(adt, *ch, adt.textures[l.textureIndex], p),
                             int(l.alpha[std::size_t(p)]));
                }
            }
            ++outside;
        }
    }
    QCOMPARE(tiles.size(), std::size_t(4));
    QVERIFY(outside > 1000);
    QCOMPARE(lowQualityMismatches(*doc, changed), 0);
}

void TestTexturePaint::undoRedoByteIdenticalHills() {
    auto doc = tests::hillsMap(kFourTiles);
    std::map<TileCoord, std::vector<std::byte>> original;
    std::map<TileCoord, io::Adt> originalAdt;
    for (const auto t : kFourTiles) {
        original[t] = bytesOf(*doc, t);
        originalAdt[t] = *doc->tile(t);
    }
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> offset(-250.0, 250.0);
    const std::array<std::string, 5> textures{kGrass, kRock, kDirt, kNew, kOther};
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    int strokes = 0;
    for (int s = 0; s < 14; ++s) {
        auto settings = paint(textures[rng() % textures.size()], 8.0 + rng() % 30, 0.2 + (rng() % 8) * 0.1,
                              rng() % 4 == 0);
        settings.brush.falloff = core::Falloff(rng() % 5);
        core::TexturePaintStroke stroke(*doc, settings);
        glm::dvec2 p = s < 3 ? corner : corner + glm::dvec2(offset(rng), offset(rng));
        for (int i = 0; i < 25; ++i) {
            p += glm::dvec2(offset(rng) * 0.04, offset(rng) * 0.04);
            stroke.moveTo(p, 0.5 + (i % 5) * 0.1);
        }
        strokes += stroke.finish() ? 1 : 0;
    }
    QCOMPARE(doc->undoStack()->count(), strokes);
    QVERIFY(strokes >= 10);
    const auto changed = changedChunks(originalAdt, *doc);
    QVERIFY(changed.size() > 20);
    QCOMPARE(lowQualityMismatches(*doc, changed), 0);
    std::map<TileCoord, std::vector<std::byte>> edited;
    std::size_t added = 0;
    for (const auto t : kFourTiles) {
        edited[t] = bytesOf(*doc, t);
        QVERIFY(edited[t] != original[t]);
        added += doc->tile(t)->textures.size() - originalAdt[t].textures.size();
    }
    QVERIFY(added >= 2); // new textures reached MTEX
    while (doc->undoStack()->canUndo()) {
        doc->undoStack()->undo();
    }
    for (const auto t : kFourTiles) {
        QVERIFY2(bytesOf(*doc, t) == original[t],
                 qPrintable(QStringLiteral("tile %1_%2 after undo").arg(t.x).arg(t.y)));
    }
    QVERIFY(!doc->isModified());
    while (doc->undoStack()->canRedo()) {
        doc->undoStack()->redo();
    }
    for (const auto t : kFourTiles) {
        QVERIFY2(bytesOf(*doc, t) == edited[t],
                 qPrintable(QStringLiteral("tile %1_%2 after redo").arg(t.x).arg(t.y)));
    }
}

void TestTexturePaint::corpusPaintFourBitSavedAsShown() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto doc = tests::corpusMap(bytes, kCorpusTile);
    QVERIFY(doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    const io::Adt& adt = *doc->tile(kCorpusTile);
    const std::size_t textures = adt.textures.size();
    const io::Adt originalAdt = adt;
    const glm::dvec2 centre = core::tileOrigin(kCorpusTile) - glm::dvec2(300.0, 260.0);
    const std::array<std::string, 3> brushes{adt.textures[0], kNew, adt.textures[3]};
    for (std::size_t s = 0; s < brushes.size(); ++s) {
        core::TexturePaintStroke stroke(*doc, paint(brushes[s], 20.0, 0.45, s == 2));
        for (int i = 0; i < 30; ++i) {
            stroke.moveTo(centre + glm::dvec2(i * 2.0 - 30.0, i * 1.5 - 20.0 * double(s)));
        }
        stroke.finish();
    }
    QVERIFY(doc->undoStack()->count() >= 2);
    const auto changed = changedChunks({{kCorpusTile, originalAdt}}, *doc);
    QVERIFY(changed.size() > 4);
    QCOMPARE(lowQualityMismatches(*doc, changed), 0);
    // New layers are 4-bit with "no effect"; every map holds 4-bit values only.
    bool added = adt.textures.size() == textures + 1;
    for (const auto& c : changed) {
        for (const auto& l : doc->chunk(c)->layers) {
            if (l.textureIndex == textures) {
                QVERIFY(l.encoding == io::AlphaEncoding::FourBit);
                QCOMPARE(l.effectId, 0xFFFFFFFFu);
            }
            for (const auto v : l.alpha) {
                QCOMPARE(v % 17, 0);
            }
        }
    }
    QVERIFY(added);
    // Saved and read back, the alpha maps are exactly what the model shows.
    const auto edited = bytesOf(*doc, kCorpusTile);
    auto back = io::readAdt(edited, io::AdtReadOptions{false, false});
    QVERIFY(back);
    for (const auto& c : changed) {
        const auto& a = back->adt.chunks[std::size_t(c.index())];
        const auto* b = doc->chunk(c);
        QCOMPARE(a.layers.size(), b->layers.size());
        for (std::size_t i = 1; i < a.layers.size(); ++i) {
            QVERIFY(a.layers[i].alpha == b->layers[i].alpha);
        }
    }
    while (doc->undoStack()->canUndo()) {
        doc->undoStack()->undo();
    }
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    while (doc->undoStack()->canRedo()) {
        doc->undoStack()->redo();
    }
    QVERIFY(bytesOf(*doc, kCorpusTile) == edited);
}

void TestTexturePaint::corpusUnfixedMapsStay63x63() {
    // The corpus tile with flag 0x8000 cleared everywhere: its 4-bit maps are 63x63.
    const auto raw = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto parsed = io::readAdt(raw, io::AdtReadOptions{false, false});
    QVERIFY(parsed);
    for (auto& ch : parsed->adt.chunks) {
        ch.flags &= ~io::mcnk_flags::DoNotFixAlphaMap;
        for (auto& l : ch.layers) {
            l.sourceBytes.clear();
        }
    }
    const auto bytes = io::writeAdt(parsed->adt);
    auto doc = tests::corpusMap(bytes, kCorpusTile);
    QVERIFY(doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    const io::Adt originalAdt = *doc->tile(kCorpusTile);
    // Strokes along a chunk's east and south borders (pixel 62/63 rows and columns).
    const ChunkCoord c{kCorpusTile, 5, 5};
    const glm::dvec2 o = core::chunkOrigin(c);
    for (const std::string& texture : {kNew, originalAdt.textures[doc->chunk(c)->layers[1].textureIndex]}) {
        core::TexturePaintStroke stroke(*doc, paint(texture, 6.0, 0.7));
        for (int i = 0; i <= 20; ++i) {
            stroke.moveTo(o - glm::dvec2(i * 1.6, core::kChunkSize - 0.4));
        }
        for (int i = 0; i <= 20; ++i) {
            stroke.moveTo(o - glm::dvec2(core::kChunkSize - 0.4, i * 1.6));
        }
        QVERIFY(stroke.finish());
    }
    const auto changed = changedChunks({{kCorpusTile, originalAdt}}, *doc);
    QVERIFY(changed.count(c));
    for (const auto& cc : changed) {
        const auto* ch = doc->chunk(cc);
        QCOMPARE(ch->flags & io::mcnk_flags::DoNotFixAlphaMap, 0u);
        for (std::size_t l = 1; l < ch->layers.size(); ++l) {
            const auto& a = ch->layers[l].alpha;
            for (int i = 0; i < 64; ++i) {
                QCOMPARE(a[std::size_t(i * 64 + 63)], a[std::size_t(i * 64 + 62)]);
                QCOMPARE(a[std::size_t(63 * 64 + i)], a[std::size_t(62 * 64 + i)]);
            }
        }
    }
    auto back = io::readAdt(bytesOf(*doc, kCorpusTile), io::AdtReadOptions{false, false});
    QVERIFY(back);
    for (const auto& cc : changed) {
        const auto& a = back->adt.chunks[std::size_t(cc.index())];
        for (std::size_t i = 1; i < a.layers.size(); ++i) {
            QVERIFY(a.layers[i].alpha == doc->chunk(cc)->layers[i].alpha);
        }
    }
}

void TestTexturePaint::corpusRefusesFullChunks() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto doc = tests::corpusMap(bytes, kCorpusTile);
    QVERIFY(doc);
    // Full chunks of the corpus: 4 layers, no empty alpha map, base visible somewhere.
    std::vector<ChunkCoord> full;
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        const ChunkCoord c{kCorpusTile, i / 16, i % 16};
        const auto* ch = doc->chunk(c);
        if (ch->layers.size() == 4) {
            full.push_back(c);
        }
    }
    QVERIFY(full.size() > 10);
    const ChunkCoord target = full[full.size() / 2];
    core::TexturePaintStroke stroke(*doc, paint(kNew, 30.0, 0.5));
    stroke.dab(centreOfChunk(target));
    stroke.finish();
    bool reported = false;
    for (const auto& r : stroke.refusedChunks()) {
        reported = reported || r.chunk == target;
        QCOMPARE(doc->chunk(r.chunk)->layers.size(), std::size_t(4));
        QCOMPARE(slotOf(*doc->tile(kCorpusTile), *doc->chunk(r.chunk), kNew), -1);
        QVERIFY(r.message().contains(QStringLiteral("of 42_29 already has 4 textures")));
    }
    QVERIFY(reported);
    // Every reached chunk was either painted or refused.
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            const ChunkCoord c{kCorpusTile, target.row + dy, target.col + dx};
            const bool painted = slotOf(*doc->tile(kCorpusTile), *doc->chunk(c), kNew) >= 0;
            const bool refused = std::any_of(stroke.refusedChunks().begin(), stroke.refusedChunks().end(),
                                             [&](const core::RefusedChunk& r) { return r.chunk == c; });
            QVERIFY(painted != refused);
        }
    }
}

void TestTexturePaint::cancelAndEmptyStrokes() {
    auto doc = tests::hillsMap({{32, 32}});
    const auto before = bytesOf(*doc, {32, 32});
    const std::size_t textures = doc->tile({32, 32})->textures.size();
    {
        core::TexturePaintStroke stroke(*doc, paint(kNew, 30.0, 1.0));
        stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
        QVERIFY(bytesOf(*doc, {32, 32}) != before);
        stroke.cancel();
    }
    QVERIFY(bytesOf(*doc, {32, 32}) == before);
    QCOMPARE(doc->tile({32, 32})->textures.size(), textures);
    QCOMPARE(doc->undoStack()->count(), 0);
    {
        core::TexturePaintStroke stroke(*doc, paint(kNew, 30.0, 0.0)); // strength 0
        stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
        QVERIFY(stroke.finish() == nullptr);
        core::TexturePaintStroke far(*doc, paint(kNew, 30.0, 1.0)); // off the loaded map
        far.moveTo(core::tileOrigin({50, 50}) - glm::dvec2(100.0));
        QVERIFY(far.finish() == nullptr);
        core::TexturePaintStroke unnamed(*doc, paint("", 30.0, 1.0));
        unnamed.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
        QVERIFY(unnamed.finish() == nullptr);
    }
    QCOMPARE(doc->undoStack()->count(), 0);
    // A stroke left unfinished is finished (one undo step) when it goes away.
    {
        core::TexturePaintStroke stroke(*doc, paint(kNew, 10.0, 1.0));
        stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    }
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(bytesOf(*doc, {32, 32}) != before);
    doc->undoStack()->undo();
    QVERIFY(bytesOf(*doc, {32, 32}) == before);
}

QTEST_GUILESS_MAIN(TestTexturePaint)
#include "test_texture_paint.moc"
