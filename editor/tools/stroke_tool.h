#pragma once
// The tools that map one-to-one onto a core stroke class: settings in, one stroke per press.

#include "core/edit/attribute_strokes.h"
#include "core/edit/height_stroke.h"
#include "core/edit/liquid_edit.h"
#include "core/edit/texture_paint.h"
#include "editor/tools/tool.h"

#include <functional>
#include <memory>

namespace mapsmith::editor {

// Stroke: constructed from (MapDocument&, const Settings&), with moveTo(glm::dvec2[, double]) and finish().
template <class Stroke, class Settings> class StrokeTool : public Tool {
public:
    StrokeTool(QString name, Settings settings, QObject* parent = nullptr)
        : Tool(parent), mName(std::move(name)), mSettings(std::move(settings)) {}

    QString name() const override { return mName; }
    core::BrushSettings brush() const override { return mSettings.brush; }
    Settings& settings() { return mSettings; }
    const Settings& settings() const { return mSettings; }
    void setSettings(const Settings& s) { mSettings = s; }

    void begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) override {
        cancel();
        mStroke = std::make_unique<Stroke>(doc, adjusted(modifiers));
        drag(world, 1.0);
    }
    void drag(glm::dvec3 world, double pressure) override {
        if (!mStroke) {
            return;
        }
        if constexpr (requires(Stroke s) { s.moveTo(glm::dvec2{}, 1.0); }) {
            mStroke->moveTo(glm::dvec2(world.x, world.y), pressure);
        } else {
            mStroke->moveTo(glm::dvec2(world.x, world.y));
        }
    }
    void end() override {
        if (mStroke) {
            mStroke->finish();
            report(*mStroke);
            mStroke.reset();
        }
    }
    void cancel() override {
        if (mStroke) {
            mStroke->cancel();
            mStroke.reset();
        }
    }
    bool active() const override { return mStroke != nullptr; }

protected:
    // The settings for a stroke started with these modifiers (Shift inverts).
    virtual Settings adjusted(Qt::KeyboardModifiers modifiers) const = 0;
    virtual void report(const Stroke&) {}

private:
    QString mName;
    Settings mSettings;
    std::unique_ptr<Stroke> mStroke;
};

class HeightTool final : public StrokeTool<core::HeightStroke, core::HeightBrushSettings> {
public:
    explicit HeightTool(QObject* parent = nullptr);

protected:
    core::HeightBrushSettings adjusted(Qt::KeyboardModifiers modifiers) const override;
};

class TextureTool final : public StrokeTool<core::TexturePaintStroke, core::TexturePaintSettings> {
public:
    explicit TextureTool(QObject* parent = nullptr);

protected:
    core::TexturePaintSettings adjusted(Qt::KeyboardModifiers modifiers) const override;
    void report(const core::TexturePaintStroke& stroke) override;
};

class HoleTool final : public StrokeTool<core::HoleStroke, core::HoleBrushSettings> {
public:
    explicit HoleTool(QObject* parent = nullptr);

protected:
    core::HoleBrushSettings adjusted(Qt::KeyboardModifiers modifiers) const override;
};

class VertexColourTool final : public StrokeTool<core::VertexColourStroke, core::VertexColourBrushSettings> {
public:
    explicit VertexColourTool(QObject* parent = nullptr);

protected:
    core::VertexColourBrushSettings adjusted(Qt::KeyboardModifiers modifiers) const override;
};

class ShadowTool final : public StrokeTool<core::ShadowStroke, core::ShadowBrushSettings> {
public:
    explicit ShadowTool(QObject* parent = nullptr);

protected:
    core::ShadowBrushSettings adjusted(Qt::KeyboardModifiers modifiers) const override;
};

class AreaIdTool final : public StrokeTool<core::AreaIdStroke, core::AreaIdBrushSettings> {
public:
    explicit AreaIdTool(QObject* parent = nullptr);

protected:
    core::AreaIdBrushSettings adjusted(Qt::KeyboardModifiers) const override { return settings(); }
};

class ImpassableTool final : public StrokeTool<core::ImpassableStroke, core::ImpassableBrushSettings> {
public:
    explicit ImpassableTool(QObject* parent = nullptr);

protected:
    core::ImpassableBrushSettings adjusted(Qt::KeyboardModifiers modifiers) const override;
};

class LiquidTool final : public StrokeTool<core::LiquidStroke, core::LiquidSettings> {
public:
    explicit LiquidTool(QObject* parent = nullptr);

    // Asked before each stroke with the press point (yards) and the brush radius (the old-liquids
    // prompt, editor/old_liquids_action.h); false: no stroke for this press.
    using BeforeStroke = std::function<bool(core::MapDocument&, glm::dvec3 world, double radius)>;
    void setBeforeStroke(BeforeStroke before) { mBeforeStroke = std::move(before); }
    void begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) override;

protected:
    core::LiquidSettings adjusted(Qt::KeyboardModifiers modifiers) const override;

private:
    BeforeStroke mBeforeStroke;
};

} // namespace mapsmith::editor
