#pragma once
// The models of a viewport on the GPU, one per distinct mesh, shared by every tile that places it: a
// vertex buffer, an index buffer with one range per material (model_mesh_upload.h), and per material a
// QMaterial (its model effect, its texture, lit or not). Textures are shared by game path; a material
// without a texture (set at run time) gets a neutral stand-in colour. Models and textures are counted by
// their users and deleted with the last one.
//
// Attach last (terrain_scene.h): each model's nodes and each texture are built under a detached node
// that is attached to the live `parent` only once its data is set.

#include "core/render/terrain_look.h"
#include "editor/viewport/model_mesh_upload.h"

#include <QColor>
#include <QHash>
#include <QString>

#include <map>
#include <memory>
#include <vector>

namespace Qt3DCore {
class QBuffer;
class QNode;
} // namespace Qt3DCore
namespace Qt3DRender {
class QMaterial;
class QTexture2D;
} // namespace Qt3DRender

namespace mapsmith::editor {

class SceneEffects;
class TextureSource;

inline const QColor kRunTimeTextureColour{
    core::kModelNeutralColour[0], core::kModelNeutralColour[1],
    core::kModelNeutralColour[2]}; // neutral: what a run-time texture stands for

class ModelGpuCache {
public:
    struct Part {
        Qt3DRender::QMaterial* material = nullptr;
        core::ModelBlend blend = core::ModelBlend::Opaque;
        std::uint32_t firstIndex = 0;
        std::uint32_t indexCount = 0;
    };
    struct Model {
        Qt3DCore::QNode* root = nullptr;
        Qt3DCore::QBuffer* vertices = nullptr;
        Qt3DCore::QBuffer* indices = nullptr;
        std::uint32_t vertexCount = 0;
        std::vector<Part> parts;
        std::vector<QString> textures; // keys of the textures its materials use
        int users = 0;
    };

    ModelGpuCache(SceneEffects& effects, TextureSource& textures, Qt3DCore::QNode* parent);
    ~ModelGpuCache();
    ModelGpuCache(const ModelGpuCache&) = delete;
    ModelGpuCache& operator=(const ModelGpuCache&) = delete;

    // The model of upload.mesh, made from `upload` when it is new; one more user either way.
    const Model& acquire(MeshUpload&& upload);
    void release(const core::ModelMesh* mesh);
    bool contains(const core::ModelMesh* mesh) const { return mModels.count(mesh) != 0; }
    std::size_t modelCount() const { return mModels.size(); }
    std::size_t textureCount() const { return std::size_t(mTextures.size()); }

private:
    struct Texture {
        Qt3DRender::QTexture2D* texture = nullptr;
        int users = 0;
    };
    Qt3DRender::QTexture2D* texture(const QString& key);
    void releaseTexture(const QString& key);

    SceneEffects& mEffects;
    TextureSource& mTextureSource;
    Qt3DCore::QNode* mParent;
    // Keyed by the mesh; the pointer is held so the key stays unique while the model lives.
    std::map<const core::ModelMesh*, std::pair<std::shared_ptr<const core::ModelMesh>, Model>> mModels;
    QHash<QString, Texture> mTextures; // normalised game path ("" = the run-time stand-in)
};

} // namespace mapsmith::editor
