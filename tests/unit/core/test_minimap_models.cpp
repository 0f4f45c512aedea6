// Placed models on the CPU minimaps (core/render/minimap_models.h, minimap_model_scene.h): the corpus troll
// tent (WMO) and rabbit (M2) served from a temporary game data folder with solid-colour BLPs at the paths
// their materials name, on a flat generated tile. Footprints are worked out here from the meshes' vertices
// through placementMatrix and placementToWorld, not by the renderer.

#include "core/convert/tile_factory.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "core/models/model_library.h"
#include "core/models/model_mesh.h"
#include "core/render/layer_images.h"
#include "core/render/minimap_export.h"
#include "core/render/minimap_model_scene.h"
#include "core/render/minimap_models.h"
#include "core/render/minimap_renderer.h"
#include "core/render/terrain_samples.h"
#include "io/assets/asset_source.h"
#include "io/assets/texture_cache.h"
#include "io/wdt/wdt.h"
#include "support/test_blp.h"
#include "support/test_files.h"
#include "support/write_file.h"

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <tuple>

using namespace mapsmith;

namespace {

const char* const kTent = "World\\Test\\TrollTent.wmo";
const char* const kRabbit = "World\\Critter\\Rabbit.m2";
const char* const kCamp = "World\\Test\\Camp.wmo"; // the tent with a doodad set holding a rabbit
const char* const kGround = "Tileset\\Test\\Ground.blp";
constexpr int kSize = 512; // 4 samples per pixel, a fine enough grid for footprints
constexpr core::TileCoord kTile{32, 32};

// The tent's three textures (its MOMT materials) in pure primaries: a lit, vertex-coloured texel keeps
// only its own channel, so a model pixel has one channel (or a mix of two at texture seams) near zero.
const std::pair<const char*, QColor> kTentTextures[] = {
    {"DUNGEONS\\TEXTURES\\ROOF\\BM_TROLL_KOTOSKIN01.BLP", QColor(255, 0, 0)},
    {"DUNGEONS\\TEXTURES\\WOOD\\BM_TROLL_SUPPORTS01.BLP", QColor(0, 255, 0)},
    {"DUNGEONS\\TEXTURES\\TRIM\\BM_TROLL_TRIM01.BLP", QColor(0, 0, 255)},
};

void copyCorpus(const QDir& data, const char* corpusName, const QString& to) {
    QVERIFY(test::writeFile(data.filePath(to),
                            tests::readBytes(tests::corpusPath(std::string("models/") + corpusName))));
}

// Placement coordinates of a world point (x north, y west) at height z.
io::Vec3f placementAt(double worldX, double worldY, double z) {
    return core::toVec3f(core::worldToPlacement({worldX, worldY, z}));
}

// The tile's centre in world coordinates.
glm::dvec2 centreOf(core::TileCoord t) {
    return core::tileOrigin(t) - glm::dvec2(core::kTileSize / 2.0);
}

using Mask = std::vector<bool>; // kSize * kSize, row-major

int count(const Mask& m) {
    return int(std::count(m.begin(), m.end(), true));
}

double iou(const Mask& a, const Mask& b) {
    int both = 0;
    int either = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        both += a[i] && b[i];
        either += a[i] || b[i];
    }
    return either == 0 ? 1.0 : double(both) / double(either);
}

// Pixels whose RGBA differ between two renders.
Mask differing(const QImage& a, const QImage& b) {
    Mask m(std::size_t(kSize) * kSize, false);
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            m[std::size_t(y) * kSize + std::size_t(x)] = a.pixel(x, y) != b.pixel(x, y);
        }
    }
    return m;
}

// The corpus tent's root with a second doodad set "Set_Rabbit" holding one doodad: the rabbit at
// (0, 40, 0) in WMO space (north of the tent's box, which reaches y 21.3), unturned, at scale 20.
QByteArray tentWithRabbitSet() {
    const auto le32 = [](QByteArray& b, std::uint32_t v) {
        for (int i = 0; i < 4; ++i) {
            b.append(char((v >> (8 * i)) & 0xFF));
        }
    };
    const auto f32 = [&](QByteArray& b, float v) {
        std::uint32_t u = 0;
        std::memcpy(&u, &v, 4);
        le32(b, u);
    };
    const auto chunk = [&](const char* reversedId, const QByteArray& body) {
        QByteArray c(reversedId, 4);
        le32(c, std::uint32_t(body.size()));
        return c + body;
    };
    const QByteArray root = QByteArray::fromStdString([] {
        const auto bytes = tests::readBytes(tests::corpusPath("models/trolltent.wmo"));
        return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }());
    QByteArray sets;
    for (const auto& [name, first, count] :
         {std::tuple{"Set_$DefaultGlobal", 0u, 0u}, {"Set_Rabbit", 0u, 1u}}) {
        QByteArray n(name);
        n.resize(20, '\0');
        sets += n;
        le32(sets, first);
        le32(sets, count);
        le32(sets, 0);
    }
    QByteArray names("World\\Critter\\Rabbit.m2");
    names.resize(28, '\0'); // NUL-terminated, padded to 4
    QByteArray doodad;
    le32(doodad, 0); // name offset 0, flags 0
    for (float v :
         {0.0f, 40.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 20.0f}) { // position, quaternion x y z w, scale
        f32(doodad, v);
    }
    le32(doodad, 0xFFFFFFFFu);
    // Chunks up to MODS as they are (MOHD's doodad counts patched), then the new MODS, MODN, MODD, then MFOG.
    QByteArray out = root.left(560);
    const auto patch = [&](int at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i) {
            out[at + i] = char((v >> (8 * i)) & 0xFF);
        }
    };
    patch(20 + 16, 1); // nDoodadNames
    patch(20 + 20, 1); // nDoodadDefs
    patch(20 + 24, 2); // nDoodadSets
    out += chunk("SDOM", sets) + chunk("NDOM", names) + chunk("DDOM", doodad) + root.mid(616);
    return out;
}

