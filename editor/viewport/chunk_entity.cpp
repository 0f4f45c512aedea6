#include "chunk_entity.h"

#include "editor/viewport/chunk_alpha.h"
#include "editor/viewport/chunk_mesh.h"
#include "editor/viewport/texture_upload.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QTexture>

#include <QVector4D>

#include <algorithm>
#include <array>

namespace mapsmith::editor {

using Qt3DCore::QAttribute;

ChunkEntity::ChunkEntity(Qt3DRender::QEffect* terrainEffect, Qt3DRender::QAbstractTexture* layerTextures,
                         Qt3DCore::QNode* parent)
    : Qt3DCore::QEntity(parent) {
    auto* geometry = new Qt3DCore::QGeometry(this);
    mVertices = new Qt3DCore::QBuffer(geometry);
    mIndices = new Qt3DCore::QBuffer(geometry);
    constexpr auto stride = quint32(sizeof(ChunkVertex));
    constexpr auto count = quint32(kChunkVertexCount);
    geometry->addAttribute(new QAttribute(mVertices, QAttribute::defaultPositionAttributeName(),
                                          QAttribute::Float, 3, count, offsetof(ChunkVertex, position),
                                          stride, geometry));
    geometry->addAttribute(new QAttribute(mVertices, QAttribute::defaultNormalAttributeName(),
                                          QAttribute::Float, 3, count, offsetof(ChunkVertex, normal), stride,
                                          geometry));
    geometry->addAttribute(new QAttribute(mVertices, QAttribute::defaultColorAttributeName(),
                                          QAttribute::Float, 3, count, offsetof(ChunkVertex, colour), stride,
                                          geometry));
    geometry->addAttribute(new QAttribute(mVertices, QAttribute::defaultTextureCoordinateAttributeName(),
                                          QAttribute::Float, 2, count, offsetof(ChunkVertex, uv), stride,
                                          geometry));
    mIndexAttribute = new QAttribute(geometry);
    mIndexAttribute->setAttributeType(QAttribute::IndexAttribute);
    mIndexAttribute->setVertexBaseType(QAttribute::UnsignedShort);
    mIndexAttribute->setBuffer(mIndices);
    geometry->addAttribute(mIndexAttribute);

    mRenderer = new Qt3DRender::QGeometryRenderer(this);
    mRenderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    mRenderer->setGeometry(geometry);
    addComponent(mRenderer);

    // 64x64 RGBA: alpha of layers 1..3 and the shadow bit (chunk_alpha.h); contents via updateData.
    mBlendTexture = new Qt3DRender::QTexture2D(this);
    mBlendTexture->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
    mBlendTexture->setSize(int(io::kAlphaSide), int(io::kAlphaSide));
    mBlendTexture->setGenerateMipMaps(false);
    mBlendTexture->setMipLevels(1);
    mBlendTexture->setMinificationFilter(Qt3DRender::QAbstractTexture::Linear);
    mBlendTexture->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
    mBlendTexture->wrapMode()->setX(Qt3DRender::QTextureWrapMode::ClampToEdge);
    mBlendTexture->wrapMode()->setY(Qt3DRender::QTextureWrapMode::ClampToEdge);

    mMaterial = new Qt3DRender::QMaterial(this);
    mMaterial->setEffect(terrainEffect);
    mMaterial->addParameter(new Qt3DRender::QParameter(QStringLiteral("blendMap"), mBlendTexture, mMaterial));
    mLayerTextures = new Qt3DRender::QParameter(QStringLiteral("layerTextures"), layerTextures, mMaterial);
    mLayerSlices = new Qt3DRender::QParameter(QStringLiteral("layerSlices"), QVector4D(), mMaterial);
    mLayerCount = new Qt3DRender::QParameter(QStringLiteral("layerCount"), 1.0f, mMaterial);
    mMaterial->addParameter(mLayerTextures);
    mMaterial->addParameter(mLayerSlices);
    mMaterial->addParameter(mLayerCount);
    addComponent(mMaterial);
}

void ChunkEntity::uploadVertices(const io::MapChunk& chunk, const SceneFrame& frame) {
    std::array<ChunkVertex, kChunkVertexCount> vertices;
    buildChunkVertices(chunk, frame, vertices);
    mVertices->setData(
        QByteArray(reinterpret_cast<const char*>(vertices.data()), qsizetype(sizeof(vertices))));
}

void ChunkEntity::uploadIndices(const io::MapChunk& chunk) {
    const auto indices = buildChunkIndices(chunk);
    mIndexCount = int(indices.size());
    mIndices->setData(QByteArray(reinterpret_cast<const char*>(indices.data()),
                                 qsizetype(indices.size() * sizeof(std::uint16_t))));
    mIndexAttribute->setCount(uint(mIndexCount));
    mRenderer->setVertexCount(mIndexCount);
    // A chunk that is all holes draws nothing.
    mRenderer->setEnabled(mIndexCount > 0);
}

void ChunkEntity::uploadBlend(const io::MapChunk& chunk) {
    uploadImage(mBlendTexture, chunkBlendImage(chunk));
}

void ChunkEntity::updateLayers(const io::MapChunk& chunk, int textureCount) {
    float slices[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    const int layers = std::min<int>(int(chunk.layers.size()), 4);
    for (int i = 0; i < layers; ++i) {
        slices[i] = float(std::clamp<int>(int(chunk.layers[std::size_t(i)].textureIndex), 0,
                                          std::max(textureCount - 1, 0)));
    }
    mLayerSlices->setValue(QVector4D(slices[0], slices[1], slices[2], slices[3]));
    mLayerCount->setValue(float(std::max(layers, 1)));
}

void ChunkEntity::setLayerTextures(Qt3DRender::QAbstractTexture* layerTextures) {
    mLayerTextures->setValue(QVariant::fromValue(layerTextures));
}

} // namespace mapsmith::editor
