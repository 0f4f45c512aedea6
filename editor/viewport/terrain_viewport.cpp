#include "editor/viewport/terrain_viewport.h"

#include "core/document/map_document.h"
#include "editor/tools/object_handles.h"
#include "editor/viewport/brush_ring.h"
#include "editor/viewport/coloured_mesh_entity.h"
#include "editor/viewport/frame_capture.h"
#include "editor/viewport/frame_graph.h"
#include "editor/viewport/model_scene.h"
#include "editor/viewport/render_passes.h"
#include "editor/viewport/rubber_band.h"
#include "editor/viewport/selection_handles.h"
#include "editor/viewport/terrain_pick.h"
#include "editor/viewport/texture_source.h"
#include "editor/viewport/viewport_input.h"

#include <Qt3DCore/QEntity>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSettings>

#include <QLabel>
#include <QMouseEvent>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace mapsmith::editor {

// A native child window above the render window's (native windows stack above widgets drawn by Qt): the
// sky colour and a line of text while the renderer starts.
class StartupCover final : public QLabel {
public:
    StartupCover(const QColor& sky, QWidget* parent) : QLabel(parent) {
        setObjectName(QStringLiteral("startupCover"));
        setAttribute(Qt::WA_NativeWindow);
        setAttribute(Qt::WA_X11DoNotAcceptFocus); // the keyboard stays with the render window
        setFocusPolicy(Qt::NoFocus);
        setAutoFillBackground(true);
        QPalette p = palette();
        p.setColor(QPalette::Window, sky);
        p.setColor(QPalette::WindowText, QColor(40, 52, 70));
        setPalette(p);
        setAlignment(Qt::AlignCenter);
        setText(tr("Preparing the 3D view..."));
    }
};

TerrainViewport::TerrainViewport(QWidget* parent, std::shared_ptr<TextureSource> textures)
    : QWidget(parent), mTextures(std::move(textures)) {
    if (!mTextures) {
        mTextures = std::make_shared<ProceduralTextureSource>();
    }
    if (qEnvironmentVariableIsEmpty("QT3D_RENDERER")) {
        qputenv("QT3D_RENDERER", "opengl");
    }
    initViewportResources();
    setObjectName(QStringLiteral("terrainViewport"));

    mWindow = new Qt3DExtras::Qt3DWindow(nullptr, Qt3DRender::API::OpenGL);
    mContainer = QWidget::createWindowContainer(mWindow, this);
    mContainer->setFocusPolicy(Qt::StrongFocus);
    mContainer->setMinimumSize(64, 64);
    setFocusProxy(mContainer);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mContainer);

    mRoot = new Qt3DCore::QEntity();
    mEffects = new SceneEffects(mRoot);
    mRing = new ColouredMeshEntity(Qt3DRender::QGeometryRenderer::Lines, mEffects->overlayMaterial(), mRoot);
    mSelectionEntity =
        new ColouredMeshEntity(Qt3DRender::QGeometryRenderer::Lines, mEffects->overlayMaterial(), mRoot);
    mModels = new ModelScene(*mEffects, mTextures, mRoot, this);
    connect(mModels, &ModelScene::tileModelsChanged, this, [this](core::TileCoord tile) {
        if (mDoc && mScene) {
            mScene->rebuildObjects(*mDoc, tile); // boxes only where models are missing
        }
    });
    mBandEntity =
        new ColouredMeshEntity(Qt3DRender::QGeometryRenderer::Lines, mEffects->overlayMaterial(), mRoot);

    const FrameGraph graph = buildFrameGraph(mWindow, mWindow->camera(), mEffects->look().fogColour);
    mClear = graph.clear;
    mWindow->setActiveFrameGraph(graph.root);
    mWindow->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
    mWindow->setRootEntity(mRoot);
    mCapture = new FrameCapture(graph.capture, this);

    // Event positions name a pixel (whole numbers without scaling): rays go through its centre, as for
    // pick(QPoint).
    mInput = new ViewportInput(
        mCamera, [this](QPointF p) { return pickAt(p + QPointF(0.5, 0.5)); }, this);
    connect(mInput, &ViewportInput::cameraMoved, this, &TerrainViewport::applyCamera);
    connect(mInput, &ViewportInput::terrainPressed, this, &TerrainViewport::terrainPressed);
    connect(mInput, &ViewportInput::terrainDragged, this, &TerrainViewport::terrainDragged);
    connect(mInput, &ViewportInput::terrainReleased, this, &TerrainViewport::terrainReleased);
    connect(mInput, &ViewportInput::cursorMoved, this, &TerrainViewport::cursorAt);
    connect(mInput, &ViewportInput::pointerPressed, this, [this](QPointF p, Qt::KeyboardModifiers m) {
        emit pointerPressed(pointerEventAt(p + QPointF(0.5, 0.5), m));
    });
    connect(mInput, &ViewportInput::pointerMoved, this, [this](QPointF p, Qt::KeyboardModifiers m) {
        emit pointerMoved(pointerEventAt(p + QPointF(0.5, 0.5), m));
    });
    connect(mInput, &ViewportInput::pointerReleased, this, [this](QPointF p, Qt::KeyboardModifiers m) {
        emit pointerReleased(pointerEventAt(p + QPointF(0.5, 0.5), m));
    });
    mWindow->installEventFilter(this);
    applyCamera();
    mCover = new StartupCover(mEffects->look().fogColour, this);
}