class Fixture {
public:
    Fixture() {
        QDir data(mDir.path());
        copyCorpus(data, "trolltent.wmo", QStringLiteral("World/Test/TrollTent.wmo"));
        copyCorpus(data, "trolltent_000.wmo", QStringLiteral("World/Test/TrollTent_000.wmo"));
        copyCorpus(data, "Rabbit.m2", QStringLiteral("World/Critter/Rabbit.m2"));
        copyCorpus(data, "Rabbit00.skin", QStringLiteral("World/Critter/Rabbit00.skin"));
        copyCorpus(data, "trolltent_000.wmo", QStringLiteral("World/Test/Camp_000.wmo"));
        test::writeFile(data.filePath(QStringLiteral("World/Test/Camp.wmo")), tentWithRabbitSet());
        for (const auto& [path, colour] : kTentTextures) {
            QString file = QString::fromLatin1(path);
            file.replace(QLatin1Char('\\'), QLatin1Char('/'));
            test::writeFile(data.filePath(file), test::solidBlp(colour));
        }
        test::writeFile(data.filePath(QStringLiteral("Tileset/Test/Ground.blp")),
                        test::solidBlp(QColor(128, 128, 128)));
        auto folder = io::FolderAssetSource::open(mDir.path().toStdString());
        if (!folder) {
            qFatal("asset folder: %s", folder.error().describe().c_str());
        }
        source = std::shared_ptr<const io::AssetSource>(std::move(*folder));
        cache = std::make_shared<io::TextureCache>();
        cache->setSource(source);
        library = std::make_shared<core::ModelLibrary>(source);
    }

    std::shared_ptr<const core::ModelMesh> mesh(core::ObjectKind kind, const char* name) {
        return library->geometry(kind, name).mesh;
    }

    QString path() const { return mDir.path(); }

    std::shared_ptr<const io::AssetSource> source;
    std::shared_ptr<io::TextureCache> cache;
    std::shared_ptr<core::ModelLibrary> library;

private:
    QTemporaryDir mDir;
};

io::Adt flatTile(core::TileCoord t = kTile, float height = 0.0f) {
    core::TileSpec spec;
    spec.tileX = t.x;
    spec.tileY = t.y;
    spec.height = [height](double, double) { return height; };
    spec.textures = {kGround};
    return core::createTile(spec);
}

std::uint32_t addName(std::vector<std::string>& names, const char* name) {
    names.emplace_back(name);
    return std::uint32_t(names.size() - 1);
}

void addWmo(io::Adt& tile, const char* name, io::Vec3f position, float heading, std::uint32_t uniqueId) {
    io::MapObjectPlacement w;
    w.nameIndex = addName(tile.wmoNames, name);
    w.uniqueId = uniqueId;
    w.position = position;
    w.rotation = {0.0f, core::rotationYForHeading(heading), 0.0f};
    tile.mapObjects.push_back(w);
}

void addDoodad(io::Adt& tile, const char* name, io::Vec3f position, float heading, double scale,
               std::uint32_t uniqueId) {
    io::DoodadPlacement d;
    d.nameIndex = addName(tile.modelNames, name);
    d.uniqueId = uniqueId;
    d.position = position;
    d.rotation = {0.0f, core::rotationYForHeading(heading), 0.0f};
    d.scale = core::scaleFromFactor(scale);
    tile.doodads.push_back(d);
}

struct Rendered {
    QImage image;
    core::MinimapModelScene scene;
};

