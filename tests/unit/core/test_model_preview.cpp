// Model previews drawn on the CPU: the corpus tent shows its BLP textures (decoded through the texture
// cache from the game data) where the game data has them and the neutral colour where it does not, the
// corpus rabbit (run-time texture only) renders, nearer surfaces hide farther ones whatever the draw
// order, alpha-keyed texels are left out, an empty mesh gives the background alone, and damaged meshes
// (bad indices, batches, materials, coordinates) never crash.
// With MAPSMITH_PREVIEW_DIR set, the pictures are saved there to be looked at.

#include "core/models/model_library.h"
#include "core/models/model_preview.h"
#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"
#include "support/memory_asset_source.h"
#include "support/test_blp.h"
#include "support/test_files.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace mapsmith;
using core::ObjectKind;

namespace {

const QColor kBackground(44, 48, 56);

std::vector<std::byte> corpus(const char* name) {
    return tests::readBytes(tests::corpusPath(std::string("models/") + name));
}

// The game data of the tests: the tent and the rabbit (with their group file and skin).
std::shared_ptr<test::MemoryAssetSource> gameData() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\Critter\\Rabbit.m2", corpus("Rabbit.m2"));
    source->add("World\\Critter\\Rabbit00.skin", corpus("Rabbit00.skin"));
    source->add("World\\wmo\\TrollTent.wmo", corpus("trolltent.wmo"));
    source->add("World\\wmo\\TrollTent_000.wmo", corpus("trolltent_000.wmo"));
    return source;
}

core::PreviewTextureFn texturesFrom(std::shared_ptr<io::TextureCache> cache) {
    return [cache](const std::string& path) -> std::shared_ptr<const io::CachedTexture> {
        auto texture = cache->get(path, 256);
        return texture ? *texture : nullptr;
    };
}

int countPixels(const QImage& image, const std::function<bool(QColor)>& test) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            n += test(QColor(image.pixel(x, y))) ? 1 : 0;
        }
    }
    return n;
}

int notBackground(const QImage& image) {
    return countPixels(image, [](QColor c) { return c != kBackground; });
}

// Greens of any brightness: what a green texture gives under the preview's light.
bool greenish(QColor c) {
    return c.green() > 40 && c.green() > 2 * c.red() && c.green() > 2 * c.blue();
}

void save(const QImage& image, const char* name) {
    const QString dir = qEnvironmentVariable("MAPSMITH_PREVIEW_DIR");
    if (!dir.isEmpty()) {
        image.save(dir + QLatin1Char('/') + QLatin1String(name));
    }
}

// A unit square in the y/z plane at x (seen face on from azimuth 0, elevation 0), one batch of `material`.
void addSquare(core::ModelMesh& mesh, float x, float half, std::uint32_t material) {
    const auto base = std::uint32_t(mesh.positions.size());
    for (const auto& [y, z, u, v] :
         {std::array<float, 4>{-half, -half, 0, 1}, std::array<float, 4>{half, -half, 1, 1},
          std::array<float, 4>{half, half, 1, 0}, std::array<float, 4>{-half, half, 0, 0}}) {
        mesh.positions.push_back({x, y, z});
        mesh.normals.push_back({1, 0, 0});
        mesh.uvs.push_back({u, v});
    }
    const auto first = std::uint32_t(mesh.indices.size());
    for (const std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) {
        mesh.indices.push_back(base + i);
    }
    mesh.batches.push_back({first, 6, material});
}

core::ModelPreviewOptions faceOn() {
    core::ModelPreviewOptions o;
    o.azimuthDegrees = 0.0;
    o.elevationDegrees = 0.0;
    o.size = 64;
    return o;
}

} // namespace

class TestModelPreview : public QObject {
    Q_OBJECT
private slots:
    void tentShowsItsTextures();
    void rabbitRenders();
    void nearerSurfacesHideFartherOnes();
    void alphaKeyLeavesTexelsOut();
    void emptyMeshIsTheBackground();
    void damagedMeshesDoNotCrash();
};

void TestModelPreview::tentShowsItsTextures() {
    auto source = gameData();
    core::ModelLibrary library(source);
    const core::ModelGeometry tent = library.geometry(ObjectKind::Wmo, "World\\wmo\\TrollTent.wmo");
    QVERIFY(tent.mesh);
    auto cache = std::make_shared<io::TextureCache>();
    cache->setSource(source);

    // Without its textures in the game data: neutral surfaces only.
    const QImage plain = core::renderModelPreview(*tent.mesh, {}, texturesFrom(cache));
    save(plain, "tent_plain.png");
    QCOMPARE(plain.size(), QSize(192, 192));
    const int drawn = notBackground(plain);
    QVERIFY2(drawn > 192 * 192 / 5, qPrintable(QString::number(drawn)));
    QCOMPARE(countPixels(plain, greenish), 0);

    // With a green BLP at each of its texture paths (DUNGEONS\TEXTURES\ROOF\BM_TROLL_KOTOSKIN01.BLP ...).
    for (const core::ModelMaterial& m : tent.mesh->materials) {
        QVERIFY(!m.texture.empty());
        source->add(m.texture, test::solidBlp(QColor(40, 200, 60)));
    }
    cache->setSource(source); // forget the misses
    const QImage textured = core::renderModelPreview(*tent.mesh, {}, texturesFrom(cache));
    save(textured, "tent_textured.png");
    const int green = countPixels(textured, greenish);
    QVERIFY2(green > drawn * 3 / 4, qPrintable(QStringLiteral("%1 of %2").arg(green).arg(drawn)));
    // The same outline: textures change colours, not coverage.
    QVERIFY(std::abs(notBackground(textured) - drawn) < drawn / 50);
}