bool TerrainViewport::showingStartupCover() const {
    return mCover != nullptr;
}

void TerrainViewport::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (!mCover || mCoverArmed) {
        return;
    }
    mCoverArmed = true;
    mCover->setGeometry(rect());
    mCover->raise();
    const auto remove = [this] {
        if (mCover) {
            if (mCover->hasFocus()) {
                mContainer->setFocus(Qt::OtherFocusReason); // not lost with the cover
            }
            mCover->deleteLater();
            mCover = nullptr;
            emit firstFrameShown();
        }
    };
    // The second frame after the request is on screen (frame_capture.h); the timer covers a renderer
    // that never delivers (the cover must not stay).
    mCapture->capture([remove](const QImage&) { remove(); });
    QTimer::singleShot(kStartupTimeoutMs, this, remove);
}

TerrainViewport::~TerrainViewport() {
    if (mDoc) {
        disconnect(mDoc, nullptr, this, nullptr);
    }
    delete mModels; // before the scene's nodes go with the render window
    mModels = nullptr;
}

void TerrainViewport::clearScene() {
    if (mModels) {
        mModels->setDocument(nullptr, mFrame);
    }
    delete mScene;
    mScene = nullptr;
    mCursor.reset();
    updateRing();
    mSelection.clear();
    updateSelection();
}

void TerrainViewport::setDocument(core::MapDocument* doc) {
    if (mDoc) {
        disconnect(mDoc, nullptr, this, nullptr);
    }
    clearScene();
    mDoc = doc;
    if (!doc) {
        return;
    }
    const auto tiles = doc->loadedTiles();
    mFrame.origin = tiles.empty() ? glm::dvec3(0.0) : glm::dvec3(core::tileOrigin(tiles.front()), 0.0);
    mScene = new TerrainScene(mEffects, *mTextures, mFrame, mRoot);
    mScene->setObjectBounds(mObjectBounds);
    mScene->setBoxStyle([this](core::TileCoord tile, core::ObjectKind kind, std::size_t i) {
        return mModels->boxStyle(tile, kind, i);
    });
    mModels->setDocument(doc, mFrame); // the models of every loaded tile, worked out off this thread
    for (const auto t : tiles) {
        mScene->addTile(*doc, t);
    }
    // Built from the current state: changes sent later for edits made before are harmless re-uploads.
    mPending.clear();
    connect(doc, &core::MapDocument::chunksChanged, this, [this](const core::DirtyChunks& chunks) {
        for (auto it = chunks.begin(); it != chunks.end(); ++it) {
            mPending[it.key()] |= it.value();
        }
        uploadPending(); // the document sends once per event-loop turn: upload now
    });
    connect(doc, &core::MapDocument::tileLoaded, this, &TerrainViewport::tileLoaded);
    connect(doc, &core::MapDocument::tileUnloaded, this, &TerrainViewport::tileUnloaded);
    connect(doc, &core::MapDocument::tileStateChanged, this, &TerrainViewport::tileStateChanged);
    connect(doc, &QObject::destroyed, this, [this]() { clearScene(); });
    applyCamera();
}