Rendered render(Fixture& f, const io::Adt& tile, core::TileCoord t = kTile, bool models = true) {
    core::MinimapSettings settings;
    settings.size = kSize;
    core::LayerImages textures(f.cache, core::minimapTextureSide(settings));
    Rendered r;
    if (!models) {
        r.image = core::renderMinimap(tile, textures, settings);
        return r;
    }
    r.scene = core::minimapModelScene(tile, *f.library);
    const std::vector<float> ground = core::terrainSampleHeights(tile);
    const core::MinimapModelLayer layer = core::rasterizeMinimapModels(
        t, r.scene.models, ground, core::minimapModelTextures(f.cache), settings.look);
    r.image = core::renderMinimap(tile, textures, settings, &layer);
    return r;
}

// The pixels (of tile t's minimap) whose centre lies in the top-down projection of any of the mesh's
// triangles placed by `toPlacement` (model -> placement coordinates).
Mask footprint(const core::ModelMesh& mesh, const glm::dmat4& toPlacement, core::TileCoord t = kTile) {
    const glm::dvec2 origin = core::tileOrigin(t);
    const double perPixel = core::kTileSize / kSize;
    Mask m(std::size_t(kSize) * kSize, false);
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
        glm::dvec2 p[3];
        for (int k = 0; k < 3; ++k) {
            const glm::dvec3 placed = glm::dvec3(
                toPlacement * glm::dvec4(glm::dvec3(mesh.positions[mesh.indices[i + std::size_t(k)]]), 1.0));
            const glm::dvec3 world = core::placementToWorld(placed);
            p[k] = {(origin.y - world.y) / perPixel,
                    (origin.x - world.x) / perPixel}; // pixel x east, y south
        }
        const double area = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[1].y - p[0].y) * (p[2].x - p[0].x);
        if (std::abs(area) < 1e-9) {
            continue;
        }
        const int x0 = std::max(0, int(std::floor(std::min({p[0].x, p[1].x, p[2].x}))));
        const int x1 = std::min(kSize - 1, int(std::ceil(std::max({p[0].x, p[1].x, p[2].x}))));
        const int y0 = std::max(0, int(std::floor(std::min({p[0].y, p[1].y, p[2].y}))));
        const int y1 = std::min(kSize - 1, int(std::ceil(std::max({p[0].y, p[1].y, p[2].y}))));
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                const glm::dvec2 c(x + 0.5, y + 0.5);
                double w[3];
                for (int k = 0; k < 3; ++k) {
                    const glm::dvec2 a = p[(k + 1) % 3];
                    const glm::dvec2 b = p[(k + 2) % 3];
                    w[k] = ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / area;
                }
                if (w[0] >= 0 && w[1] >= 0 && w[2] >= 0) {
                    m[std::size_t(y) * kSize + std::size_t(x)] = true;
                }
            }
        }
    }
    return m;
}

// The pixels of m with all 8 neighbours in m too (away from the footprint's edge).
Mask interior(const Mask& m) {
    Mask out(m.size(), false);
    for (int y = 1; y + 1 < kSize; ++y) {
        for (int x = 1; x + 1 < kSize; ++x) {
            bool all = true;
            for (int dy = -1; dy <= 1 && all; ++dy) {
                for (int dx = -1; dx <= 1 && all; ++dx) {
                    all = m[std::size_t(y + dy) * kSize + std::size_t(x + dx)];
                }
            }
            out[std::size_t(y) * kSize + std::size_t(x)] = all;
        }
    }
    return out;
}

// The pixels farther than `margin` pixels from every pixel of m.
Mask farFrom(const Mask& m, int margin) {
    Mask out(m.size(), true);
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            if (!m[std::size_t(y) * kSize + std::size_t(x)]) {
                continue;
            }
            for (int yy = std::max(0, y - margin); yy <= std::min(kSize - 1, y + margin); ++yy) {
                for (int xx = std::max(0, x - margin); xx <= std::min(kSize - 1, x + margin); ++xx) {
                    out[std::size_t(yy) * kSize + std::size_t(xx)] = false;
                }
            }
        }
    }
    return out;
}

// m turned 90 degrees counter-clockwise (seen from above, north up) about the pixel corner (cx, cy).
Mask turnedLeft(const Mask& m, int cx, int cy) {
    Mask out(m.size(), false);
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            if (!m[std::size_t(y) * kSize + std::size_t(x)]) {
                continue;
            }
            // Pixel centre offset (dx, dy) -> (dy, -dx): north (0, -1) turns to west (-1, 0).
            const double dx = x + 0.5 - cx;
            const double dy = y + 0.5 - cy;
            const int nx = int(std::floor(cx + dy));
            const int ny = int(std::floor(cy - dx));
            if (nx >= 0 && nx < kSize && ny >= 0 && ny < kSize) {
                out[std::size_t(ny) * kSize + std::size_t(nx)] = true;
            }
        }
    }
    return out;
}

glm::dvec2 centroid(const Mask& m) {
    glm::dvec2 sum(0.0);
    int n = 0;
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            if (m[std::size_t(y) * kSize + std::size_t(x)]) {
                sum += glm::dvec2(x + 0.5, y + 0.5);
                ++n;
            }
        }
    }
    return n ? sum / double(n) : sum;
}

