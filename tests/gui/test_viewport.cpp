// The Qt 3D terrain viewport on real renders (xvfb-run, OpenGL renderer): a 2x2 hills map draws
// textured, lit terrain under sky; pick() hits the height field exactly where the camera looks and
// misses on the sky; a height stroke re-uploads exactly the chunks it touched and changes the pixels
// there, undo restores them; mouse and pen events become tool signals, right/middle drags move the
// camera; the brush ring follows the cursor. Screenshots go to MAPSMITH_SCREENSHOT_DIR. Frame and
// upload times are measured in tests/bench/viewport, not here.

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/height_stroke.h"
#include "editor/viewport/terrain_viewport.h"
#include "support/gated_tiles.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QRenderSettings>

#include <QDir>
#include <QPointingDevice>
#include <QSignalSpy>
#include <QTabletEvent>
#include <QUndoStack>
#include <QtTest>

#include <glm/geometric.hpp>

#include <cmath>
#include <set>

using namespace mapsmith;
using core::TileCoord;

namespace {

const std::vector<TileCoord> k2x2{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
constexpr int kWidth = 800;
constexpr int kHeight = 600;

// Centre of the 2x2 block (its north-west corner is tile 32_32's).
glm::dvec2 blockCentre() {
    return core::tileOrigin({32, 32}) - glm::dvec2(core::kTileSize);
}

void lookAtBlock(editor::TerrainViewport& view, const core::MapDocument& doc) {
    const glm::dvec2 c = blockCentre();
    const auto pose = editor::poseLookingAt({c, *doc.heightAt(c)}, 0.0, -40.0, 900.0);
    view.setCamera(pose.position, pose.yaw, pose.pitch);
}

int distinctColours(const QImage& image) {
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            colours.insert(image.pixel(x, y));
        }
    }
    return int(colours.size());
}

int channelDistance(QRgb a, QRgb b) {
    return std::max(
        {std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

// Fraction of pixels that differ from `colour` by more than `tolerance` in some channel.
double fractionNot(const QImage& image, QRgb colour, int tolerance) {
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            count += channelDistance(image.pixel(x, y), colour) > tolerance;
        }
    }
    return double(count) / double(image.width() * image.height());
}

// Pixels differing by more than `tolerance` inside `rect`.
int differing(const QImage& a, const QImage& b, QRect rect, int tolerance = 3) {
    rect &= a.rect();
    int count = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x) {
            count += channelDistance(a.pixel(x, y), b.pixel(x, y)) > tolerance;
        }
    }
    return count;
}

QRgb skyColour(const editor::TerrainViewport& view) {
    return view.look().fogColour.rgb();
}

void save(const QImage& image, const QString& name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    QVERIFY(image.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/") + name));
}

// A shown viewport of kWidth x kHeight.
struct Shown {
    editor::TerrainViewport view;
    Shown() {
        view.resize(kWidth, kHeight);
        view.show();
    }
};

} // namespace

Q_DECLARE_METATYPE(glm::dvec3)

class TestViewport : public QObject {
    Q_OBJECT
private slots:
    void rendersTexturedTerrain();
    void pickHitsTheHeightFieldAtTheCentre();
    void pickOnSkyIsNullopt();
    void strokeReuploadsOnlyTouchedChunks();
    void mouseAndPenDriveToolSignals();
    void rightAndMiddleDragsMoveTheCamera();
    void brushRingFollowsTheCursor();
    void clearingTheDocumentEmptiesTheScene();
    void disabledSubchunksDrawAsTheClientShows();
};