void TerrainViewport::applyPendingChanges() {
    if (!mDoc || !mScene) {
        return;
    }
    mDoc->flushChunkChanges(); // edits of this turn not sent yet arrive now (at every listener)
    uploadPending();
}

void TerrainViewport::uploadPending() {
    if (!mDoc || !mScene || mPending.isEmpty()) {
        return;
    }
    core::DirtyChunks dirty;
    dirty.swap(mPending);
    mScene->applyDirty(*mDoc, dirty);
    // The surface may have moved under the cursor: drape the ring again and report the new point
    // (the cursor readout follows an undo without a mouse move).
    if (const auto mouse = mInput->mousePosition()) {
        mCursor = pickAt(*mouse + QPointF(0.5, 0.5));
        emit cursorMoved(mCursor);
    }
    updateRing();
    updateSelection();
}

void TerrainViewport::setObjectBounds(const core::ObjectBoundsSettings& settings) {
    mObjectBounds = settings;
    if (mScene) {
        mScene->setObjectBounds(settings);
        if (mDoc) {
            mScene->rebuildObjects(*mDoc);
        }
        updateSelection();
    }
}

void TerrainViewport::setModelLibrary(std::shared_ptr<core::ModelLibrary> library) {
    mModels->setLibrary(std::move(library));
    if (mDoc && mScene) {
        mScene->rebuildObjects(*mDoc); // every box back until the models are known
    }
}

void TerrainViewport::reloadTextures() {
    if (mDoc && mScene) {
        mScene->reloadTextures(*mDoc);
    }
}

void TerrainViewport::tileLoaded(core::TileCoord tile) {
    if (mDoc && mScene) {
        mScene->addTile(*mDoc, tile);
        mModels->tileLoaded(tile);
    }
}

void TerrainViewport::tileUnloaded(core::TileCoord tile) {
    mModels->tileUnloaded(tile);
    if (mScene) {
        mScene->removeTile(tile);
    }
}

void TerrainViewport::tileStateChanged(core::TileCoord tile) {
    if (mDoc && mScene) {
        const bool boxes = mModels->tileChanged(tile);
        mScene->updateTileState(*mDoc, tile, boxes);
        updateSelection();
    }
}

const SceneStats& TerrainViewport::sceneStats() const {
    return mScene ? mScene->stats() : mNoStats;
}

void TerrainViewport::resetSceneStats() {
    if (mScene) {
        mScene->resetStats();
    }
}

void TerrainViewport::setLook(const SceneLook& look) {
    mEffects->setLook(look);
    mClear->setClearColor(look.fogColour);
}

const SceneLook& TerrainViewport::look() const {
    return mEffects->look();
}

// Camera ------------------------------------------------------------------------------------------

void TerrainViewport::setCamera(glm::dvec3 worldPos, double yawDeg, double pitchDeg) {
    mCamera.setPose({worldPos, yawDeg, pitchDeg});
    applyCamera();
}

void TerrainViewport::lookAtTile(core::TileCoord tile) {
    const glm::dvec2 centre = core::tileOrigin(tile) - glm::dvec2(core::kTileSize / 2.0);
    const double height = mDoc ? mDoc->heightAt(centre).value_or(0.0) : 0.0;
    mCamera.setPose(poseLookingAt(glm::dvec3(centre, height), 0.0, -35.0, kLookAtTileDistance));
    applyCamera();
}