void TestModelPreview::rabbitRenders() {
    core::ModelLibrary library(gameData());
    const core::ModelGeometry rabbit = library.geometry(ObjectKind::Doodad, "World\\Critter\\Rabbit.m2");
    QVERIFY(rabbit.mesh);
    int asked = 0;
    const QImage image = core::renderModelPreview(*rabbit.mesh, {}, [&asked](const std::string&) {
        ++asked;
        return std::shared_ptr<const io::CachedTexture>();
    });
    save(image, "rabbit.png");
    QCOMPARE(asked, 0); // its only texture is set at run time: nothing to look up
    const int drawn = notBackground(image);
    QVERIFY2(drawn > 192 * 192 / 6, qPrintable(QString::number(drawn)));
    // Lit: the neutral colour in several shades, not one flat silhouette.
    QSet<QRgb> shades;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            shades.insert(image.pixel(x, y));
        }
    }
    QVERIFY(shades.size() > 50);
    // Framed: the margin is left free, the model reaches near it on some side.
    for (int i = 0; i < image.width(); ++i) {
        QCOMPARE(QColor(image.pixel(i, 0)), kBackground);
        QCOMPARE(QColor(image.pixel(0, i)), kBackground);
    }
    core::ModelPreviewOptions small;
    small.size = 48;
    small.supersample = 1;
    QCOMPARE(core::renderModelPreview(*rabbit.mesh, small).size(), QSize(48, 48));
}

void TestModelPreview::nearerSurfacesHideFartherOnes() {
    core::ModelMesh mesh;
    mesh.materials = {{"red.blp", core::ModelBlend::Opaque, false, true},
                      {"blue.blp", core::ModelBlend::Opaque, false, true}};
    const auto solid = [](QColor c) {
        auto t = std::make_shared<io::CachedTexture>();
        t->width = t->height = 2;
        for (int i = 0; i < 4; ++i) {
            t->rgba.insert(t->rgba.end(),
                           {std::uint8_t(c.red()), std::uint8_t(c.green()), std::uint8_t(c.blue()), 255});
        }
        return std::shared_ptr<const io::CachedTexture>(t);
    };
    const auto textures = [&](const std::string& path) {
        return solid(path == "red.blp" ? Qt::red : Qt::blue);
    };
    addSquare(mesh, 1.0f, 0.5f, 0); // nearer the camera (on +x), red
    addSquare(mesh, 0.0f, 1.0f, 1); // behind it and larger, blue
    QImage image = core::renderModelPreview(mesh, faceOn(), textures);
    QCOMPARE(QColor(image.pixel(32, 32)), QColor(Qt::red));
    QCOMPARE(QColor(image.pixel(8, 32)), QColor(Qt::blue));
    std::swap(mesh.batches[0], mesh.batches[1]); // drawn the other way round: the same picture
    image = core::renderModelPreview(mesh, faceOn(), textures);
    QCOMPARE(QColor(image.pixel(32, 32)), QColor(Qt::red));
    QCOMPARE(QColor(image.pixel(8, 32)), QColor(Qt::blue));
    // A blended surface in front tints what is behind it without hiding it.
    mesh.materials[0].blend = core::ModelBlend::Alpha;
    const auto halfRed = [&](const std::string& path) {
        auto t = std::const_pointer_cast<io::CachedTexture>(solid(path == "red.blp" ? Qt::red : Qt::blue));
        if (path == "red.blp") {
            for (std::size_t i = 3; i < t->rgba.size(); i += 4) {
                t->rgba[i] = 128;
            }
        }
        return std::shared_ptr<const io::CachedTexture>(t);
    };
    image = core::renderModelPreview(mesh, faceOn(), halfRed);
    const QColor mixed(image.pixel(32, 32));
    QVERIFY(std::abs(mixed.red() - 128) < 4 && std::abs(mixed.blue() - 127) < 4);
}