void TestViewport::rendersTexturedTerrain() {
    auto doc = tests::hillsMap(k2x2);
    QVERIFY(doc);
    Shown s;
    QVERIFY(QTest::qWaitForWindowExposed(&s.view));
    s.view.setDocument(doc.get());
    lookAtBlock(s.view, *doc);
    const QImage frame = s.view.grabFrame();
    QVERIFY(!frame.isNull());
    save(frame, QStringLiteral("viewport_hills_2x2.png"));
    QCOMPARE(frame.size(), QSize(kWidth, kHeight));
    // Shaded, textured terrain has thousands of colours; the clear colour alone has one.
    const int colours = distinctColours(frame);
    QVERIFY2(colours > 2000, qPrintable(QStringLiteral("only %1 colours").arg(colours)));
    const double terrain = fractionNot(frame, skyColour(s.view), 8);
    QVERIFY2(terrain > 0.6, qPrintable(QStringLiteral("terrain covers %1 of the image").arg(terrain)));
    QVERIFY2(terrain < 0.98, "no sky above the far edge of the block");
    // The top rows look past the block's far edge: sky.
    QVERIFY(channelDistance(frame.pixel(kWidth / 2, 2), skyColour(s.view)) <= 3);
    QCOMPARE(s.view.sceneStats().textureArrays, 4);
}

void TestViewport::pickHitsTheHeightFieldAtTheCentre() {
    auto doc = tests::hillsMap(k2x2);
    Shown s;
    s.view.setDocument(doc.get());
    lookAtBlock(s.view, *doc);
    const QPoint centre(kWidth / 2, kHeight / 2);
    const auto hit = s.view.pick(centre);
    QVERIFY(hit.has_value());
    QVERIFY(std::abs(hit->z - *doc->heightAt(glm::dvec2(*hit))) < 0.05);
    QVERIFY(glm::distance(glm::dvec2(*hit), blockCentre()) < 50.0);
    const auto projected = s.view.project(*hit);
    QVERIFY(projected.has_value());
    QVERIFY((*projected - QPointF(centre) - QPointF(0.5, 0.5)).manhattanLength() < 0.1);
    // Every pixel of a coarse grid that hits, hits the surface.
    for (int y = 100; y < kHeight; y += 97) {
        for (int x = 3; x < kWidth; x += 131) {
            if (const auto p = s.view.pick({x, y})) {
                QVERIFY(std::abs(p->z - *doc->heightAt(glm::dvec2(*p))) < 0.05);
            }
        }
    }
}

void TestViewport::pickOnSkyIsNullopt() {
    auto doc = tests::hillsMap(k2x2);
    Shown s;
    s.view.setDocument(doc.get());
    lookAtBlock(s.view, *doc);
    QVERIFY(!s.view.pick({kWidth / 2, 1}).has_value()); // past the far edge
    const glm::dvec2 c = blockCentre();
    s.view.setCamera({c, 300.0}, 0.0, 20.0); // looking up
    QVERIFY(!s.view.pick({kWidth / 2, kHeight / 2}).has_value());
    QVERIFY(!s.view.pick({5, 5}).has_value());
    s.view.setDocument(nullptr);
    QVERIFY(!s.view.pick({kWidth / 2, kHeight - 1}).has_value());
}

void TestViewport::strokeReuploadsOnlyTouchedChunks() {
    auto doc = tests::hillsMap(k2x2);
    Shown s;
    QVERIFY(QTest::qWaitForWindowExposed(&s.view));
    s.view.setDocument(doc.get());
    lookAtBlock(s.view, *doc);
    const QImage before = s.view.grabFrame();
    QVERIFY(!before.isNull());

    const auto centre = s.view.pick({kWidth / 2, kHeight / 2});
    QVERIFY(centre);
    s.view.resetSceneStats();
    core::HeightBrushSettings settings;
    settings.brush.radius = 40.0;
    settings.brush.strength = 30.0;
    core::HeightStroke stroke(*doc, settings);
    stroke.dab(glm::dvec2(*centre));
    const std::size_t touched = stroke.touchedChunks(); // the recorder hands its set over on finish()
    stroke.finish();
    QVERIFY2(touched > 0 && touched < 20, qPrintable(QString::number(touched)));
    QTRY_COMPARE(s.view.sceneStats().vertexUploads, int(touched)); // queued after chunksChanged
    const auto& stats = s.view.sceneStats();
    QCOMPARE(int(stats.touchedChunks.size()), int(touched));
    QCOMPARE(stats.blendUploads, 0);
    QCOMPARE(stats.indexUploads, 0);
    QCOMPARE(stats.liquidRebuilds, 0);
    for (const auto& c : stats.touchedChunks) {
        const glm::dvec2 mid = core::chunkOrigin(c) - glm::dvec2(core::kChunkSize / 2.0);
        QVERIFY(glm::distance(mid, glm::dvec2(*centre)) < settings.brush.radius + core::kChunkSize);
    }

    const QImage after = s.view.grabFrame();
    save(after, QStringLiteral("viewport_after_stroke.png"));
    const QPointF p = *s.view.project(*centre);
    const QRect area(int(p.x()) - 60, int(p.y()) - 60, 120, 120);
    QVERIFY2(differing(before, after, area) > 1000, "the raised area looks the same");
    // Far from the brush nothing changed.
    QCOMPARE(differing(before, after, QRect(0, 0, kWidth, 120)), 0);

    s.view.resetSceneStats();
    doc->undoStack()->undo();
    QTRY_COMPARE(s.view.sceneStats().vertexUploads, int(touched));
    const QImage undone = s.view.grabFrame();
    QVERIFY2(differing(before, undone, QRect(0, 0, kWidth, kHeight), 0) == 0,
             "undo does not restore the image");
}

