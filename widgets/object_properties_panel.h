#pragma once
// The selected objects (doodads and WMOs): for one, its kind, model name, the file the game data gave for
// it (or why there is none), its triangle count, uniqueId, tile, a WMO's doodad set (a combo of its MODS
// set names), and editable position (world yards: x north, y west, z up), rotation (degrees, as stored)
// and scale (doodads only). For several: their count, the centre of their positions (editing it moves them
// all), and the values they share (a rotation or scale they do not share reads "mixed" and cannot be
// typed). The panel never changes the model: an edit emits the change relative to what is shown, in the
// units core's ObjectEditor::move / rotate / scale take, and the owner applies it to the whole selection
// and shows it again. Values are sent when an edit is committed (Enter, focus leaving the box, arrow
// steps), not per key.

#include "core/edit/object_edit.h"
#include "core/models/selection_info.h"

#include <QWidget>

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace mapsmith::widgets {

class ObjectPropertiesPanel : public QWidget {
    Q_OBJECT
public:
    explicit ObjectPropertiesPanel(QWidget* parent = nullptr);

    // One object looked up without game data (core::describeSelection); nothing selected or not found:
    // the fields are cleared and disabled.
    void showObject(const core::MapDocument& doc, std::optional<core::ObjectRef> ref);
    void showSelection(const core::SelectionInfo& info);
    // The first selected object shown.
    std::optional<core::ObjectRef> object() const { return mRef; }
    int shownCount() const { return mCount; }

signals:
    // World yards to add to the position (ObjectEditor::move).
    void moveRequested(const glm::dvec3& delta);
    // Degrees to add to rotation x, y (heading), z (ObjectEditor::rotate).
    void rotateRequested(const glm::dvec3& degrees);
    // Factor to multiply the scale by (ObjectEditor::scale); doodads only.
    void scaleRequested(double factor);
    // The MODF doodad set the selected WMOs should show (an index into the model's MODS sets).
    void doodadSetRequested(std::uint16_t set);

private:
    void clear(const QString& heading);
    void showRotationAndScale(const core::SelectionInfo& info);
    void showDoodadSets(const core::SelectionInfo& info);

    std::optional<core::ObjectRef> mRef;
    int mCount = 0;
    glm::dvec3 mPosition{0.0}; // exact values the spin boxes show (rounded) and deltas start from
    glm::dvec3 mRotation{0.0};
    double mScale = 1.0;

    QLabel* mHeading = nullptr;
    QLabel* mKind = nullptr;
    QLineEdit* mName = nullptr;
    QLabel* mFile = nullptr;
    QLabel* mTriangles = nullptr;
    QLabel* mUniqueId = nullptr;
    QLabel* mTile = nullptr;
    QComboBox* mDoodadSet = nullptr;
    QLabel* mDoodadSetLabel = nullptr;
    std::array<QDoubleSpinBox*, 3> mPos{};
    std::array<QDoubleSpinBox*, 3> mRot{};
    QDoubleSpinBox* mScaleSpin = nullptr;
    QLabel* mNoScale = nullptr;
};

} // namespace mapsmith::widgets