// The image and a 4x enlargement of `detail` (for looking at), under the build tree's screenshots/.
void saveForViewing(const QImage& image, const char* name, QRect detail) {
    QDir().mkpath(QStringLiteral("screenshots"));
    image.save(QStringLiteral("screenshots/%1.png").arg(QLatin1String(name)));
    image.copy(detail)
        .scaled(detail.size() * 4, Qt::IgnoreAspectRatio, Qt::FastTransformation)
        .save(QStringLiteral("screenshots/%1_detail.png").arg(QLatin1String(name)));
}

} // namespace

class TestMinimapModels : public QObject {
    Q_OBJECT
private slots:
    void tentShowsItsTexturesInItsFootprint();
    void quarterTurnTurnsTheFootprint();
    void scaleScalesTheFootprint();
    void sunkModelsStayHidden();
    void alphaKeyedTexelsLetTheGroundThrough();
    void blendedSurfacesMixWithWhatIsBelow();
    void missingModelsAreReportedOnce();
    void borderWmoIsClippedOnBothTiles();
    void wmoDoodadSetsAreDrawnThroughTheWmo();
    void corpusTileWithoutItsModels();
    void exportDrawsModelsAndCountsThem();
};

void TestMinimapModels::tentShowsItsTexturesInItsFootprint() {
    Fixture f;
    const glm::dvec2 c = centreOf(kTile);
    io::Adt tile = flatTile();
    addWmo(tile, kTent, placementAt(c.x, c.y, 0.0), 0.0f, 7);
    const Rendered with = render(f, tile);
    const Rendered without = render(f, tile, kTile, false);
    saveForViewing(with.image, "minimap_models_tent", QRect(kSize / 2 - 32, kSize / 2 - 32, 64, 64));
    QCOMPARE(with.scene.placementsDrawn, std::size_t(1));
    QVERIFY(with.scene.missing.empty());

    const auto mesh = f.mesh(core::ObjectKind::Wmo, kTent);
    QVERIFY(mesh);
    const io::MapObjectPlacement& w = tile.mapObjects.front();
    const Mask foot = footprint(*mesh, core::placementMatrix(w.position, w.rotation, 1.0));
    const Mask inside = interior(foot);
    QVERIFY2(count(inside) > 150, qPrintable(QString::number(count(inside))));
    int primaries = 0;
    double brightest = 0.0; // summed over the pixels
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            if (!inside[std::size_t(y) * kSize + std::size_t(x)]) {
                continue;
            }
            const QColor px = with.image.pixelColor(x, y);
            const QColor ground = without.image.pixelColor(x, y);
            QVERIFY(std::min({ground.red(), ground.green(), ground.blue()}) > 40); // grey, lit
            QCOMPARE(px.alpha(), 255);
            // One or two texture colours (lit): at least one channel near zero, one well above it.
            if (std::min({px.red(), px.green(), px.blue()}) <= 6 &&
                std::max({px.red(), px.green(), px.blue()}) > 40) {
                ++primaries;
            }
            brightest += std::max({px.red(), px.green(), px.blue()});
        }
    }
    QVERIFY2(primaries >= count(inside) * 98 / 100,
             qPrintable(QStringLiteral("%1 of %2").arg(primaries).arg(count(inside))));
    // Seen from above the roof's outside faces the sun (lit well above the ambient 0.45 of faces turned
    // away from it, which is what its inside would show).
    const double mean = brightest / count(inside);
    QVERIFY2(mean > 0.7 * 255.0, qPrintable(QString::number(mean)));
    // Every pixel well away from the footprint is the plain render's.
    const Mask outside = farFrom(foot, 2);
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            if (outside[std::size_t(y) * kSize + std::size_t(x)]) {
                QCOMPARE(with.image.pixel(x, y), without.image.pixel(x, y));
            }
        }
    }
    // What the renderer changed is the footprint.
    QVERIFY(iou(differing(with.image, without.image), foot) > 0.85);
}

void TestMinimapModels::quarterTurnTurnsTheFootprint() {
    Fixture f;
    const glm::dvec2 c = centreOf(kTile);
    io::Adt north = flatTile();
    addWmo(north, kTent, placementAt(c.x, c.y, 0.0), 0.0f, 1);
    io::Adt west = flatTile();
    addWmo(west, kTent, placementAt(c.x, c.y, 0.0), 90.0f, 1);
    const QImage plain = render(f, north, kTile, false).image;
    const Mask a = differing(render(f, north).image, plain);
    const Mask b = differing(render(f, west).image, plain);
    QVERIFY(count(a) > 200);
    QVERIFY2(iou(a, b) < 0.8, qPrintable(QString::number(iou(a, b)))); // the tent is not round
    const double turned = iou(turnedLeft(a, kSize / 2, kSize / 2), b);
    QVERIFY2(turned > 0.9, qPrintable(QString::number(turned)));
    // And the footprint from the vertices turns with it.
    const auto mesh = f.mesh(core::ObjectKind::Wmo, kTent);
    const io::MapObjectPlacement& w = west.mapObjects.front();
    QVERIFY(iou(b, footprint(*mesh, core::placementMatrix(w.position, w.rotation, 1.0))) > 0.85);
}

