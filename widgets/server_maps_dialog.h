#pragma once
// File > Export Server Maps: the map's id in Map.dbc, the server core whose map extractor to match
// (AzerothCore or TrinityCore 3.3.5) and the folder the .map files go to. It only collects the choice
// and says which files OK will write (summary()); the caller runs the export (core/convert/server_maps.h).

#include "core/convert/server_maps.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace mapsmith::widgets {

class ServerMapsDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ServerMapsDialog(QWidget* parent = nullptr);

    // Fills the fields (the request's block is not shown: the dialog exports every tile).
    void setRequest(const core::ServerMapsRequest& request);
    core::ServerMapsRequest request() const;
    // What OK writes: "0004638.map ... (map 0, AzerothCore, map file version 9) into <folder>".
    QString summary() const;

private:
    void browse();
    void update();

    QSpinBox* mMapId = nullptr;
    QComboBox* mCore = nullptr; // item data: int(io::ServerCore)
    QLineEdit* mFolder = nullptr;
    QPushButton* mBrowse = nullptr;
    QLabel* mSummary = nullptr;
    QDialogButtonBox* mButtons = nullptr;
};

} // namespace mapsmith::widgets
