#pragma once
// Shared layout of the tool-specific settings sections (height, holes, colours...): a form with labels
// aligned right, plus helpers for the controls they have in common. Each section edits the fields of
// its tool's core settings struct except `brush`, which it carries through unchanged (the
// BrushSettingsPanel edits it); the owner combines both:
//     auto s = heightPanel->settings(); s.brush = brushPanel->settings();
// Like BrushSettingsPanel, a section keeps the settings exactly as set (only a field the user edits
// changes), emits settingsChanged only for user edits, and persists under a group of its own.

#include <QWidget>

#include <functional>

class QButtonGroup;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QRadioButton;

namespace mapsmith::widgets {

// Gives every label of `form` the same minimum width (right-aligned), wide enough for the longest label
// any settings section uses, so sections stacked in one dock line their fields up.
void alignFormLabels(QFormLayout* form);

class ModePanel : public QWidget {
    Q_OBJECT
public:
    ModePanel(const QString& objectName, QWidget* parent);

protected:
    void showEvent(QShowEvent* event) override;
    QFormLayout* form() const { return mForm; }
    // A wrapped, dimmed explanation row spanning the form.
    QLabel* addHint(const QString& objectName, const QString& text);
    // Two exclusive radio buttons on one row; `onFirst(bool first)` runs when the user picks one.
    struct RadioPair {
        QRadioButton* first = nullptr;
        QRadioButton* second = nullptr;
        void set(bool first) const; // silent
    };
    RadioPair addRadioPair(const QString& label, const QString& firstName, const QString& firstText,
                           const QString& secondName, const QString& secondText,
                           std::function<void(bool first)> onFirst);
    QDoubleSpinBox* makeSpin(const QString& objectName, double minimum, double maximum, int decimals,
                             const QString& suffix);

private:
    QFormLayout* mForm = nullptr;
};

} // namespace mapsmith::widgets
