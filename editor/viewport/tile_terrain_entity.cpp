#include "editor/viewport/tile_terrain_entity.h"

#include "editor/viewport/chunk_alpha.h"
#include "editor/viewport/texture_upload.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QTexture>

#include <algorithm>
#include <vector>

namespace mapsmith::editor {

using Qt3DCore::QAttribute;

namespace {

void fillChunk(std::span<TileVertex, kChunkVertexCount> out, int i, const io::MapChunk& chunk,
               const SceneFrame& frame, int textureCount) {
    std::array<ChunkVertex, kChunkVertexCount> base;
    buildChunkVertices(chunk, frame, base);
    float slices[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    const int layers = std::min<int>(int(chunk.layers.size()), 4);
    for (int l = 0; l < layers; ++l) {
        slices[l] = float(std::clamp<int>(int(chunk.layers[std::size_t(l)].textureIndex), 0,
                                          std::max(textureCount - 1, 0)));
    }
    for (int v = 0; v < kChunkVertexCount; ++v) {
        TileVertex& t = out[std::size_t(v)];
        t.base = base[std::size_t(v)];
        t.chunk = float(i);
        std::copy(std::begin(slices), std::end(slices), t.slices);
        t.layerCount = float(std::max(layers, 1));
    }
}

} // namespace

TileTerrainEntity::TileTerrainEntity(Qt3DRender::QEffect* terrainEffect,
                                     Qt3DRender::QAbstractTexture* layerTextures, Qt3DCore::QNode* parent)
    : Qt3DCore::QEntity(parent) {
    auto* geometry = new Qt3DCore::QGeometry(this);
    mVertices = new Qt3DCore::QBuffer(geometry);
    mVertices->setData(QByteArray(qsizetype(sizeof(TileVertex)) * kTileVertexCount, '\0'));
    mIndices = new Qt3DCore::QBuffer(geometry);
    constexpr auto stride = quint32(sizeof(TileVertex));
    constexpr auto count = quint32(kTileVertexCount);
    const auto add = [&](const QString& name, uint size, quint32 offset) {
        geometry->addAttribute(
            new QAttribute(mVertices, name, QAttribute::Float, size, count, offset, stride, geometry));
    };
    add(QAttribute::defaultPositionAttributeName(), 3,
        offsetof(TileVertex, base) + offsetof(ChunkVertex, position));
    add(QAttribute::defaultNormalAttributeName(), 3,
        offsetof(TileVertex, base) + offsetof(ChunkVertex, normal));
    add(QAttribute::defaultColorAttributeName(), 3,
        offsetof(TileVertex, base) + offsetof(ChunkVertex, colour));
    add(QAttribute::defaultTextureCoordinateAttributeName(), 2,
        offsetof(TileVertex, base) + offsetof(ChunkVertex, uv));
    add(QStringLiteral("vertexChunk"), 1, offsetof(TileVertex, chunk));
    add(QStringLiteral("vertexSlices"), 4, offsetof(TileVertex, slices));
    add(QStringLiteral("vertexLayerCount"), 1, offsetof(TileVertex, layerCount));
    mIndexAttribute = new QAttribute(geometry);
    mIndexAttribute->setAttributeType(QAttribute::IndexAttribute);
    mIndexAttribute->setVertexBaseType(QAttribute::UnsignedShort); // 256 x 145 = 37,120 < 65,536
    mIndexAttribute->setBuffer(mIndices);
    geometry->addAttribute(mIndexAttribute);

    mRenderer = new Qt3DRender::QGeometryRenderer(this);
    mRenderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    mRenderer->setGeometry(geometry);
    addComponent(mRenderer);

    mBlend = new Qt3DRender::QTexture2DArray(this);
    mBlend->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
    mBlend->setSize(int(io::kAlphaSide), int(io::kAlphaSide));
    mBlend->setLayers(kTileChunks);
    mBlend->setGenerateMipMaps(false);
    mBlend->setMipLevels(1);
    mBlend->setMinificationFilter(Qt3DRender::QAbstractTexture::Linear);
    mBlend->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
    mBlend->wrapMode()->setX(Qt3DRender::QTextureWrapMode::ClampToEdge);
    mBlend->wrapMode()->setY(Qt3DRender::QTextureWrapMode::ClampToEdge);

    mMaterial = new Qt3DRender::QMaterial(this);
    mMaterial->setEffect(terrainEffect);
    mMaterial->addParameter(new Qt3DRender::QParameter(QStringLiteral("blendMaps"), mBlend, mMaterial));
    mLayerTextures = new Qt3DRender::QParameter(QStringLiteral("layerTextures"), layerTextures, mMaterial);
    mMaterial->addParameter(mLayerTextures);
    addComponent(mMaterial);
}

void TileTerrainEntity::uploadChunk(int i, const io::MapChunk& chunk, const SceneFrame& frame,
                                    int textureCount) {
    std::array<TileVertex, kChunkVertexCount> vertices;
    fillChunk(vertices, i, chunk, frame, textureCount);
    mVertices->updateData(
        i * kChunkVertexCount * int(sizeof(TileVertex)),
        QByteArray(reinterpret_cast<const char*>(vertices.data()), qsizetype(sizeof(vertices))));
}

void TileTerrainEntity::uploadAll(const io::Adt& adt, const SceneFrame& frame, int textureCount) {
    std::vector<TileVertex> vertices(static_cast<std::size_t>(kTileVertexCount));
    for (int i = 0; i < kTileChunks && i < int(adt.chunks.size()); ++i) {
        fillChunk(std::span<TileVertex, kChunkVertexCount>(
                      vertices.data() + std::size_t(i) * kChunkVertexCount, kChunkVertexCount),
                  i, adt.chunks[std::size_t(i)], frame, textureCount);
    }
    mVertices->setData(QByteArray(reinterpret_cast<const char*>(vertices.data()),
                                  qsizetype(vertices.size() * sizeof(TileVertex))));
}

void TileTerrainEntity::uploadBlend(int i, const io::MapChunk& chunk) {
    uploadImage(mBlend, chunkBlendImage(chunk), i);
}

void TileTerrainEntity::uploadIndices(const io::Adt& adt) {
    std::vector<std::uint16_t> indices;
    indices.reserve(std::size_t(kTileChunks) * kChunkMaxTriangles * 3);
    for (int i = 0; i < kTileChunks && i < int(adt.chunks.size()); ++i) {
        const auto base = std::uint16_t(i * kChunkVertexCount);
        for (const std::uint16_t index : buildChunkIndices(adt.chunks[std::size_t(i)])) {
            indices.push_back(std::uint16_t(base + index));
        }
    }
    mIndexCount = int(indices.size());
    mIndices->setData(QByteArray(reinterpret_cast<const char*>(indices.data()),
                                 qsizetype(indices.size() * sizeof(std::uint16_t))));
    mIndexAttribute->setCount(uint(mIndexCount));
    mRenderer->setVertexCount(mIndexCount);
    mRenderer->setEnabled(mIndexCount > 0); // a tile of holes draws nothing
}

void TileTerrainEntity::setLayerTextures(Qt3DRender::QAbstractTexture* layerTextures) {
    mLayerTextures->setValue(QVariant::fromValue(layerTextures));
}

} // namespace mapsmith::editor
