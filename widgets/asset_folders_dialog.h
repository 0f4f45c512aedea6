#pragma once
// Edit > Game Data Folders: the client folder (its Data folder with MPQ archives), a folder of extracted
// client files and the project folder, each with a Browse button and a live check under it ("no MPQ
// archives found in ..."). OK stays disabled while a set folder cannot be used; empty folders are fine.

#include "core/document/asset_folders.h"

#include <QDialog>

class QDialogButtonBox;
class QGridLayout;
class QLabel;
class QLineEdit;

namespace mapsmith::widgets {

class AssetFoldersDialog final : public QDialog {
    Q_OBJECT
public:
    explicit AssetFoldersDialog(const core::AssetFolders& folders, QWidget* parent = nullptr);

    core::AssetFolders folders() const;
    // The check shown under each field: a problem, a summary, or empty (tests).
    QString clientStatus() const;
    QString extractedStatus() const;
    QString projectStatus() const;
    bool canAccept() const;

private:
    QLineEdit* addRow(QGridLayout* grid, int row, const QString& label, const QString& name,
                      const QString& value, QLabel** status);
    void validate();

    QLineEdit* mClient = nullptr;
    QLineEdit* mExtracted = nullptr;
    QLineEdit* mProject = nullptr;
    QLabel* mClientStatus = nullptr;
    QLabel* mExtractedStatus = nullptr;
    QLabel* mProjectStatus = nullptr;
    QDialogButtonBox* mButtons = nullptr;
};

} // namespace mapsmith::widgets
