#pragma once
// Where game assets come from: the client's Data folder (MPQ archives), a folder of extracted client
// files, and a project folder (the map maker's own textures and models). Any of them may be empty.
// Stored in QSettings under "assets/". Priority when opened: project > extracted > client MPQs, as a
// loose file in the client's own folders overrides its archives.

#include "io/assets/asset_source.h"

#include <QString>
#include <QStringList>

#include <memory>

class QSettings;

namespace mapsmith::core {

struct AssetFolders {
    QString clientData; // the client's Data folder, or the client folder holding Data/
    QString extracted;  // extracted client files (World\..., Tileset\... under it)
    QString project;    // the project's own files

    bool operator==(const AssetFolders&) const = default;
    bool isEmpty() const { return clientData.isEmpty() && extracted.isEmpty() && project.isEmpty(); }
    static AssetFolders load(const QSettings& store);
    void save(QSettings& store) const;
};

// One sentence per folder that cannot be used; empty strings when it can (or when it is not set).
struct AssetFolderProblems {
    QString clientData;
    QString extracted;
    QString project;

    bool ok() const { return clientData.isEmpty() && extracted.isEmpty() && project.isEmpty(); }
};

// The Data folder a chosen client folder means: the folder itself when it holds MPQ archives, else its
// "Data" subfolder (any case) when that does; else the folder itself.
QString resolveClientDataFolder(const QString& chosen);

// Checks without opening archives: folders exist and are readable, the client folder has MPQ archives
// ("no MPQ archives found in ...") and at most one locale folder.
AssetFolderProblems checkAssetFolders(const AssetFolders& folders);

// A line for the dialog about a usable client folder: "14 MPQ archives, locale enUS".
QString describeClientFolder(const QString& chosen);

struct OpenedAssets {
    std::shared_ptr<io::StackAssetSource> source; // never null; empty when no folder is set
    QStringList problems;                         // folders and archives skipped, one sentence each
    QStringList notes; // not problems: "the archive checker ... is missing: archives opened unchecked"
};

// Opens every usable folder into one stack (highest priority first); folders that fail are skipped and
// reported, so one bad archive does not take away the others. Every MPQ archive is checked in a helper
// process first (core/assets/archive_guard.h): one that crashes, hangs or is refused there is skipped
// and named in problems, the others of its folder still open.
OpenedAssets openAssetFolders(const AssetFolders& folders);

// Game data named on a command line (mapsmith-cli --data): each path is a client folder or its Data
// folder (its MPQ archives in the client's order), a single .mpq archive, or a folder of loose files.
// As in the editor, loose files win over archives: every loose-file folder (first named first) comes
// before every archive source (first named first). A path that cannot be used is a problem; the
// others are still opened.
OpenedAssets openDataPaths(const QStringList& paths);

// The game data of one editor run: the saved folders with `extraPaths` (mapsmith --data, read as
// openDataPaths reads them) on top. Loose files still win over archives: the named loose-file folders,
// then the project and extracted folders, then the named archives, then the client's. Problems of both
// are listed, the named paths' first.
OpenedAssets openGameData(const AssetFolders& saved, const QStringList& extraPaths);

// Adds a map's own folder as loose files above every other source (`mapsmith-cli` commands and the editor
// do so for the open map), so the files an import wrote under it (an imported level's
// World\wmo\Gamestudio\... WMO, textures and models) are found by their game paths like the game's. A
// folder that cannot be listed is a problem; an empty path adds nothing.
void addMapFolder(OpenedAssets& assets, const QString& mapFolder);

} // namespace mapsmith::core