void TestModelPreview::alphaKeyLeavesTexelsOut() {
    core::ModelMesh mesh;
    mesh.materials = {{"leaf.blp", core::ModelBlend::AlphaKey, true, true}};
    addSquare(mesh, 0.0f, 1.0f, 0);
    auto leaf = std::make_shared<io::CachedTexture>();
    leaf->width = 2;
    leaf->height = 1; // left texel transparent, right one opaque green
    leaf->rgba = {0, 255, 0, 0, 0, 255, 0, 255};
    const auto textures = [&](const std::string&) { return std::shared_ptr<const io::CachedTexture>(leaf); };
    // Seen from the front (+x), the model's left (+y, u = 1) is on the picture's right.
    const QImage image = core::renderModelPreview(mesh, faceOn(), textures);
    QCOMPARE(QColor(image.pixel(48, 32)), QColor(Qt::green));
    QCOMPARE(QColor(image.pixel(16, 32)), kBackground);
    mesh.materials[0].blend = core::ModelBlend::Opaque; // opaque ignores the texture's alpha
    QCOMPARE(QColor(core::renderModelPreview(mesh, faceOn(), textures).pixel(16, 32)), QColor(Qt::green));
}

void TestModelPreview::emptyMeshIsTheBackground() {
    const QImage image = core::renderModelPreview(core::ModelMesh{});
    QCOMPARE(image.size(), QSize(192, 192));
    QCOMPARE(image.format(), QImage::Format_RGB32);
    QCOMPARE(notBackground(image), 0);
    core::ModelPreviewOptions odd;
    odd.size = -5;
    odd.supersample = 99;
    QCOMPARE(core::renderModelPreview(core::ModelMesh{}, odd).size(), QSize(1, 1));
}

void TestModelPreview::damagedMeshesDoNotCrash() {
    core::ModelMesh mesh;
    addSquare(mesh, 0.0f, 1.0f, 7);                         // a material that does not exist
    mesh.indices.insert(mesh.indices.end(), {0, 1, 99999}); // past the vertices
    mesh.batches.push_back({6, 3, 0});
    mesh.batches.push_back({3, 1000, 0}); // past the indices
    mesh.batches.push_back({1, 5, 0});    // not on a triangle boundary
    mesh.normals.pop_back();              // fewer normals than vertices
    mesh.uvs.clear();                     // no uvs
    mesh.colours = {0xFFFFFFFF};          // too few colours
    mesh.materials = {{"x.blp", core::ModelBlend::Add, false, false}};
    QImage image = core::renderModelPreview(mesh, faceOn(), [](const std::string&) {
        auto t = std::make_shared<io::CachedTexture>();
        t->width = 4;
        t->height = 4; // claims more pixels than it has
        return std::shared_ptr<const io::CachedTexture>(t);
    });
    QCOMPARE(image.size(), QSize(64, 64));
    QVERIFY(notBackground(image) > 0); // the valid square is still drawn (neutral)

    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    mesh.positions[0] = {nan, 0, 0};
    mesh.positions[1] = {inf, -inf, 0};
    QCOMPARE(core::renderModelPreview(mesh, faceOn()).size(), QSize(64, 64));
    for (auto& p : mesh.positions) {
        p = {1e30f, -1e30f, 3e38f}; // one far point: nothing to frame
    }
    QCOMPARE(notBackground(core::renderModelPreview(mesh, faceOn())), 0);

    // Random garbage, many times.
    std::mt19937 random(1234);
    std::uniform_real_distribution<float> coord(-1e6f, 1e6f);
    for (int round = 0; round < 200; ++round) {
        core::ModelMesh junk;
        const int vertices = int(random() % 40);
        for (int i = 0; i < vertices; ++i) {
            junk.positions.push_back({coord(random), coord(random), random() % 7 == 0 ? nan : coord(random)});
            if (random() % 2) {
                junk.normals.push_back({coord(random), 0, 0});
                junk.uvs.push_back({coord(random), coord(random)});
            }
        }
        const int indices = int(random() % 100);
        for (int i = 0; i < indices; ++i) {
            junk.indices.push_back(std::uint32_t(random() % 50));
        }
        for (int b = int(random() % 4); b > 0; --b) {
            junk.batches.push_back(
                {std::uint32_t(random() % 120), std::uint32_t(random() % 120), std::uint32_t(random() % 3)});
        }
        for (int m = int(random() % 3); m > 0; --m) {
            junk.materials.push_back({"t.blp", core::ModelBlend(random() % 5), false, random() % 2 == 0});
        }
        core::ModelPreviewOptions o;
        o.size = 32;
        o.azimuthDegrees = coord(random);
        o.elevationDegrees = random() % 5 == 0 ? nan : coord(random);
        o.margin = random() % 5 == 0 ? -3.0 : 0.1;
        QCOMPARE(core::renderModelPreview(junk, o).size(), QSize(32, 32));
    }
}

QTEST_APPLESS_MAIN(TestModelPreview)
#include "test_model_preview.moc"