void TestMinimapModels::scaleScalesTheFootprint() {
    Fixture f;
    const glm::dvec2 c = centreOf(kTile);
    const QImage plain = render(f, flatTile(), kTile, false).image;
    Mask masks[2];
    for (int i = 0; i < 2; ++i) {
        io::Adt tile = flatTile();
        addDoodad(tile, kRabbit, placementAt(c.x, c.y, 0.0), 45.0f, i == 0 ? 20.0 : 40.0, 3);
        const Rendered r = render(f, tile);
        QCOMPARE(r.scene.placementsDrawn, std::size_t(1));
        masks[i] = differing(r.image, plain);
        const auto mesh = f.mesh(core::ObjectKind::Doodad, kRabbit);
        const io::DoodadPlacement& d = tile.doodads.front();
        const Mask foot =
            footprint(*mesh, core::placementMatrix(d.position, d.rotation, core::scaleFactor(d.scale)));
        QVERIFY2(iou(masks[i], foot) > 0.8, qPrintable(QString::number(iou(masks[i], foot))));
        // The rabbit's texture is set at run time: the neutral colour, lit.
        const Mask inside = interior(foot);
        QVERIFY(count(inside) > 10);
        for (int y = 0; y < kSize; ++y) {
            for (int x = 0; x < kSize; ++x) {
                if (inside[std::size_t(y) * kSize + std::size_t(x)]) {
                    const QColor px = r.image.pixelColor(x, y);
                    QVERIFY(px.red() >= px.green() && px.green() >= px.blue() && px.blue() > 0);
                    QVERIFY(std::abs(double(px.red()) / px.blue() - 198.0 / 174.0) < 0.08);
                }
            }
        }
    }
    const double ratio = double(count(masks[1])) / double(count(masks[0]));
    QVERIFY2(ratio > 3.4 && ratio < 4.6, qPrintable(QString::number(ratio)));
    QVERIFY(glm::length(centroid(masks[1]) - centroid(masks[0])) < 2.0);
}

void TestMinimapModels::sunkModelsStayHidden() {
    Fixture f;
    const glm::dvec2 c = centreOf(kTile);
    const io::Adt raised = flatTile(kTile, 30.0f);
    const QImage plain = render(f, raised, kTile, false).image;
    // The tent (up to 11 yd tall) wholly under ground 30 yd high: nothing shows.
    io::Adt buried = raised;
    addWmo(buried, kTent, placementAt(c.x, c.y, 15.0), 0.0f, 1);
    const Rendered hidden = render(f, buried);
    QCOMPARE(hidden.scene.placementsDrawn, std::size_t(1)); // drawn, and hidden by the ground
    QCOMPARE(count(differing(hidden.image, plain)), 0);
    // Half sunk: the top of its roof shows, a smaller patch than the whole tent.
    io::Adt half = raised;
    addWmo(half, kTent, placementAt(c.x, c.y, 21.0), 0.0f, 1);
    io::Adt standing = raised;
    addWmo(standing, kTent, placementAt(c.x, c.y, 30.0), 0.0f, 1);
    const int top = count(differing(render(f, half).image, plain));
    const int whole = count(differing(render(f, standing).image, plain));
    QVERIFY2(top > 20 && top < whole * 3 / 4, qPrintable(QStringLiteral("%1 of %2").arg(top).arg(whole)));
}

void TestMinimapModels::alphaKeyedTexelsLetTheGroundThrough() {
    Fixture f;
    const glm::dvec2 c = centreOf(kTile);
    const io::Adt tile = flatTile();
    auto keyed = std::make_shared<core::ModelMesh>(*f.mesh(core::ObjectKind::Wmo, kTent));
    for (core::ModelMaterial& m : keyed->materials) {
        m.blend = core::ModelBlend::AlphaKey;
    }
    io::MapObjectPlacement w;
    w.position = placementAt(c.x, c.y, 0.0);
    const core::PlacedModel placed{keyed, core::wmoToWorld(w)};
    core::MinimapSettings settings;
    settings.size = kSize;
    core::LayerImages textures(f.cache, core::minimapTextureSide(settings));
    const std::vector<float> ground = core::terrainSampleHeights(tile);
    const auto textureOfAlpha = [](int alpha) {
        auto t = std::make_shared<io::CachedTexture>();
        t->width = t->height = 4;
        t->rgba.resize(64);
        for (std::size_t i = 0; i < t->rgba.size(); i += 4) {
            t->rgba[i] = 250;
            t->rgba[i + 3] = std::uint8_t(alpha);
        }
        return core::ModelTextureFn([t](const std::string&) { return t; });
    };
    const QImage plain = core::renderMinimap(tile, textures, settings);
    const auto draw = [&](int alpha) {
        const auto layer = core::rasterizeMinimapModels(kTile, std::span(&placed, 1), ground,
                                                        textureOfAlpha(alpha), settings.look);
        return core::renderMinimap(tile, textures, settings, &layer);
    };
    QCOMPARE(count(differing(draw(0), plain)), 0);     // every texel keyed out
    QCOMPARE(count(differing(draw(127), plain)), 0);   // below 0.5
    QVERIFY(count(differing(draw(128), plain)) > 200); // at 0.5 and above: drawn
}

