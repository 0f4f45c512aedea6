// A Gamestudio level's blocks as a WMO (core/convert/wmb_wmo.h). On the corpus level test.wmb: all 556 block
// triangles drawn (no sky, no untextured skin) in one group, every triangle in exactly one batch of its
// material, valid batch ranges, bounds equal to the level's block bounds in yards, the 7 textures as BLPs of
// their sizes named by the materials, unit normals facing out of the floor and the water, winding agreeing
// with the normals, and the written files read back strictly. Hand-made levels: a texture that is not a
// power of two, one that was not decoded, an untextured (invisible) block, a sky skin, a smooth block, more
// than 65535 vertices (two groups), no blocks (no groups), and the options refused.

#include "core/convert/wmb_textures.h"
#include "core/convert/wmb_wmo.h"
#include "core/convert/wmo_bsp.h"
#include "io/assets/blp.h"
#include "io/model/wmo_set.h"
#include "support/test_files.h"

#include <QtTest>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

using namespace mapsmith;

namespace {

constexpr double kYardsPerQuant = 1.0 / 36.0;

io::Wmb readCorpusLevel() {
    auto level = io::readWmb(tests::readBytes(tests::corpusPath("wmb/test.wmb")));
    if (!level) {
        qWarning("test.wmb: %s", level.error().describe().c_str());
        return {};
    }
    return std::move(*level);
}

core::WmbWmoOptions testOptions() {
    core::WmbWmoOptions o;
    o.gameFolder = "World\\wmo\\Gamestudio\\test";
    o.name = "test";
    return o;
}

glm::dvec3 vec(const io::ModelVec3& v) {
    return {v[0], v[1], v[2]};
}

// An opaque texture decoded to `w` x `h` (as readWmb leaves a decoded 8888 texture).
io::WmbTexture texture(const std::string& name, std::uint32_t w, std::uint32_t h, bool decoded = true) {
    io::WmbTexture t;
    t.name = name;
    t.skin.type = io::gamestudio_skin_type::Argb8888;
    t.skin.width = w;
    t.skin.height = h;
    if (decoded) {
        t.skin.imageWidth = w;
        t.skin.imageHeight = h;
        std::vector<std::uint8_t> rgba(std::size_t(w) * h * 4, 200);
        t.skin.rgba.push_back(std::move(rgba));
    }
    return t;
}

// A block of `quads` unit squares in a row on z = 0 (two triangles each, wound clockwise seen from above as
// WMB7 stores front faces), one skin.
io::WmbBlock floorBlock(int quads, io::WmbSkin skin, float x0 = 0.0f) {
    io::WmbBlock b;
    for (int i = 0; i <= quads; ++i) {
        const float x = x0 + float(i) * 36.0f;
        b.vertices.push_back(io::WmbVertex{{x, 0.0f, 0.0f}, {float(i), 0.0f}, {0.5f, 0.5f}});
        b.vertices.push_back(io::WmbVertex{{x, 36.0f, 0.0f}, {float(i), 1.0f}, {0.5f, 0.5f}});
    }
    for (int i = 0; i < quads; ++i) {
        const auto v = std::int16_t(2 * i);
        b.triangles.push_back(io::WmbTriangle{{v, std::int16_t(v + 1), std::int16_t(v + 2)}, 0, 0});
        b.triangles.push_back(
            io::WmbTriangle{{std::int16_t(v + 1), std::int16_t(v + 3), std::int16_t(v + 2)}, 0, 0});
    }
    b.skins.push_back(skin);
    return b;
}

std::size_t batchedTriangles(const io::WmoGroup& g) {
    std::size_t n = 0;
    for (const auto& b : g.batches) {
        n += b.indexCount / 3;
    }
    return n;
}

// Every file of `files` as a fetch for readWmoWithGroups.
io::WmoFetch fetchFrom(const std::vector<core::WmoOutputFile>& files) {
    return [&files](const std::string& name) -> std::optional<std::vector<std::byte>> {
        for (const auto& f : files) {
            if (f.gamePath == name) {
                return f.bytes;
            }
        }
        return std::nullopt;
    };
}

} // namespace

