#pragma once
// The three passes the viewport's frame graph draws in order (frame_graph.h), and the helper that
// builds an effect for one of them: one OpenGL 3.3 core technique (filter key renderingStyle =
// forward), one render pass tagged with its pass name, shaders from the resources (:/shaders).

#include <Qt3DRender/QBlendEquationArguments>
#include <Qt3DRender/QEffect>

#include <QString>

namespace mapsmith::editor {

enum class RenderPass {
    Opaque,      // depth-tested, depth-written: terrain, object boxes
    Transparent, // alpha-blended, depth-tested, no depth writes, drawn after Opaque: liquids
    Overlay,     // drawn last without depth test: the brush cursor
};

inline constexpr const char* kPassKey = "pass";
QString passName(RenderPass pass);

// Render states beyond the pass's own: the blend factors of the non-opaque passes and face culling.
struct PassStates {
    Qt3DRender::QBlendEquationArguments::Blending source = Qt3DRender::QBlendEquationArguments::SourceAlpha;
    Qt3DRender::QBlendEquationArguments::Blending destination =
        Qt3DRender::QBlendEquationArguments::OneMinusSourceAlpha;
    bool cullBackFaces = false; // counter-clockwise faces (in the scene frame) are the front
};

// Shader sources from :/shaders/<name>.vert and .frag (registers the resources first).
Qt3DRender::QEffect* makeEffect(const QString& shaderName, RenderPass pass, Qt3DCore::QNode* parent,
                                const PassStates& states = {});

// Registers resources.qrc (idempotent: Qt ignores a second registration of the same data).
void initViewportResources();

} // namespace mapsmith::editor