void TestViewport::mouseAndPenDriveToolSignals() {
    qRegisterMetaType<glm::dvec3>();
    auto doc = tests::hillsMap(k2x2);
    Shown s;
    QVERIFY(QTest::qWaitForWindowExposed(&s.view));
    s.view.setDocument(doc.get());
    lookAtBlock(s.view, *doc);
    QWindow* window = s.view.renderWindow();
    QSignalSpy pressed(&s.view, &editor::TerrainViewport::terrainPressed);
    QSignalSpy dragged(&s.view, &editor::TerrainViewport::terrainDragged);
    QSignalSpy released(&s.view, &editor::TerrainViewport::terrainReleased);
    QSignalSpy moved(&s.view, &editor::TerrainViewport::cursorMoved);

    const QPoint a(kWidth / 2, kHeight / 2);
    const QPoint b(a + QPoint(40, 10));
    QTest::mousePress(window, Qt::LeftButton, Qt::ShiftModifier, a);
    QCOMPARE(pressed.count(), 1);
    QCOMPARE(pressed.at(0).at(0).value<glm::dvec3>(), *s.view.pick(a));
    QCOMPARE(pressed.at(0).at(1).value<Qt::MouseButton>(), Qt::LeftButton);
    QVERIFY(pressed.at(0).at(2).value<Qt::KeyboardModifiers>().testFlag(Qt::ShiftModifier));
    QTest::mouseMove(window, b);
    QCOMPARE(dragged.count(), 1);
    QCOMPARE(dragged.at(0).at(0).value<glm::dvec3>(), *s.view.pick(b));
    QCOMPARE(dragged.at(0).at(1).toDouble(), 1.0);
    QTest::mouseRelease(window, Qt::LeftButton, Qt::NoModifier, b);
    QCOMPARE(released.count(), 1);
    QVERIFY(!moved.isEmpty());

    // A press on the sky starts no stroke.
    s.view.setCamera(s.view.cameraPosition(), 0.0, 30.0);
    QTest::mousePress(window, Qt::LeftButton, Qt::NoModifier, a);
    QTest::mouseRelease(window, Qt::LeftButton, Qt::NoModifier, a);
    QCOMPARE(pressed.count(), 1);
    QCOMPARE(released.count(), 1);
    lookAtBlock(s.view, *doc);

    // A pen: pressure reaches terrainDragged.
    const QPointingDevice pen(QStringLiteral("test pen"), 4242, QInputDevice::DeviceType::Stylus,
                              QPointingDevice::PointerType::Pen,
                              QInputDevice::Capability::Position | QInputDevice::Capability::Pressure, 1, 3);
    const auto tablet = [&](QEvent::Type type, QPointF pos, double pressure, Qt::MouseButton button,
                            Qt::MouseButtons buttons) {
        QTabletEvent e(type, &pen, pos, window->mapToGlobal(pos), pressure, 0.0f, 0.0f, 0.0f, 0.0, 0.0f,
                       Qt::NoModifier, button, buttons);
        QCoreApplication::sendEvent(window, &e);
    };
    tablet(QEvent::TabletPress, QPointF(a), 0.2, Qt::LeftButton, Qt::LeftButton);
    tablet(QEvent::TabletMove, QPointF(b), 0.35, Qt::NoButton, Qt::LeftButton);
    tablet(QEvent::TabletRelease, QPointF(b), 0.0, Qt::LeftButton, Qt::NoButton);
    QCOMPARE(pressed.count(), 2);
    QCOMPARE(dragged.count(), 2);
    QCOMPARE(dragged.at(1).at(1).toDouble(), 0.35);
    QCOMPARE(released.count(), 2);
}

