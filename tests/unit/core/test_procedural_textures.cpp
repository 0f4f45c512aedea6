// Mapsmith's own terrain textures: deterministic, tileable, distinct, and named as the demo map's MTEX.

#include "core/kernels/procedural_textures.h"

#include <QtTest>

using namespace mapsmith;
using core::TerrainTexture;

namespace {

// Mean absolute RGB difference between two columns (or rows) of an image.
double columnDifference(const QImage& img, int a, int b, bool rows) {
    double sum = 0.0;
    for (int i = 0; i < img.width(); ++i) {
        const QRgb p = rows ? img.pixel(i, a) : img.pixel(a, i);
        const QRgb q = rows ? img.pixel(i, b) : img.pixel(b, i);
        sum += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q));
    }
    return sum / img.width();
}

} // namespace

class TestProceduralTextures : public QObject {
    Q_OBJECT
private slots:
    void deterministic();
    void tileable_data();
    void tileable();
    void kindsLookDifferent();
    void namesRoundTrip();
};

void TestProceduralTextures::deterministic() {
    QCOMPARE(core::makeTerrainTexture(TerrainTexture::Rock, 64),
             core::makeTerrainTexture(TerrainTexture::Rock, 64));
    QCOMPARE(core::makeTerrainTexture(TerrainTexture::Grass, 128).size(), QSize(128, 128));
}

void TestProceduralTextures::tileable_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("grass") << int(TerrainTexture::Grass);
    QTest::newRow("rock") << int(TerrainTexture::Rock);
    QTest::newRow("dirt") << int(TerrainTexture::Dirt);
    QTest::newRow("sand") << int(TerrainTexture::Sand);
}

// Wrapping around (last column -> first) changes no more than stepping between neighbours inside.
void TestProceduralTextures::tileable() {
    QFETCH(int, kind);
    const QImage img = core::makeTerrainTexture(TerrainTexture(kind), 256);
    for (bool rows : {false, true}) {
        double inside = 0.0;
        for (int i = 10; i < 250; i += 24) {
            inside = std::max(inside, columnDifference(img, i, i + 1, rows));
        }
        const double wrap = columnDifference(img, 255, 0, rows);
        QVERIFY2(wrap <= inside * 1.5 + 1.0,
                 qPrintable(QStringLiteral("wrap %1, inside %2").arg(wrap).arg(inside)));
    }
}

void TestProceduralTextures::kindsLookDifferent() {
    auto mean = [](TerrainTexture k) {
        const QImage img = core::makeTerrainTexture(k, 64);
        double r = 0, g = 0, b = 0;
        for (int y = 0; y < 64; ++y) {
            for (int x = 0; x < 64; ++x) {
                r += qRed(img.pixel(x, y));
                g += qGreen(img.pixel(x, y));
                b += qBlue(img.pixel(x, y));
            }
        }
        return std::array<double, 3>{r / 4096, g / 4096, b / 4096};
    };
    const auto grass = mean(TerrainTexture::Grass);
    const auto rock = mean(TerrainTexture::Rock);
    const auto sand = mean(TerrainTexture::Sand);
    QVERIFY(grass[1] > grass[0] + 30 && grass[1] > grass[2] + 30); // green
    QVERIFY(std::abs(rock[0] - rock[2]) < 20);                     // grey
    QVERIFY(sand[0] > 150 && sand[1] > 130);                       // light and warm
}

void TestProceduralTextures::namesRoundTrip() {
    for (auto k : {TerrainTexture::Grass, TerrainTexture::Rock, TerrainTexture::Dirt, TerrainTexture::Sand}) {
        QCOMPARE(core::terrainTextureFromPath(core::terrainTexturePath(k)), std::optional<TerrainTexture>(k));
    }
    QCOMPARE(core::terrainTextureFromPath(QStringLiteral("tileset/mapsmith/ROCK.blp")),
             std::optional<TerrainTexture>(TerrainTexture::Rock));
    QVERIFY(!core::terrainTextureFromPath(QStringLiteral("Tileset\\Elwynn\\ElwynnGrassBase.blp")));
}

QTEST_GUILESS_MAIN(TestProceduralTextures)
#include "test_procedural_textures.moc"