void TerrainViewport::flyTo(glm::dvec3 world, std::optional<double> yawDeg) {
    const CameraPose& pose = mCamera.pose();
    mCamera.setPose(
        poseLookingAt(world, yawDeg.value_or(pose.yaw), std::min(pose.pitch, kFlyToPitch), kFlyToDistance));
    applyCamera();
}

void TerrainViewport::setViewDistance(double yards) {
    mViewDistance = std::max(yards, 10.0);
    SceneLook look = mEffects->look();
    look.fogEnd = float(mViewDistance);
    look.fogStart = float(mViewDistance * 0.35);
    mEffects->setLook(look);
    applyCamera();
}

void TerrainViewport::applyCamera() {
    Qt3DRender::QCamera* camera = mWindow->camera();
    const CameraPose& pose = mCamera.pose();
    const double aspect = double(std::max(width(), 1)) / double(std::max(height(), 1));
    camera->lens()->setPerspectiveProjection(float(mCamera.fieldOfView()), float(aspect),
                                             float(CameraController::kNearPlane), float(mViewDistance));
    camera->setPosition(mFrame.toScene(pose.position));
    camera->setViewCenter(mFrame.toScene(pose.position + forwardOf(pose) * 10.0));
    camera->setUpVector(QVector3D(0.0f, 1.0f, 0.0f));
    mModels->setViewRange(pose.position, mViewDistance);
    emit cameraMoved(pose.position);
}

void TerrainViewport::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (mCover) {
        mCover->setGeometry(rect());
    }
    applyCamera();
}

// Picking and cursor -------------------------------------------------------------------------------

std::optional<glm::dvec3> TerrainViewport::pickAt(QPointF pos) const {
    if (!mDoc) {
        return std::nullopt;
    }
    const Ray ray = mCamera.rayThrough({pos.x(), pos.y()}, {double(width()), double(height())});
    return pickTerrain(*mDoc, ray, mViewDistance);
}

PointerEvent TerrainViewport::pointerEventAt(QPointF pos, Qt::KeyboardModifiers modifiers) const {
    const glm::dvec2 size{double(width()), double(height())};
    PointerEvent e;
    e.ray = mCamera.rayThrough({pos.x(), pos.y()}, size);
    e.screen = glm::dvec2(pos.x(), pos.y());
    e.ground = pickAt(pos);
    e.modifiers = modifiers;
    e.project = [camera = mCamera, size](glm::dvec3 w) { return camera.project(w, size); };
    return e;
}

PointerEvent TerrainViewport::pointerAt(QPoint widgetPos, Qt::KeyboardModifiers modifiers) const {
    return pointerEventAt(QPointF(widgetPos.x() + 0.5, widgetPos.y() + 0.5), modifiers);
}

void TerrainViewport::setRubberBand(std::optional<ScreenBox> band) {
    mBand = band;
    mBandEntity->setMesh(band ? buildRubberBand(mCamera, {double(width()), double(height())}, *band, mFrame)
                              : ColouredMesh{});
}

bool TerrainViewport::rubberBandVisible() const {
    return mBand.has_value();
}

std::optional<glm::dvec3> TerrainViewport::pick(QPoint widgetPos) const {
    return pickAt(QPointF(widgetPos.x() + 0.5, widgetPos.y() + 0.5));
}

std::optional<QPointF> TerrainViewport::project(glm::dvec3 world) const {
    const auto p = mCamera.project(world, {double(width()), double(height())});
    if (!p) {
        return std::nullopt;
    }
    return QPointF(p->x, p->y);
}

void TerrainViewport::cursorAt(std::optional<glm::dvec3> world) {
    mCursor = world;
    updateRing();
    emit cursorMoved(world);
}

void TerrainViewport::setBrushRing(double outerRadius, double innerRadius) {
    mRingOuter = outerRadius;
    mRingInner = innerRadius;
    updateRing();
}

bool TerrainViewport::brushRingVisible() const {
    return mRing->isEnabled();
}

void TerrainViewport::setSelectedObjects(const std::vector<core::ObjectRef>& selection) {
    mSelection = selection;
    updateSelection();
}