void TestViewport::rightAndMiddleDragsMoveTheCamera() {
    auto doc = tests::hillsMap(k2x2);
    Shown s;
    QVERIFY(QTest::qWaitForWindowExposed(&s.view));
    s.view.setDocument(doc.get());
    lookAtBlock(s.view, *doc);
    QWindow* window = s.view.renderWindow();
    QSignalSpy pressed(&s.view, &editor::TerrainViewport::terrainPressed);
    const QPoint a(kWidth / 2, kHeight / 2);

    // Right drag: look; the position stays.
    const editor::CameraPose start = s.view.cameraPose();
    QTest::mousePress(window, Qt::RightButton, Qt::NoModifier, a);
    QTest::mouseMove(window, a + QPoint(40, 0));
    QTest::mouseRelease(window, Qt::RightButton, Qt::NoModifier, a + QPoint(40, 0));
    QCOMPARE(s.view.cameraPosition(), start.position);
    QCOMPARE(s.view.cameraPose().yaw, 360.0 - 40 * editor::CameraController::kDegreesPerPixel);
    QVERIFY(pressed.isEmpty());

    // Middle drag: orbit about the terrain point under the press, which stays under the cursor.
    lookAtBlock(s.view, *doc);
    const QPoint q(300, 350);
    const auto pivot = s.view.pick(q);
    QVERIFY(pivot);
    QTest::mousePress(window, Qt::MiddleButton, Qt::NoModifier, q);
    QTest::mouseMove(window, q + QPoint(60, 25));
    QTest::mouseRelease(window, Qt::MiddleButton, Qt::NoModifier, q + QPoint(60, 25));
    QVERIFY(glm::distance(s.view.cameraPosition(), start.position) > 10.0);
    const auto where = s.view.project(*pivot);
    QVERIFY(where);
    QVERIFY((*where - QPointF(q) - QPointF(0.5, 0.5)).manhattanLength() < 1e-6);
    QVERIFY(pressed.isEmpty());

    // Keys fly: W moves forward.
    lookAtBlock(s.view, *doc);
    const glm::dvec3 before = s.view.cameraPosition();
    QTest::keyPress(window, Qt::Key_W);
    // Held until the camera has flown a yard (frames come late on a loaded machine: no fixed wait).
    QTRY_VERIFY_WITH_TIMEOUT(glm::length(s.view.cameraPosition() - before) > 1.0, 10000);
    QTest::keyRelease(window, Qt::Key_W);
    const glm::dvec3 step = s.view.cameraPosition() - before;
    QVERIFY(glm::dot(glm::normalize(step), editor::forwardOf(s.view.cameraPose())) > 0.999);
}

void TestViewport::brushRingFollowsTheCursor() {
    auto doc = tests::hillsMap(k2x2);
    Shown s;
    QVERIFY(QTest::qWaitForWindowExposed(&s.view));
    s.view.setDocument(doc.get());
    lookAtBlock(s.view, *doc);
    s.view.setBrushRing(60.0, 30.0);
    QWindow* window = s.view.renderWindow();
    QVERIFY(!s.view.brushRingVisible());
    const QImage plain = s.view.grabFrame();
    const QPoint a(kWidth / 2, kHeight / 2);
    QTest::mouseMove(window, a);
    QVERIFY(s.view.brushRingVisible());
    const QImage withRing = s.view.grabFrame();
    save(withRing, QStringLiteral("viewport_brush_ring.png"));
    // The outer ring crosses the horizontal line through the cursor on both sides of it.
    const QRect box(a.x() - 200, a.y() - 120, 400, 240);
    QVERIFY(differing(plain, withRing, box) > 100);
    QCOMPARE(differing(plain, withRing, QRect(0, 0, 100, 100)), 0);
    QTest::mouseMove(window, QPoint(kWidth / 2, 1)); // sky
    QVERIFY(!s.view.brushRingVisible());
    s.view.setBrushRing(0.0, 0.0);
    QTest::mouseMove(window, a);
    QVERIFY(!s.view.brushRingVisible());
}