class TestWmbWmo : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        mLevel = readCorpusLevel();
        QCOMPARE(mLevel.blocks.size(), std::size_t(18));
        auto wmo = core::buildWmoFromWmb(mLevel, testOptions());
        QVERIFY2(wmo.hasValue(), wmo ? "" : wmo.error().describe().c_str());
        mWmo = std::move(*wmo);
    }

    void corpusTriangleCounts() {
        std::size_t levelTriangles = 0;
        for (const auto& b : mLevel.blocks) {
            levelTriangles += b.triangles.size();
        }
        QCOMPARE(levelTriangles, std::size_t(556));
        // No sky skin and no untextured skin in test.wmb: every triangle is drawn.
        QCOMPARE(mWmo.renderedTriangles, std::size_t(556));
        QCOMPARE(mWmo.collisionOnlyTriangles, std::size_t(0));
        QVERIFY2(mWmo.warnings.empty(), mWmo.warnings.empty() ? "" : mWmo.warnings.front().c_str());
        QCOMPARE(mWmo.groups.size(), std::size_t(1));
        QCOMPARE(mWmo.groups[0].triangleCount(), std::size_t(556));
        QCOMPARE(mWmo.groups[0].triangles.size(), std::size_t(556));
        // Flat skins only: three vertices of its own per triangle.
        QCOMPARE(mWmo.groups[0].vertices.size(), std::size_t(556 * 3));
        QCOMPARE(mWmo.root.groupCount, std::uint32_t(1));
        QCOMPARE(mWmo.root.groupInfos.size(), std::size_t(1));
        QCOMPARE(mWmo.rootPath, std::string("World\\wmo\\Gamestudio\\test\\test.wmo"));
    }

    void corpusBatches() {
        const io::WmoGroup& g = mWmo.groups[0];
        QCOMPARE(std::size_t(g.exteriorBatchCount), g.batches.size());
        QCOMPARE(g.batches.size(), std::size_t(7)); // one material per texture, each under 21845 triangles
        std::vector<int> covered(g.triangleCount(), 0);
        for (const auto& b : g.batches) {
            QCOMPARE(b.firstIndex % 3, std::uint32_t(0));
            QCOMPARE(b.indexCount % 3, 0);
            QVERIFY(b.indexCount > 0);
            QVERIFY(std::size_t(b.firstIndex) + b.indexCount <= g.indices.size());
            QVERIFY(b.material < g.batches.size());
            QVERIFY(b.firstVertex <= b.lastVertex);
            QVERIFY(b.lastVertex < g.vertices.size());
            for (std::size_t i = b.firstIndex; i < b.firstIndex + b.indexCount; ++i) {
                QVERIFY(g.indices[i] >= b.firstVertex && g.indices[i] <= b.lastVertex);
                const auto& p = g.vertices[g.indices[i]];
                for (int a = 0; a < 3; ++a) {
                    QVERIFY(p[a] >= b.box[std::size_t(a)] && p[a] <= b.box[std::size_t(a) + 3]);
                }
            }
            for (std::size_t t = b.firstIndex / 3; t < (b.firstIndex + b.indexCount) / 3; ++t) {
                ++covered[t];
                QCOMPARE(g.triangles[t].material, b.material);
                QCOMPARE(g.triangles[t].flags & 0x20, 0x20); // drawn: Render
            }
        }
        for (std::size_t t = 0; t < covered.size(); ++t) {
            QCOMPARE(covered[t], 1);
        }
        // The water ("*water3") is passable: drawn without collision (Render | Detail); the rest collides.
        std::size_t passable = 0;
        for (const auto& t : g.triangles) {
            passable += t.flags == 0x24 ? 1 : 0;
            QVERIFY(t.flags == 0x24 || t.flags == 0x20);
        }
        QCOMPARE(passable, mLevel.blocks[0].triangles.size());
        QCOMPARE(passable, std::size_t(12));
    }

    void corpusBounds() {
        const io::WmbBounds level = io::wmbBlockBounds(mLevel);
        const io::ModelBounds& g = mWmo.groups[0].bounds;
        for (int a = 0; a < 3; ++a) {
            QCOMPARE(g.min[a], float(double(level.min[a]) * kYardsPerQuant));
            QCOMPARE(g.max[a], float(double(level.max[a]) * kYardsPerQuant));
            QCOMPARE(mWmo.root.bounds.min[a], g.min[a]);
            QCOMPARE(mWmo.root.bounds.max[a], g.max[a]);
            QCOMPARE(mWmo.root.groupInfos[0].bounds.min[a], g.min[a]);
        }
        // The water plane's corner (-2048, -2048, -256) quants is the level's lowest corner.
        QCOMPARE(g.min[0], float(-2048.0 / 36.0));
        QCOMPARE(g.min[1], float(-2048.0 / 36.0));
        QCOMPARE(g.min[2], float(-256.0 / 36.0));
        QCOMPARE(g.max[2], float(264.0 / 36.0));
        QCOMPARE(mWmo.groups[0].flags, std::uint32_t(0x1 | 0x4 | 0x8)); // BSP, vertex colours, exterior
    }

    void corpusTextures_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("side");
        QTest::newRow("redplain") << "redplain.blp" << 128;
        QTest::newRow("tilegrass") << "tilegrass.blp" << 128;
        QTest::newRow("metalribbed2") << "metalribbed2.blp" << 64;
        QTest::newRow("cobblestones1") << "cobblestones1.blp" << 256;
        QTest::newRow("*water3") << "water3.blp" << 128;
        QTest::newRow("marbleblack") << "marbleblack.blp" << 128;
        QTest::newRow("lightwall1") << "lightwall1.blp" << 128;
    }
    void corpusTextures() {
        QFETCH(QString, file);
        QFETCH(int, side);
        QCOMPARE(mWmo.textures.size(), std::size_t(7));
        QCOMPARE(mWmo.root.textureCount, std::uint32_t(7));
        const std::string path = "World\\wmo\\Gamestudio\\test\\" + file.toStdString();
        const auto it = std::find_if(mWmo.textures.begin(), mWmo.textures.end(),
                                     [&](const core::WmoOutputFile& f) { return f.gamePath == path; });
        QVERIFY2(it != mWmo.textures.end(), path.c_str());
        const auto blp = io::readBlp(it->bytes);
        QVERIFY2(blp.hasValue(), blp ? "" : blp.error().describe().c_str());
        QCOMPARE(blp->width, std::uint32_t(side));
        QCOMPARE(blp->height, std::uint32_t(side));
        QCOMPARE(blp->encoding, io::BlpEncoding::Dxt);
        QCOMPARE(blp->dxt, io::BlpDxt::Dxt1); // the level's 565 textures are opaque
        QCOMPARE(blp->mips.size(), io::blpFullMipCount(std::uint32_t(side), std::uint32_t(side)));
        // Exactly one material names it.
        int named = 0;
        for (const auto& m : mWmo.root.materials) {
            named += mWmo.root.textures.at(m.textures[0]) == path ? 1 : 0;
        }
        QCOMPARE(named, 1);
    }

    void corpusMaterials() {
        QCOMPARE(mWmo.root.materials.size(), std::size_t(7));
        std::set<std::uint32_t> offsets;
        for (const auto& m : mWmo.root.materials) {
            QVERIFY(m.textures[0] < mWmo.root.textures.bytes.size());
            QCOMPARE(m.textures[0] % 4, std::uint32_t(0));
            QVERIFY(m.textures[0] == 0 || mWmo.root.textures.bytes[m.textures[0] - 1] == '\0');
            const std::string name = mWmo.root.textures.at(m.textures[0]);
            QVERIFY(name.starts_with("World\\wmo\\Gamestudio\\test\\"));
            QVERIFY(name.ends_with(".blp"));
            QCOMPARE(m.blendMode, std::uint32_t(0));
            offsets.insert(m.textures[0]);
        }
        QCOMPARE(offsets.size(), std::size_t(7));
        QCOMPARE(mWmo.root.doodadSets.size(), std::size_t(1));
        QCOMPARE(mWmo.root.doodadSets[0].name, std::string("Set_$DefaultGlobal"));
        QCOMPARE(mWmo.root.doodadSetCount, std::uint32_t(1));
        QCOMPARE(mWmo.root.groupNames.at(std::uint32_t(mWmo.root.groupInfos[0].nameOffset)),
                 std::string("test_000"));
    }

    void corpusNormals() {
        const io::WmoGroup& g = mWmo.groups[0];
        QCOMPARE(g.normals.size(), g.vertices.size());
        for (const auto& n : g.normals) {
            QVERIFY(std::abs(glm::length(vec(n)) - 1.0) < 1e-5);
        }
        // Each triangle's counter-clockwise normal (the WMO's front) agrees with its vertex normals.
        for (std::size_t t = 0; t < g.triangleCount(); ++t) {
            const glm::dvec3 a = vec(g.vertices[g.indices[t * 3]]);
            const glm::dvec3 b = vec(g.vertices[g.indices[t * 3 + 1]]);
            const glm::dvec3 c = vec(g.vertices[g.indices[t * 3 + 2]]);
            const glm::dvec3 face = glm::cross(b - a, c - a);
            QVERIFY(glm::dot(face, vec(g.normals[g.indices[t * 3]])) > 0.0);
        }
        // The floor (block 12's top, z = -128 quants) faces up where no other block stands on it, and so
        // does the water's top (z = -208 quants), which no other block touches.
        const float floorZ = float(-128.0 * kYardsPerQuant);
        const float waterZ = float(-208.0 * kYardsPerQuant);
        const auto coveredByOther = [&](double x, double y) {
            for (std::size_t b = 1; b < mLevel.blocks.size(); ++b) {
                const auto& blk = mLevel.blocks[b];
                if (b != 12 && x >= blk.mins[0] * kYardsPerQuant && x <= blk.maxs[0] * kYardsPerQuant &&
                    y >= blk.mins[1] * kYardsPerQuant && y <= blk.maxs[1] * kYardsPerQuant) {
                    return true;
                }
            }
            return false;
        };
        int floorUp = 0;
        int waterUp = 0;
        for (std::size_t t = 0; t < g.triangleCount(); ++t) {
            const auto& a = g.vertices[g.indices[t * 3]];
            const auto& b = g.vertices[g.indices[t * 3 + 1]];
            const auto& c = g.vertices[g.indices[t * 3 + 2]];
            const glm::dvec3 centre = (vec(a) + vec(b) + vec(c)) / 3.0;
            const glm::dvec3 n = vec(g.normals[g.indices[t * 3]]);
            if (a[2] == floorZ && b[2] == floorZ && c[2] == floorZ && !coveredByOther(centre.x, centre.y)) {
                QCOMPARE(n.z, 1.0);
                ++floorUp;
            }
            if (a[2] == waterZ && b[2] == waterZ && c[2] == waterZ) {
                QCOMPARE(n.z, 1.0);
                ++waterUp;
            }
        }
        QVERIFY(floorUp > 0);
        QCOMPARE(waterUp, 2);
    }

    void corpusVertexColours() {
        // test.wmb has lightmaps: one colour per vertex, opaque; the water's skin is flat (no lightmap):
        // white.
        const io::WmoGroup& g = mWmo.groups[0];
        QCOMPARE(g.colorSets.size(), std::size_t(1));
        QCOMPARE(g.colorSets[0].size(), g.vertices.size());
        int white = 0;
        int lit = 0;
        for (const std::uint32_t c : g.colorSets[0]) {
            QCOMPARE(c >> 24, std::uint32_t(0xFF));
            white += c == 0xFFFFFFFF ? 1 : 0;
            lit += c != 0xFFFFFFFF ? 1 : 0;
        }
        QVERIFY(lit > 0);
        QVERIFY(white < int(g.vertices.size()));
    }

    void corpusBsp() {
        const io::WmoGroup& g = mWmo.groups[0];
        const io::WmoRawChunk* nodes = nullptr;
        const io::WmoRawChunk* faces = nullptr;
        for (const auto& c : g.otherChunks) {
            nodes = c.id == io::FourCC("MOBN") ? &c : nodes;
            faces = c.id == io::FourCC("MOBR") ? &c : faces;
        }
        QVERIFY(nodes != nullptr && faces != nullptr);
        QCOMPARE(nodes->data.size() % core::kWmoBspNodeSize, std::size_t(0));
        // Every face is in some leaf.
        const core::WmoBsp bsp = core::buildWmoBsp(g.vertices, g.indices);
        QCOMPARE(core::wmoBspNodeBytes(bsp), nodes->data);
        QCOMPARE(core::wmoBspFaceBytes(bsp), faces->data);
        std::vector<bool> seen(g.triangleCount(), false);
        for (const auto& n : bsp.nodes) {
            if ((n.flags & core::wmo_bsp_flags::Leaf) != 0) {
                for (std::size_t i = n.firstFace; i < n.firstFace + n.faceCount; ++i) {
                    seen[bsp.faces[i]] = true;
                }
            } else {
                QVERIFY(n.negChild > 0 && std::size_t(n.negChild) < bsp.nodes.size());
                QVERIFY(n.posChild > 0 && std::size_t(n.posChild) < bsp.nodes.size());
            }
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](bool s) { return s; }));
        QVERIFY(bsp.nodes.size() > 1); // 556 faces: split below the 256-face leaves
    }

    void corpusFilesReadBack() {
        const auto files = core::wmoOutputFiles(mWmo);
        QCOMPARE(files.size(), std::size_t(1 + 1 + 7));
        QCOMPARE(files[0].gamePath, mWmo.rootPath);
        QCOMPARE(files[1].gamePath, std::string("World\\wmo\\Gamestudio\\test\\test_000.wmo"));
        io::Diagnostics strict;
        auto model = io::readWmoWithGroups(files[0].bytes, files[0].gamePath, fetchFrom(files), strict);
        QVERIFY2(model.hasValue(), model ? "" : model.error().describe().c_str());
        QVERIFY(strict.warnings.empty());
        QCOMPARE(model->loadedGroupCount(), std::size_t(1));
        const io::WmoGroup& back = *model->groups[0];
        QCOMPARE(back.triangleCount(), std::size_t(556));
        QCOMPARE(back.vertices, mWmo.groups[0].vertices);
        QCOMPARE(back.indices, mWmo.groups[0].indices);
        QCOMPARE(back.batches.size(), std::size_t(7));
        QCOMPARE(back.colorSets.size(), std::size_t(1));
        QCOMPARE(model->root.materials.size(), std::size_t(7));
        QCOMPARE(model->root.textures.bytes, mWmo.root.textures.bytes);
        QCOMPARE(model->root.doodadSets.size(), std::size_t(1));
        int fog = 0;
        for (const auto& c : model->root.otherChunks) {
            fog += c.id == io::FourCC("MFOG") && c.data.size() == 48 ? 1 : 0;
        }
        QCOMPARE(fog, 1);
    }

    void entityPositionsMapLikeBlocks() {
        const glm::dvec3 p = core::wmbToWmoLocal({72.0f, -36.0f, 18.0f}, kYardsPerQuant);
        QCOMPARE(p.x, 2.0);
        QCOMPARE(p.y, -1.0);
        QCOMPARE(p.z, 0.5);
    }

    void nonPowerOfTwoTexture() {
        io::Wmb level;
        level.textures.push_back(texture("odd size", 96, 80));
        level.blocks.push_back(floorBlock(1, io::WmbSkin{0, 0, 0, 0, 0, 0}));
        auto wmo = core::buildWmoFromWmb(level, testOptions());
        QVERIFY(wmo.hasValue());
        QCOMPARE(wmo->textures.size(), std::size_t(1));
        QCOMPARE(wmo->textures[0].gamePath, std::string("World\\wmo\\Gamestudio\\test\\odd_size.blp"));
        const auto blp = io::readBlp(wmo->textures[0].bytes);
        QVERIFY(blp.hasValue());
        QCOMPARE(blp->width, std::uint32_t(128)); // 96 >= 64 * sqrt(2)
        QCOMPARE(blp->height, std::uint32_t(64)); // 80 < 64 * sqrt(2)
        QCOMPARE(wmo->warnings.size(), std::size_t(1));
        QVERIFY(wmo->warnings[0].find("resampled to 128x64") != std::string::npos);
        // A uniform texture stays uniform through the wrap-around bilinear filter.
        QCOMPARE(int(blp->mips[0][0]), 200);
    }

    void undecodedTexture() {
        io::Wmb level;
        level.textures.push_back(texture("dds", 512, 1, false));
        level.textures.push_back(texture("Dds", 8, 8)); // a name that differs only in case
        level.blocks.push_back(floorBlock(1, io::WmbSkin{0, 0, 0, 0, 0, 0}));
        level.blocks.push_back(floorBlock(1, io::WmbSkin{1, 0, 0, 0, 0, 0}, 100.0f));
        auto wmo = core::buildWmoFromWmb(level, testOptions());
        QVERIFY(wmo.hasValue());
        QCOMPARE(wmo->textures.size(), std::size_t(2));
        QCOMPARE(wmo->textures[1].gamePath, std::string("World\\wmo\\Gamestudio\\test\\Dds_2.blp"));
        const auto blp = io::readBlp(wmo->textures[0].bytes);
        QVERIFY(blp.hasValue());
        QCOMPARE(blp->width, core::kWmbStandInSide);
        QCOMPARE(blp->height, core::kWmbStandInSide);
        QVERIFY(std::abs(int(blp->mips[0][0]) - core::kWmbStandInGrey) <= 4); // DXT1 rounding
        QCOMPARE(wmo->warnings.size(), std::size_t(1));
        QVERIFY(wmo->warnings[0].find("not decoded") != std::string::npos);
        QCOMPARE(wmo->renderedTriangles, std::size_t(4));
    }

    void invisibleBlockIsCollisionOnly() {
        io::Wmb level;
        level.textures.push_back(texture("wall", 8, 8));
        level.blocks.push_back(floorBlock(2, io::WmbSkin{-1, 0, 0, 0, 0, 0})); // no texture: invisible
        level.blocks.push_back(floorBlock(1, io::WmbSkin{0, 0, 0, 0, 0, 0}, 200.0f));
        auto wmo = core::buildWmoFromWmb(level, testOptions());
        QVERIFY(wmo.hasValue());
        QCOMPARE(wmo->collisionOnlyTriangles, std::size_t(4));
        QCOMPARE(wmo->renderedTriangles, std::size_t(2));
        QCOMPARE(wmo->groups.size(), std::size_t(1));
        const io::WmoGroup& g = wmo->groups[0];
        QCOMPARE(g.triangles.size(), std::size_t(6));
        QCOMPARE(batchedTriangles(g), std::size_t(2));
        // Drawn faces first (the batch), collision-only ones after, in no batch.
        for (std::size_t t = 0; t < 6; ++t) {
            QCOMPARE(g.triangles[t].material, std::uint8_t(t < 2 ? 0 : 0xFF));
            QCOMPARE(g.triangles[t].flags, std::uint8_t(t < 2 ? 0x20 : 0x08));
        }
        QCOMPARE(wmo->root.materials.size(), std::size_t(1));
        // The group's box holds the invisible faces too.
        QCOMPARE(g.bounds.min[0], 0.0f);
    }

    void skyIsDropped() {
        io::Wmb level;
        level.textures.push_back(texture("sky", 8, 8));
        level.blocks.push_back(floorBlock(3, io::WmbSkin{0, 0, 0, 0, 0, 0x2}));
        auto wmo = core::buildWmoFromWmb(level, testOptions());
        QVERIFY(wmo.hasValue());
        QCOMPARE(wmo->renderedTriangles + wmo->collisionOnlyTriangles, std::size_t(0));
        QVERIFY(wmo->groups.empty());
        QVERIFY(wmo->textures.empty());
        QCOMPARE(wmo->warnings.size(), std::size_t(1));
        QVERIFY(wmo->warnings[0].starts_with("6 sky triangles"));
    }

    void smoothBlockSharesNormals() {
        // A roof: two slopes meeting at a ridge along y; smooth, so the ridge vertices' normal is straight
        // up.
        io::Wmb level;
        level.textures.push_back(texture("roof", 8, 8));
        io::WmbBlock b;
        b.vertices = {io::WmbVertex{{0, 0, 0}, {}, {}},   io::WmbVertex{{0, 36, 0}, {}, {}},
                      io::WmbVertex{{36, 0, 36}, {}, {}}, io::WmbVertex{{36, 36, 36}, {}, {}},
                      io::WmbVertex{{72, 0, 0}, {}, {}},  io::WmbVertex{{72, 36, 0}, {}, {}}};
        // Clockwise seen from above (WMB7's front); each ridge vertex has as much area on either slope, so
        // the area-weighted sum is straight up.
        b.triangles = {io::WmbTriangle{{0, 1, 2}, 0, 0}, io::WmbTriangle{{1, 3, 2}, 0, 0},
                       io::WmbTriangle{{2, 3, 5}, 0, 0}, io::WmbTriangle{{2, 5, 4}, 0, 0}};
        b.skins.push_back(io::WmbSkin{0, 0, 0, 0, 0, 0x2000});
        level.blocks.push_back(b);
        auto wmo = core::buildWmoFromWmb(level, testOptions());
        QVERIFY(wmo.hasValue());
        const io::WmoGroup& g = wmo->groups[0];
        QCOMPARE(g.vertices.size(), std::size_t(6)); // shared, not split
        QVERIFY(g.colorSets.empty());                // no lightmaps in the level: no MOCV
        QCOMPARE(g.flags & 0x4, std::uint32_t(0));
        for (std::size_t v = 0; v < g.vertices.size(); ++v) {
            const glm::dvec3 n = vec(g.normals[v]);
            QVERIFY(std::abs(glm::length(n) - 1.0) < 1e-6);
            if (g.vertices[v][2] > 0.5f) {
                QVERIFY(std::abs(n.z - 1.0) < 1e-6); // the ridge
            } else {
                QVERIFY(std::abs(n.z - std::sqrt(0.5)) < 1e-6); // eaves: one slope's normal
            }
        }
    }

    void moreThan65535VerticesMakeTwoGroups() {
        // 21846 flat triangles need 65538 vertices: one more group. Blocks hold at most 32767 vertices.
        io::Wmb level;
        level.textures.push_back(texture("tile", 8, 8));
        level.blocks.push_back(floorBlock(5462, io::WmbSkin{0, 0, 0, 0, 0, 0}));
        level.blocks.push_back(floorBlock(5461, io::WmbSkin{0, 0, 0, 0, 0, 0}, 0.0f));
        auto wmo = core::buildWmoFromWmb(level, testOptions());
        QVERIFY(wmo.hasValue());
        QCOMPARE(wmo->renderedTriangles, std::size_t(21846));
        QCOMPARE(wmo->groups.size(), std::size_t(2));
        QCOMPARE(wmo->groups[0].vertices.size(), std::size_t(65535));
        QCOMPARE(wmo->groups[0].triangleCount() + wmo->groups[1].triangleCount(), std::size_t(21846));
        for (const auto& g : wmo->groups) {
            QVERIFY(g.vertices.size() <= 65535);
            QCOMPARE(batchedTriangles(g), g.triangleCount());
        }
        QCOMPARE(wmo->root.groupCount, std::uint32_t(2));
        QCOMPARE(wmo->root.groupNames.at(std::uint32_t(wmo->root.groupInfos[1].nameOffset)),
                 std::string("test_001"));
        const auto files = core::wmoOutputFiles(*wmo);
        QCOMPARE(files[2].gamePath, std::string("World\\wmo\\Gamestudio\\test\\test_001.wmo"));
        io::Diagnostics strict;
        auto model = io::readWmoWithGroups(files[0].bytes, files[0].gamePath, fetchFrom(files), strict);
        QVERIFY2(model.hasValue(), model ? "" : model.error().describe().c_str());
        QCOMPARE(model->loadedGroupCount(), std::size_t(2));
    }

    void levelWithoutBlocks() {
        io::Wmb level;
        level.textures.push_back(texture("unused", 8, 8));
        auto wmo = core::buildWmoFromWmb(level, testOptions());
        QVERIFY(wmo.hasValue());
        QVERIFY(wmo->groups.empty());
        QVERIFY(wmo->textures.empty()); // only the textures a drawn triangle uses
        QCOMPARE(wmo->root.groupCount, std::uint32_t(0));
        const auto files = core::wmoOutputFiles(*wmo);
        QCOMPARE(files.size(), std::size_t(1));
        io::Diagnostics strict;
        auto model = io::readWmoWithGroups(files[0].bytes, files[0].gamePath, fetchFrom(files), strict);
        QVERIFY(model.hasValue());
        QCOMPARE(model->groups.size(), std::size_t(0));
    }

    void optionsRefused() {
        core::WmbWmoOptions o = testOptions();
        o.yardsPerQuant = 0.0;
        auto zero = core::buildWmoFromWmb(mLevel, o);
        QVERIFY(!zero.hasValue());
        QCOMPARE(zero.error().code, core::CoreError::Code::Refused);
        o = testOptions();
        o.name.clear();
        QVERIFY(!core::buildWmoFromWmb(mLevel, o).hasValue());
    }

    void textureStems() {
        QCOMPARE(core::wmbTextureStem("*water3"), std::string("water3"));
        QCOMPARE(core::wmbTextureStem("+0button"), std::string("0button"));
        QCOMPARE(core::wmbTextureStem("a b/c"), std::string("a_b_c"));
        QCOMPARE(core::wmbTextureStem("**"), std::string("texture"));
        QCOMPARE(core::nearestPowerOfTwo(0), std::uint32_t(1));
        QCOMPARE(core::nearestPowerOfTwo(64), std::uint32_t(64));
        QCOMPARE(core::nearestPowerOfTwo(90), std::uint32_t(64));
        QCOMPARE(core::nearestPowerOfTwo(91), std::uint32_t(128));
        QCOMPARE(core::nearestPowerOfTwo(100000), core::kWmbTextureMaxSide);
    }

private:
    io::Wmb mLevel;
    core::WmbWmo mWmo;
};

QTEST_GUILESS_MAIN(TestWmbWmo)
#include "test_wmb_wmo.moc"
