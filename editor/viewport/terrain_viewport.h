#pragma once
// The 3D terrain view of a MapDocument: a Qt3DWindow in a window container, drawing every loaded tile
// (terrain_scene.h) and updating only what the document's dirty bits name. Camera, picking and mouse
// handling are CPU math on world coordinates (camera_controller.h, terrain_pick.h, viewport_input.h);
// the scene uses Qt 3D coordinates (scene_frame.h: X east, Y up, Z south, relative to the first tile
// shown).
//
// Needs the OpenGL Qt 3D renderer: the constructor sets QT3D_RENDERER=opengl when it is unset (the
// 6.4 RHI renderer draws texture arrays black), which only works before the first Qt3DWindow exists.

#include "core/document/map_document.h"
#include "core/edit/object_edit.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "core/models/model_library.h"
#include "editor/tools/object_handles.h"
#include "editor/tools/pointer_event.h"
#include "editor/viewport/camera_controller.h"
#include "editor/viewport/scene_effects.h"
#include "editor/viewport/scene_frame.h"
#include "editor/viewport/terrain_scene.h"
#include "editor/viewport/viewport_input.h"

#include <QImage>
#include <QKeyEvent>

#include <QPointer>
#include <QWidget>

#include <glm/vec3.hpp>

#include <functional>
#include <memory>
#include <optional>

namespace Qt3DCore {
class QEntity;
}
namespace Qt3DExtras {
class Qt3DWindow;
}
namespace Qt3DRender {
class QClearBuffers;
}
namespace mapsmith::editor {

class ColouredMeshEntity;
class FrameCapture;
class ModelScene;
class TextureSource;

class TerrainViewport final : public QWidget {
    Q_OBJECT
public:
    // `textures` names MTEX images; nullptr = ProceduralTextureSource.
    explicit TerrainViewport(QWidget* parent = nullptr, std::shared_ptr<TextureSource> textures = {});
    TextureSource& textureSource() const { return *mTextures; }
    // Rebuilds every loaded tile's textures from the texture source (after the game data changed).
    void reloadTextures();
    // How objects are drawn and picked (model bounds, proxy wires); kept across documents.
    void setObjectBounds(const core::ObjectBoundsSettings& settings);
    // The models drawn for placements (model_scene.h); null (no game data): every object is a box. Kept
    // across documents.
    void setModelLibrary(std::shared_ptr<core::ModelLibrary> library);
    const ModelScene& models() const { return *mModels; }
    ModelScene& models() { return *mModels; }
    ~TerrainViewport() override;

    // Shows `doc` (nullptr clears): builds every loaded tile and follows the document's signals. The
    // document must outlive its display here or be cleared first (its destruction is noticed too).
    void setDocument(core::MapDocument* doc);
    core::MapDocument* document() const { return mDoc; }

    // Camera (world coordinates; yaw 0 = north, 90 = west; pitch degrees above the horizon).
    void setCamera(glm::dvec3 worldPos, double yawDeg, double pitchDeg);
    glm::dvec3 cameraPosition() const { return mCamera.pose().position; }
    const CameraPose& cameraPose() const { return mCamera.pose(); }
    CameraController& cameraController() { return mCamera; }
    // Looks at a tile's centre from the south, 35 degrees down, from kLookAtTileDistance yards: most of
    // the tile in view and near enough that a default brush stroke shows plainly.
    void lookAtTile(core::TileCoord tile);
    static constexpr double kLookAtTileDistance = 0.6 * core::kTileSize; // 320 yards
    // Objects drawn with selection handles (selection_handles.h); redrawn when the map changes.
    void setSelectedObjects(const std::vector<core::ObjectRef>& selection);
    const std::vector<core::ObjectRef>& selectedObjects() const { return mSelection; }
    int selectionHandleLines() const; // line segments drawn for the selection (tests)
    // Where a handle of the selection (selectionHandles) is on screen (a point on it), for tests and tools.
    std::optional<QPointF> handleScreenPoint(HandleKind kind) const;

    // Moves the camera to look at `world` (then in the middle of the view) from kFlyToDistance yards,
    // facing `yawDeg` (camera yaw: 0 = north, 90 = west) or, without one, keeping the heading; it looks
    // down at least kFlyToPitch degrees.
    void flyTo(glm::dvec3 world, std::optional<double> yawDeg = std::nullopt);
    static constexpr double kFlyToDistance = 150.0;
    static constexpr double kFlyToPitch = -30.0;
    // Far plane and fog end (yards).
    void setViewDistance(double yards);
    double viewDistance() const { return mViewDistance; }

    // The terrain point under a widget pixel (ray through the pixel's centre); nullopt off-terrain
    // and in holes.
    std::optional<glm::dvec3> pick(QPoint widgetPos) const;
    // Where a world point is drawn (widget pixels); nullopt behind the camera.
    std::optional<QPointF> project(glm::dvec3 world) const;

