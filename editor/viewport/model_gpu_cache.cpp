#include "editor/viewport/model_gpu_cache.h"

#include "editor/viewport/scene_effects.h"
#include "editor/viewport/texture_source.h"
#include "editor/viewport/texture_upload.h"

#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QNode>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QTexture>

#include <algorithm>

namespace mapsmith::editor {

namespace {

constexpr int kMaxTextureSide = 256;

QString textureKey(const std::string& path) {
    return QString::fromStdString(path).toLower().replace(QLatin1Char('/'), QLatin1Char('\\'));
}

QImage textureImage(TextureSource& source, const QString& key) {
    if (key.isEmpty()) {
        QImage neutral(4, 4, QImage::Format_RGBA8888);
        neutral.fill(kRunTimeTextureColour);
        return neutral;
    }
    QImage image = source.image(key);
    if (image.isNull()) {
        image = QImage(4, 4, QImage::Format_RGBA8888);
        image.fill(kRunTimeTextureColour);
    }
    if (image.width() > kMaxTextureSide || image.height() > kMaxTextureSide) {
        image =
            image.scaled(std::min(image.width(), kMaxTextureSide), std::min(image.height(), kMaxTextureSide),
                         Qt::KeepAspectRatio, Qt::SmoothTransformation);
    }
    return image.convertToFormat(QImage::Format_RGBA8888);
}

} // namespace

ModelGpuCache::ModelGpuCache(SceneEffects& effects, TextureSource& textures, Qt3DCore::QNode* parent)
    : mEffects(effects), mTextureSource(textures), mParent(parent) {}

ModelGpuCache::~ModelGpuCache() {
    for (auto& [mesh, entry] : mModels) {
        delete entry.second.root;
    }
    for (const Texture& t : std::as_const(mTextures)) {
        delete t.texture;
    }
}

Qt3DRender::QTexture2D* ModelGpuCache::texture(const QString& key) {
    if (auto it = mTextures.find(key); it != mTextures.end()) {
        ++it->users;
        return it->texture;
    }
    using Qt3DRender::QAbstractTexture;
    const QImage image = textureImage(mTextureSource, key);
    auto* t = new Qt3DRender::QTexture2D(); // detached until filled
    t->setFormat(QAbstractTexture::RGBA8_UNorm);
    t->setSize(image.width(), image.height());
    t->setGenerateMipMaps(true); // levels are uploaded (texture_upload.h); this only sizes the chain
    t->setMipLevels(mipLevelCount(std::max(image.width(), image.height())));
    t->setMinificationFilter(QAbstractTexture::LinearMipMapLinear);
    t->setMagnificationFilter(QAbstractTexture::Linear);
    t->wrapMode()->setX(Qt3DRender::QTextureWrapMode::Repeat);
    t->wrapMode()->setY(Qt3DRender::QTextureWrapMode::Repeat);
    uploadWithMipLevels(t, image, 0);
    t->setParent(mParent);
    mTextures.insert(key, {t, 1});
    return t;
}

void ModelGpuCache::releaseTexture(const QString& key) {
    auto it = mTextures.find(key);
    if (it == mTextures.end()) {
        return;
    }
    if (--it->users <= 0) {
        delete it->texture;
        mTextures.erase(it);
    }
}

const ModelGpuCache::Model& ModelGpuCache::acquire(MeshUpload&& upload) {
    const core::ModelMesh* key = upload.mesh.get();
    if (auto it = mModels.find(key); it != mModels.end()) {
        ++it->second.second.users;
        return it->second.second;
    }
    Model model;
    model.root = new Qt3DCore::QNode(); // detached until complete
    model.vertices = new Qt3DCore::QBuffer(model.root);
    model.vertices->setData(std::move(upload.vertices));
    model.indices = new Qt3DCore::QBuffer(model.root);
    model.indices->setData(std::move(upload.indices));
    model.vertexCount = upload.vertexCount;
    for (const MeshPart& p : upload.parts) {
        const core::ModelMaterial& m = partMaterial(*upload.mesh, p);
        const QString textureName = textureKey(m.texture);
        model.textures.push_back(textureName);
        auto* material = new Qt3DRender::QMaterial(model.root);
        material->setEffect(mEffects.modelEffect(m.blend, m.twoSided));
        material->addParameter(
            new Qt3DRender::QParameter(QStringLiteral("diffuse"), texture(textureName), material));
        material->addParameter(
            new Qt3DRender::QParameter(QStringLiteral("lit"), m.unlit ? 0.0f : 1.0f, material));
        model.parts.push_back({material, m.blend, p.firstIndex, p.indexCount});
    }
    model.users = 1;
    model.root->setParent(mParent);
    auto [it, added] = mModels.emplace(key, std::pair{std::move(upload.mesh), std::move(model)});
    return it->second.second;
}

void ModelGpuCache::release(const core::ModelMesh* mesh) {
    auto it = mModels.find(mesh);
    if (it == mModels.end()) {
        return;
    }
    Model& model = it->second.second;
    if (--model.users > 0) {
        return;
    }
    delete model.root;
    for (const QString& t : model.textures) {
        releaseTexture(t);
    }
    mModels.erase(it);
}

} // namespace mapsmith::editor
