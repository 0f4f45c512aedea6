#pragma once
// File > Import > Gamestudio Level: the .wmb to import, where its origin goes on the map (world yards, x
// north, y west; z on the ground unless given) and the yards per quant (default 1/36: one quant is one
// inch, as `mapsmith-cli import-wmb --scale`). Shows what the chosen level holds (core::describeWmbLevel)
// or why it cannot be read, and says where the level's files go. It only collects the choice; the caller
// imports (core/convert/wmb_import.h).

#include <QDialog>
#include <QString>

#include <glm/vec2.hpp>

#include <optional>

class QCheckBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace mapsmith::widgets {

struct ImportLevelChoice {
    QString path;                      // the .wmb
    glm::dvec2 at{0.0};                // world yards of the level's origin
    std::optional<double> z;           // nullopt: on the ground
    double yardsPerQuant = 1.0 / 36.0; // core::kDefaultYardsPerQuant
};

class ImportLevelDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ImportLevelDialog(QWidget* parent = nullptr);

    void setChoice(const ImportLevelChoice& choice);
    ImportLevelChoice choice() const;
    // The summary shown for the chosen file: what it holds, or why it cannot be read.
    QString summary() const;

private:
    void fileChanged();

    QLineEdit* mPath = nullptr;
    QLabel* mSummary = nullptr;
    QDoubleSpinBox* mX = nullptr;
    QDoubleSpinBox* mY = nullptr;
    QDoubleSpinBox* mZ = nullptr;
    QCheckBox* mOnGround = nullptr;
    QDoubleSpinBox* mScale = nullptr;
    QDialogButtonBox* mButtons = nullptr;
    bool mReadable = false;
};

} // namespace mapsmith::widgets