int TerrainViewport::selectionHandleLines() const {
    return mSelectionMesh / 2;
}

void TerrainViewport::updateSelection() {
    ColouredMesh mesh;
    if (mDoc && mScene) {
        mesh = buildSelectionHandles(*mDoc, mSelection, mFrame, mScene->objectBounds());
    }
    mSelectionMesh = int(mesh.indices.size());
    mSelectionEntity->setMesh(mesh);
}

void TerrainViewport::updateRing() {
    if (!mDoc || !mScene || !mCursor || !(mRingOuter > 0.0)) {
        mRing->setMesh({});
        return;
    }
    mRing->setMesh(buildBrushRings(*mDoc, *mCursor, mRingOuter, mRingInner, mFrame));
}

// Events and capture -------------------------------------------------------------------------------

bool TerrainViewport::handleFlyKey(QKeyEvent* event) {
    const bool key = event->type() == QEvent::KeyPress || event->type() == QEvent::KeyRelease;
    return key && mInput->flyKeys().contains(event->key()) && mInput->handle(event);
}

void TerrainViewport::releaseKeys() {
    mInput->releaseKeys();
}

void TerrainViewport::setFlyKeys(const FlyKeys& keys) {
    mInput->setFlyKeys(keys);
}

const FlyKeys& TerrainViewport::flyKeys() const {
    return mInput->flyKeys();
}

bool TerrainViewport::eventFilter(QObject* watched, QEvent* event) {
    if (watched == mWindow) {
        if (event->type() == QEvent::MouseButtonPress) {
            mContainer->setFocus(Qt::MouseFocusReason);
        }
        if (handleEvent(event)) {
            return true;
        }
        if (mInput->handle(event)) {
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool TerrainViewport::handleEvent(QEvent* event) {
    const auto type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove && type != QEvent::MouseButtonRelease) {
        return false;
    }
    auto* mouse = static_cast<QMouseEvent*>(event);
    // Event positions name a pixel: its centre, as for picking.
    const QPointF pos = mouse->position() + QPointF(0.5, 0.5);
    const glm::dvec2 size{double(width()), double(height())};
    const Ray ray = mCamera.rayThrough({pos.x(), pos.y()}, size);
    if (mHandleDrag) {
        if (type == QEvent::MouseMove) {
            emit handleDragged(ray);
        } else if (type == QEvent::MouseButtonRelease && mouse->button() == Qt::LeftButton) {
            mHandleDrag.reset();
            emit handleReleased();
        }
        return true;
    }
    if (type != QEvent::MouseButtonPress || mouse->button() != Qt::LeftButton || mSelection.empty() ||
        !mDoc || !mScene) {
        return false;
    }
    const auto handles = selectionHandles(*mDoc, mSelection, mScene->objectBounds());
    if (!handles) {
        return false;
    }
    const auto kind = hitHandle(*handles, {pos.x(), pos.y()},
                                [this, size](glm::dvec3 w) { return mCamera.project(w, size); });
    if (!kind) {
        return false;
    }
    mHandleDrag = *kind;
    emit handlePressed(*kind, ray);
    return true;
}

std::optional<QPointF> TerrainViewport::handleScreenPoint(HandleKind kind) const {
    if (mSelection.empty() || !mDoc || !mScene) {
        return std::nullopt;
    }
    const auto h = selectionHandles(*mDoc, mSelection, mScene->objectBounds());
    if (!h) {
        return std::nullopt;
    }
    const glm::dvec3 point = kind == HandleKind::Ring ? h->position + glm::dvec3(-h->reach, 0.0, 0.0)
                                                      : h->position + h->axis(kind) * (0.8 * h->reach);
    return project(point);
}

void TerrainViewport::captureFrame(std::function<void(QImage)> done) {
    mCapture->capture(std::move(done));
}

QImage TerrainViewport::grabFrame(int timeoutMs) {
    mModels->waitIdle(timeoutMs);
    return mCapture->grab(timeoutMs);
}

} // namespace mapsmith::editor