void TestViewport::clearingTheDocumentEmptiesTheScene() {
    Shown s;
    QVERIFY(QTest::qWaitForWindowExposed(&s.view));
    {
        auto doc = tests::hillsMap(k2x2);
        s.view.setDocument(doc.get());
        lookAtBlock(s.view, *doc);
        QVERIFY(s.view.pick({kWidth / 2, kHeight / 2}));
    } // the document dies while shown
    QVERIFY(s.view.document() == nullptr);
    QVERIFY(!s.view.pick({kWidth / 2, kHeight / 2}));
    const QImage frame = s.view.grabFrame();
    QVERIFY(!frame.isNull());
    QVERIFY(fractionNot(frame, skyColour(s.view), 3) < 0.001);
}

// MCCV / MCSH present with has_mccv / has_mcsh clear are ignored as the client ignores them: the tile draws
// exactly like the same tile without those sub-chunks. With the flags set, the all-zero MCCV draws black.
void TestViewport::disabledSubchunksDrawAsTheClientShows() {
    const TileCoord tile{42, 29};
    const auto corpus = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto read = io::readAdt(corpus, options);
    QVERIFY(read);
    Shown s;
    QVERIFY(QTest::qWaitForWindowExposed(&s.view));
    const auto render = [&](const io::Adt& adt, const QString& name) {
        auto doc = tests::corpusMap(io::writeAdt(adt), tile);
        if (!doc) {
            return QImage();
        }
        s.view.setDocument(doc.get());
        const glm::dvec2 c = core::tileOrigin(tile) - glm::dvec2(core::kTileSize / 2.0);
        const auto pose = editor::poseLookingAt({c, *doc->heightAt(c)}, 30.0, -35.0, 420.0);
        s.view.setCamera(pose.position, pose.yaw, pose.pitch);
        QImage frame = s.view.grabFrame();
        s.view.setDocument(nullptr);
        save(frame, name);
        return frame;
    };
    using tests::GatedVariant;
    const QImage stripped = render(tests::gatedVariant(read->adt, GatedVariant::Stripped),
                                   QStringLiteral("viewport_gated_reference_stripped.png"));
    const QImage allOff = render(tests::gatedVariant(read->adt, GatedVariant::AllOff),
                                 QStringLiteral("viewport_gated_mccv0_mcsh_disabled.png"));
    const QImage original = render(read->adt, QStringLiteral("viewport_gated_reference_corpus.png"));
    const QImage pattern = render(tests::gatedVariant(read->adt, GatedVariant::MccvPattern),
                                  QStringLiteral("viewport_gated_mccv_pattern_disabled.png"));
    io::Adt enabled = tests::gatedVariant(read->adt, GatedVariant::AllOff);
    for (auto& c : enabled.chunks) {
        c.flags |= io::mcnk_flags::HasVertexColors | io::mcnk_flags::HasShadow;
    }
    const QImage black = render(enabled, QStringLiteral("viewport_gated_mccv0_enabled.png"));
    for (const QImage* f : {&stripped, &allOff, &original, &pattern, &black}) {
        QVERIFY(!f->isNull());
    }
    // Terrain fills most of the frame (the comparison below is about terrain, not sky).
    QVERIFY(fractionNot(stripped, skyColour(s.view), 8) > 0.5);
    QCOMPARE(differing(allOff, stripped, allOff.rect()), 0);
    QCOMPARE(differing(pattern, original, pattern.rect()), 0);
    // The shadows in use make a difference, and enabled zero colours turn the terrain black.
    QVERIFY(differing(original, stripped, original.rect()) > 1000);
    const int dark = differing(black, stripped, black.rect());
    QVERIFY2(dark > kWidth * kHeight / 3, qPrintable(QString::number(dark)));
}

QTEST_MAIN(TestViewport)
#include "test_viewport.moc"
