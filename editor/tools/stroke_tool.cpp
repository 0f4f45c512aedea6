#include "editor/tools/stroke_tool.h"

#include "core/kernels/procedural_textures.h"

#include <QStringList>

namespace mapsmith::editor {
namespace {

bool inverted(Qt::KeyboardModifiers m) {
    return m.testFlag(Qt::ShiftModifier);
}

core::BrushSettings defaultBrush(double radius, double strength) {
    core::BrushSettings b;
    b.radius = radius;
    b.strength = strength;
    return b;
}

} // namespace

HeightTool::HeightTool(QObject* parent)
    // 25 yd and 3 yd per dab: a first drag across the start view raises a hill that plainly shows.
    : StrokeTool(tr("Sculpt"), core::HeightBrushSettings{defaultBrush(25.0, 3.0)}, parent) {}

core::HeightBrushSettings HeightTool::adjusted(Qt::KeyboardModifiers modifiers) const {
    core::HeightBrushSettings s = settings();
    if (inverted(modifiers)) {
        s.lower = !s.lower;
    }
    return s;
}

TextureTool::TextureTool(QObject* parent)
    : StrokeTool(tr("Paint texture"),
                 core::TexturePaintSettings{
                     defaultBrush(15.0, 0.3),
                     core::terrainTexturePath(core::TerrainTexture::Rock).toStdString(), false},
                 parent) {}

core::TexturePaintSettings TextureTool::adjusted(Qt::KeyboardModifiers modifiers) const {
    core::TexturePaintSettings s = settings();
    if (inverted(modifiers)) {
        s.erase = !s.erase;
    }
    return s;
}

void TextureTool::report(const core::TexturePaintStroke& stroke) {
    const auto& refused = stroke.refusedChunks();
    if (refused.empty()) {
        return;
    }
    QStringList lines;
    for (const auto& r : refused) {
        lines << r.message();
        if (lines.size() == 3) {
            break;
        }
    }
    QString text = lines.join(QStringLiteral("; "));
    if (refused.size() > 3) {
        text += tr(" (and %1 more chunks)").arg(refused.size() - 3);
    }
    emit message(text);
}

HoleTool::HoleTool(QObject* parent)
    : StrokeTool(tr("Holes"), core::HoleBrushSettings{defaultBrush(5.0, 1.0)}, parent) {}

core::HoleBrushSettings HoleTool::adjusted(Qt::KeyboardModifiers modifiers) const {
    core::HoleBrushSettings s = settings();
    if (inverted(modifiers)) {
        s.mode = s.mode == core::HoleMode::Cut ? core::HoleMode::Remove : core::HoleMode::Cut;
    }
    return s;
}

VertexColourTool::VertexColourTool(QObject* parent)
    : StrokeTool(tr("Vertex colour"), core::VertexColourBrushSettings{defaultBrush(15.0, 0.3)}, parent) {}

core::VertexColourBrushSettings VertexColourTool::adjusted(Qt::KeyboardModifiers modifiers) const {
    core::VertexColourBrushSettings s = settings();
    if (inverted(modifiers)) {
        s.mode = s.mode == core::ColourMode::Paint ? core::ColourMode::Erase : core::ColourMode::Paint;
    }
    return s;
}

ShadowTool::ShadowTool(QObject* parent)
    : StrokeTool(tr("Shadows"), core::ShadowBrushSettings{defaultBrush(8.0, 1.0)}, parent) {}

core::ShadowBrushSettings ShadowTool::adjusted(Qt::KeyboardModifiers modifiers) const {
    core::ShadowBrushSettings s = settings();
    if (inverted(modifiers)) {
        s.shadowed = !s.shadowed;
    }
    return s;
}

AreaIdTool::AreaIdTool(QObject* parent)
    : StrokeTool(tr("Area id"), core::AreaIdBrushSettings{defaultBrush(10.0, 1.0)}, parent) {}

ImpassableTool::ImpassableTool(QObject* parent)
    : StrokeTool(tr("Impassable"), core::ImpassableBrushSettings{defaultBrush(10.0, 1.0)}, parent) {}

core::ImpassableBrushSettings ImpassableTool::adjusted(Qt::KeyboardModifiers modifiers) const {
    core::ImpassableBrushSettings s = settings();
    if (inverted(modifiers)) {
        s.impassable = !s.impassable;
    }
    return s;
}

namespace {

core::LiquidSettings defaultLiquid() {
    core::LiquidSettings s;
    s.brush = defaultBrush(20.0, 1.0);
    return s;
}

} // namespace

LiquidTool::LiquidTool(QObject* parent) : StrokeTool(tr("Liquid"), defaultLiquid(), parent) {
    // New water 1 yd above the ground where the stroke starts, until the user sets a height.
    settings().heightFromStart = true;
    settings().height = 1.0;
}

void LiquidTool::begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) {
    cancel();
    if (mBeforeStroke && !mBeforeStroke(doc, world, settings().brush.radius)) {
        return;
    }
    StrokeTool::begin(doc, world, modifiers);
}

core::LiquidSettings LiquidTool::adjusted(Qt::KeyboardModifiers modifiers) const {
    core::LiquidSettings s = settings();
    if (inverted(modifiers) && s.mode == core::LiquidMode::Add) {
        s.mode = core::LiquidMode::Remove;
    } else if (inverted(modifiers) && s.mode == core::LiquidMode::Remove) {
        s.mode = core::LiquidMode::Add;
    }
    return s;
}

} // namespace mapsmith::editor