void TestMinimapModels::blendedSurfacesMixWithWhatIsBelow() {
    Fixture f;
    const glm::dvec2 c = centreOf(kTile);
    const io::Adt tile = flatTile();
    auto glass = std::make_shared<core::ModelMesh>(*f.mesh(core::ObjectKind::Wmo, kTent));
    for (core::ModelMaterial& m : glass->materials) {
        m.blend = core::ModelBlend::Alpha;
        m.unlit = true;
    }
    io::MapObjectPlacement w;
    w.position = placementAt(c.x, c.y, 0.0);
    const core::PlacedModel placed{glass, core::wmoToWorld(w)};
    core::MinimapSettings settings;
    settings.size = kSize;
    core::LayerImages textures(f.cache, core::minimapTextureSide(settings));
    const std::vector<float> ground = core::terrainSampleHeights(tile);
    auto t = std::make_shared<io::CachedTexture>();
    t->width = t->height = 1;
    t->rgba = {255, 255, 255, 0};
    const auto layerOf = [&](std::uint8_t alpha) {
        t->rgba[3] = alpha;
        return core::rasterizeMinimapModels(
            kTile, std::span(&placed, 1), ground, [t](const std::string&) { return t; }, settings.look);
    };
    const QImage plain = core::renderMinimap(tile, textures, settings);
    const auto clear = layerOf(0);
    QCOMPARE(count(differing(core::renderMinimap(tile, textures, settings, &clear), plain)), 0);
    // Half-transparent white (times the tent's vertex colours) brightens the grey below, never replaces it.
    const auto half = layerOf(128);
    const QImage veiled = core::renderMinimap(tile, textures, settings, &half);
    const Mask changed = differing(veiled, plain);
    QVERIFY(count(changed) > 200);
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            if (changed[std::size_t(y) * kSize + std::size_t(x)]) {
                QVERIFY(qRed(veiled.pixel(x, y)) >= qRed(plain.pixel(x, y)) / 2);
            }
        }
    }
}

void TestMinimapModels::missingModelsAreReportedOnce() {
    Fixture f;
    const glm::dvec2 c = centreOf(kTile);
    io::Adt tile = flatTile();
    addDoodad(tile, "World\\Nowhere\\Gone.m2", placementAt(c.x + 100, c.y, 0.0), 0.0f, 1.0, 1);
    addDoodad(tile, "World\\Nowhere\\Gone.m2", placementAt(c.x - 100, c.y, 0.0), 0.0f, 1.0, 2);
    addWmo(tile, "World\\Nowhere\\Hut.wmo", placementAt(c.x, c.y + 100, 0.0), 0.0f, 3);
    addWmo(tile, kTent, placementAt(c.x, c.y, 0.0), 0.0f, 4);
    addDoodad(tile, kRabbit, placementAt(c.x, c.y - 100, 0.0), 0.0f, 20.0, 5);
    addDoodad(tile, kRabbit, placementAt(c.x, c.y - 100, 0.0), 0.0f, 20.0, 5); // the same uniqueId again
    const Rendered r = render(f, tile);
    QCOMPARE(r.scene.placementsDrawn, std::size_t(2));
    QCOMPARE(r.scene.models.size(), std::size_t(2));
    QCOMPARE(r.scene.missing.size(), std::size_t(2));
    QCOMPARE(r.scene.missing[0].name, std::string("World\\Nowhere\\Gone.m2"));
    QVERIFY(r.scene.missing[0].problem.find("not found") != std::string::npos);
    QCOMPARE(r.scene.missing[1].name, std::string("World\\Nowhere\\Hut.wmo"));
    // The tent and the rabbit are drawn all the same.
    const Mask changed = differing(r.image, render(f, tile, kTile, false).image);
    const io::MapObjectPlacement& w = tile.mapObjects.back();
    const io::DoodadPlacement& d = tile.doodads.back();
    for (const Mask& foot :
         {footprint(*f.mesh(core::ObjectKind::Wmo, kTent),
                    core::placementMatrix(w.position, w.rotation, 1.0)),
          footprint(*f.mesh(core::ObjectKind::Doodad, kRabbit),
                    core::placementMatrix(d.position, d.rotation, core::scaleFactor(d.scale)))}) {
        const Mask inside = interior(foot);
        QVERIFY(count(inside) > 10);
        for (std::size_t i = 0; i < inside.size(); ++i) {
            QVERIFY(!inside[i] || changed[i]);
        }
    }
}

