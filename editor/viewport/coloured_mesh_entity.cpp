#include "editor/viewport/coloured_mesh_entity.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QMaterial>

#include <QByteArray>

namespace mapsmith::editor {

using Qt3DCore::QAttribute;

ColouredMeshEntity::ColouredMeshEntity(Qt3DRender::QGeometryRenderer::PrimitiveType primitive,
                                       Qt3DRender::QMaterial* material, Qt3DCore::QNode* parent)
    : Qt3DCore::QEntity(parent) {
    auto* geometry = new Qt3DCore::QGeometry(this);
    mVertices = new Qt3DCore::QBuffer(geometry);
    mIndices = new Qt3DCore::QBuffer(geometry);
    constexpr auto stride = quint32(sizeof(ColouredVertex));
    mPositionAttribute = new QAttribute(mVertices, QAttribute::defaultPositionAttributeName(),
                                        QAttribute::Float, 3, 0, 0, stride, geometry);
    mColourAttribute = new QAttribute(mVertices, QAttribute::defaultColorAttributeName(), QAttribute::Float,
                                      4, 0, offsetof(ColouredVertex, colour), stride, geometry);
    mIndexAttribute = new QAttribute(geometry);
    mIndexAttribute->setAttributeType(QAttribute::IndexAttribute);
    mIndexAttribute->setVertexBaseType(QAttribute::UnsignedInt);
    mIndexAttribute->setBuffer(mIndices);
    geometry->addAttribute(mPositionAttribute);
    geometry->addAttribute(mColourAttribute);
    geometry->addAttribute(mIndexAttribute);

    mRenderer = new Qt3DRender::QGeometryRenderer(this);
    mRenderer->setPrimitiveType(primitive);
    mRenderer->setGeometry(geometry);
    addComponent(mRenderer);
    addComponent(material);
    setEnabled(false);
}

void ColouredMeshEntity::setMesh(const ColouredMesh& mesh) {
    mIndexCount = int(mesh.indices.size());
    if (mesh.empty()) {
        setEnabled(false);
        return;
    }
    const auto vertexCount = uint(mesh.vertices.size());
    mVertices->setData(QByteArray(reinterpret_cast<const char*>(mesh.vertices.data()),
                                  qsizetype(mesh.vertices.size() * sizeof(ColouredVertex))));
    mIndices->setData(QByteArray(reinterpret_cast<const char*>(mesh.indices.data()),
                                 qsizetype(mesh.indices.size() * sizeof(std::uint32_t))));
    mPositionAttribute->setCount(vertexCount);
    mColourAttribute->setCount(vertexCount);
    mIndexAttribute->setCount(uint(mIndexCount));
    mRenderer->setVertexCount(mIndexCount);
    setEnabled(true);
}

} // namespace mapsmith::editor
