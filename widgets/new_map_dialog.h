#pragma once
// File > New map: the map's name, the folder to write it to, a rectangular block of tiles, the terrain
// preset and the base height. Shows core::validateNewMap's problems as they arise and keeps OK disabled
// while there are any. It only collects the spec; the caller runs core::createMap.

#include "core/convert/new_map.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace mapsmith::widgets {

class NewMapDialog : public QDialog {
    Q_OBJECT
public:
    inline static constexpr int kMaxBlockSide = 8;            // tiles per side of the block
    inline static constexpr double kDefaultBaseHeight = 50.0; // yards

    explicit NewMapDialog(QWidget* parent = nullptr);

    // The map as the fields describe it now (tiles row by row from the block's north-west tile).
    core::NewMapSpec spec() const;
    // What stands in the way of OK (core::validateNewMap on spec()); empty when OK is enabled.
    QStringList problems() const { return mProblemList; }

    void setDirectory(const QString& directory);
    void setMapName(const QString& name);

    // Validates again (the folder may have changed on disk) and closes only when there is no problem.
    void accept() override;

private:
    void browse();
    void limitBlock();
    void revalidate();

    QLineEdit* mName = nullptr;
    QLineEdit* mDirectory = nullptr;
    QPushButton* mBrowse = nullptr;
    QSpinBox* mFirstX = nullptr;
    QSpinBox* mFirstY = nullptr;
    QSpinBox* mWidth = nullptr;  // tiles west to east, clamped so the block ends at X <= 63
    QSpinBox* mHeight = nullptr; // tiles north to south, clamped so the block ends at Y <= 63
    QLabel* mBlockSummary = nullptr;
    QComboBox* mTerrain = nullptr; // item data: int(core::NewMapSpec::Terrain)
    QDoubleSpinBox* mBaseHeight = nullptr;
    QCheckBox* mOverwrite = nullptr;
    QLabel* mProblems = nullptr;
    QDialogButtonBox* mButtons = nullptr;
    QStringList mProblemList;
};

} // namespace mapsmith::widgets