    // Keyboard flying from elsewhere in the main window (the render window handles its own keys):
    // true when `event` (KeyPress/KeyRelease) was a fly key and was used. releaseKeys() stops flying.
    bool handleFlyKey(QKeyEvent* event);
    void releaseKeys();
    void setFlyKeys(const FlyKeys& keys);
    const FlyKeys& flyKeys() const;

    // The object tool's rubber band (viewport pixels; nullopt hides it), drawn over everything.
    void setRubberBand(std::optional<ScreenBox> band);
    bool rubberBandVisible() const;
    // The pointer event of a widget pixel (its centre), as pointerPressed sends it.
    PointerEvent pointerAt(QPoint widgetPos, Qt::KeyboardModifiers modifiers = Qt::NoModifier) const;

    // The brush cursor under the mouse (outer radius <= 0 hides it), yards.
    void setBrushRing(double outerRadius, double innerRadius);
    bool brushRingVisible() const;

    // Frame grabs of what the renderer drew (QRenderCapture; the second frame after the request).
    // grabFrame first waits for the models of loaded tiles that are still being worked out.
    void captureFrame(std::function<void(QImage)> done);
    QImage grabFrame(int timeoutMs = 10000);

    // Uploads the chunks changed since the last upload now (normally done when the document sends its
    // changes, once per event-loop turn, so one dab's many chunk edits upload once).
    void applyPendingChanges();
    const SceneStats& sceneStats() const;
    void resetSceneStats();
    void setLook(const SceneLook& look);
    const SceneLook& look() const;
    Qt3DExtras::Qt3DWindow* renderWindow() const { return mWindow; }
    // Until the renderer's first frame is on screen (or kStartupTimeoutMs passed), a sky-coloured
    // "Preparing the 3D view" cover lies over the render window, which is black before it.
    bool showingStartupCover() const;
    static constexpr int kStartupTimeoutMs = 5000;

signals:
    // Left button (pen tip) only: the tool's stroke.
    void terrainPressed(glm::dvec3 world, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);
    void terrainDragged(glm::dvec3 world, double pressure);
    void terrainReleased();
    void cursorMoved(std::optional<glm::dvec3> world);
    void cameraMoved(glm::dvec3 world); // camera position, world yards
    // Every left press that is not on a handle, on terrain or not, its moves and its release: the ray
    // through the cursor for the object tool.
    void pointerPressed(const mapsmith::editor::PointerEvent& pointer);
    void pointerMoved(const mapsmith::editor::PointerEvent& pointer);
    void pointerReleased(const mapsmith::editor::PointerEvent& pointer);
    // A left press on a handle of the selection (not a terrain press), the drag, the end.
    void handlePressed(mapsmith::editor::HandleKind kind, const mapsmith::editor::Ray& ray);
    void handleDragged(const mapsmith::editor::Ray& ray);
    void handleReleased();
    void firstFrameShown(); // the startup cover is gone

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void clearScene();
    void uploadPending();
    void tileLoaded(core::TileCoord tile);
    void tileUnloaded(core::TileCoord tile);
    void tileStateChanged(core::TileCoord tile);
    void applyCamera();
    void cursorAt(std::optional<glm::dvec3> world);
    void updateRing();
    void updateSelection();
    bool handleEvent(QEvent* event); // handle drags take the mouse before ViewportInput
    std::optional<glm::dvec3> pickAt(QPointF windowPos) const;
    PointerEvent pointerEventAt(QPointF windowPos, Qt::KeyboardModifiers modifiers) const;

    std::shared_ptr<TextureSource> mTextures;
    core::ObjectBoundsSettings mObjectBounds;
    Qt3DExtras::Qt3DWindow* mWindow = nullptr;
    QWidget* mContainer = nullptr;
    Qt3DCore::QEntity* mRoot = nullptr;
    SceneEffects* mEffects = nullptr;
    Qt3DRender::QClearBuffers* mClear = nullptr;
    TerrainScene* mScene = nullptr;
    ModelScene* mModels = nullptr;
    ColouredMeshEntity* mRing = nullptr;
    ColouredMeshEntity* mSelectionEntity = nullptr;
    ColouredMeshEntity* mBandEntity = nullptr;
    std::optional<ScreenBox> mBand;
    std::vector<core::ObjectRef> mSelection;
    int mSelectionMesh = 0; // indices in the selection mesh
    std::optional<HandleKind> mHandleDrag;
    FrameCapture* mCapture = nullptr;
    class StartupCover* mCover = nullptr; // deleted once the first frame is shown
    bool mCoverArmed = false;             // the first show started waiting for that frame
    ViewportInput* mInput = nullptr;

    QPointer<core::MapDocument> mDoc;
    SceneFrame mFrame;
    CameraController mCamera;
    double mViewDistance = 3000.0;
    core::DirtyChunks mPending; // changes received, not uploaded yet
    double mRingOuter = 0.0;
    double mRingInner = 0.0;
    std::optional<glm::dvec3> mCursor;
    SceneStats mNoStats;
};

} // namespace mapsmith::editor