void TestMinimapModels::borderWmoIsClippedOnBothTiles() {
    Fixture f;
    const core::TileCoord west = kTile;
    const core::TileCoord east{kTile.x + 1, kTile.y};
    // On the border between the two tiles (world y of the east tile's west edge), half way down.
    const double x = core::tileOrigin(west).x - core::kTileSize / 2.0;
    const double y = core::tileOrigin(east).y;
    io::Adt a = flatTile(west);
    io::Adt b = flatTile(east);
    addWmo(a, kTent, placementAt(x, y, 0.0), 90.0f, 9);
    addWmo(b, kTent, placementAt(x, y, 0.0), 90.0f, 9);
    const Rendered ra = render(f, a, west);
    const Rendered rb = render(f, b, east);
    saveForViewing(ra.image, "minimap_models_border_west", QRect(kSize - 64, kSize / 2 - 32, 64, 64));
    saveForViewing(rb.image, "minimap_models_border_east", QRect(0, kSize / 2 - 32, 64, 64));
    const Mask ma = differing(ra.image, render(f, a, west, false).image);
    const Mask mb = differing(rb.image, render(f, b, east, false).image);
    const auto mesh = f.mesh(core::ObjectKind::Wmo, kTent);
    const io::MapObjectPlacement& w = a.mapObjects.front();
    const glm::dmat4 m = core::placementMatrix(w.position, w.rotation, 1.0);
    QVERIFY(iou(ma, footprint(*mesh, m, west)) > 0.8);
    QVERIFY(iou(mb, footprint(*mesh, m, east)) > 0.8);
    // Each tile holds a part, the west one along its east edge and the east one along its west edge, in
    // the same rows; together they are the whole tent.
    int aEdge = 0;
    int bEdge = 0;
    for (int row = 0; row < kSize; ++row) {
        const bool inA = ma[std::size_t(row) * kSize + kSize - 1];
        const bool inB = mb[std::size_t(row) * kSize];
        aEdge += inA;
        bEdge += inB;
    }
    QVERIFY(aEdge > 5);
    QVERIFY(std::abs(aEdge - bEdge) <= 2);
    io::Adt whole = flatTile();
    const glm::dvec2 c = centreOf(kTile);
    addWmo(whole, kTent, placementAt(c.x, c.y, 0.0), 90.0f, 9);
    const int full = count(differing(render(f, whole).image, render(f, whole, kTile, false).image));
    const int parts = count(ma) + count(mb);
    QVERIFY2(std::abs(parts - full) < full / 10, qPrintable(QStringLiteral("%1 vs %2").arg(parts).arg(full)));
}

void TestMinimapModels::wmoDoodadSetsAreDrawnThroughTheWmo() {
    Fixture f;
    const auto camp = f.mesh(core::ObjectKind::Wmo, kCamp);
    QVERIFY(camp);
    QCOMPARE(camp->doodadSets.size(), std::size_t(2));
    QCOMPARE(camp->doodads.size(), std::size_t(1));
    const glm::dvec2 c = centreOf(kTile);
    const QImage plain = render(f, flatTile(), kTile, false).image;
    // Turned to face west: the rabbit, 40 yd along the WMO's y (left of its front), ends up south.
    io::Adt tile = flatTile();
    addWmo(tile, kCamp, placementAt(c.x, c.y, 0.0), 90.0f, 1);
    const io::MapObjectPlacement& w = tile.mapObjects.front();
    // The rabbit's pixels worked out here: WMO placement x (doodad position, rotation identity, scale 20).
    glm::dmat4 local(20.0);
    local[3] = glm::dvec4(0.0, 40.0, 0.0, 1.0);
    const Mask rabbit = interior(footprint(*f.mesh(core::ObjectKind::Doodad, kRabbit),
                                           core::placementMatrix(w.position, w.rotation, 1.0) * local));
    QVERIFY(count(rabbit) > 10);
    QVERIFY(centroid(rabbit).y > kSize / 2 + 30); // south of the tent
    const auto changedWith = [&](std::uint16_t set) {
        tile.mapObjects.front().doodadSet = set;
        const Rendered r = render(f, tile);
        return std::pair{differing(r.image, plain), r.scene};
    };
    const auto [defaultOnly, sceneDefault] = changedWith(0);
    QCOMPARE(sceneDefault.models.size(), std::size_t(1));
    const auto [withRabbit, sceneRabbit] = changedWith(1);
    QCOMPARE(sceneRabbit.models.size(), std::size_t(2));
    QCOMPARE(sceneRabbit.placementsDrawn, std::size_t(1)); // one MODF entry
    for (std::size_t i = 0; i < rabbit.size(); ++i) {
        if (rabbit[i]) {
            QVERIFY(withRabbit[i]);
            QVERIFY(!defaultOnly[i]);
        }
    }
}

void TestMinimapModels::corpusTileWithoutItsModels() {
    // continent4229 places 381 doodads and 19 WMOs whose files the corpus lacks: every name is reported
    // once, the terrain is drawn as without models; a tent added to it is drawn.
    Fixture f;
    const auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
    QVERIFY(read);
    io::Adt tile = read->adt;
    const core::TileCoord coord{42, 29};
    QCOMPARE(tile.doodads.size(), std::size_t(381));
    QCOMPARE(tile.mapObjects.size(), std::size_t(19));
    std::set<std::string> referenced;
    for (const auto& d : tile.doodads) {
        referenced.insert(tile.modelNames[d.nameIndex]);
    }
    for (const auto& w : tile.mapObjects) {
        referenced.insert(tile.wmoNames[w.nameIndex]);
    }
    const Rendered r = render(f, tile, coord);
    QCOMPARE(r.scene.placementsDrawn, std::size_t(0));
    QCOMPARE(r.scene.missing.size(), referenced.size());
    std::set<std::string> named;
    for (const core::MissingModel& m : r.scene.missing) {
        QVERIFY(named.insert(m.name).second);
        QVERIFY(!m.problem.empty());
    }
    QCOMPARE(named, referenced);
    const QImage plain = render(f, tile, coord, false).image;
    QCOMPARE(r.image, plain);

    // The tent on the ground in the middle of the tile.
    const glm::dvec2 c = centreOf(coord);
    const std::vector<float> ground = core::terrainSampleHeights(tile);
    const float z = ground[std::size_t(core::kTileSamples / 2) * core::kTileSamples + core::kTileSamples / 2];
    QVERIFY(std::isfinite(z));
    addWmo(tile, kTent, placementAt(c.x, c.y, z), 0.0f, 99999);
    const Rendered withTent = render(f, tile, coord);
    QCOMPARE(withTent.scene.placementsDrawn, std::size_t(1));
    saveForViewing(withTent.image, "minimap_models_continent4229",
                   QRect(kSize / 2 - 32, kSize / 2 - 32, 64, 64));
    const QColor roof = withTent.image.pixelColor(kSize / 2, kSize / 2);
    QVERIFY2(roof.red() > 100 && roof.green() < 20 && roof.blue() < 20, qPrintable(roof.name()));
}

void TestMinimapModels::exportDrawsModelsAndCountsThem() {
    Fixture f;
    QTemporaryDir mapDir;
    // A two-tile map: the tent on the border (an entry in both tiles), a missing doodad on the west one.
    const core::TileCoord west = kTile;
    const core::TileCoord east{kTile.x + 1, kTile.y};
    const double x = core::tileOrigin(west).x - core::kTileSize / 2.0;
    const double y = core::tileOrigin(east).y;
    io::Adt a = flatTile(west);
    io::Adt b = flatTile(east);
    addWmo(a, kTent, placementAt(x, y, 0.0), 0.0f, 9);
    addWmo(b, kTent, placementAt(x, y, 0.0), 0.0f, 9);
    addDoodad(a, "World\\Nowhere\\Gone.m2", placementAt(x, y + 100, 0.0), 0.0f, 1.0, 10);
    io::Wdt wdt;
    const QDir dir(mapDir.path());
    for (const auto& [t, tile] : {std::pair{west, &a}, std::pair{east, &b}}) {
        wdt.setTile(t.x, t.y, true);
        QVERIFY(test::writeFile(dir.filePath(QStringLiteral("Border_%1_%2.adt").arg(t.x).arg(t.y)),
                                io::writeAdt(*tile)));
    }
    QVERIFY(test::writeFile(dir.filePath(QStringLiteral("Border.wdt")), io::writeWdt(wdt)));
    core::MinimapRenderRequest request;
    request.wdtPath = QDir(mapDir.path()).filePath(QStringLiteral("Border.wdt"));
    request.textures = f.cache;
    request.models = f.library;
    const auto result = core::renderMinimaps(request);
    QVERIFY(result);
    QCOMPARE(result->written.size(), std::size_t(2));
    QCOMPARE(result->modelsDrawn, std::size_t(2)); // the tent on each tile
    QCOMPARE(result->missingModels.size(), std::size_t(1));
    QCOMPARE(result->missingModels[0].name, std::string("World\\Nowhere\\Gone.m2"));
}

QTEST_GUILESS_MAIN(TestMinimapModels)
#include "test_minimap_models.moc"
