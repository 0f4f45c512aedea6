#include "core/document/asset_folders.h"

#include "core/assets/archive_guard.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStringList>

namespace mapsmith::core {

namespace {

std::filesystem::path toPath(const QString& folder) {
    return std::filesystem::path(folder.toStdString());
}

bool hasMpq(const QString& folder) {
    const QDir dir(folder);
    return !dir.entryList({QStringLiteral("*.mpq")}, QDir::Files, QDir::Name | QDir::IgnoreCase).isEmpty();
}

QString folderProblem(const QString& folder) {
    const QFileInfo info(folder);
    if (!info.exists()) {
        return QObject::tr("%1 does not exist").arg(folder);
    }
    if (!info.isDir()) {
        return QObject::tr("%1 is not a folder").arg(folder);
    }
    if (!info.isReadable() || !info.isExecutable()) {
        return QObject::tr("%1 cannot be read").arg(folder);
    }
    return {};
}

} // namespace

AssetFolders AssetFolders::load(const QSettings& store) {
    AssetFolders out;
    out.clientData = store.value(QStringLiteral("assets/clientData")).toString();
    out.extracted = store.value(QStringLiteral("assets/extracted")).toString();
    out.project = store.value(QStringLiteral("assets/project")).toString();
    return out;
}

void AssetFolders::save(QSettings& store) const {
    store.setValue(QStringLiteral("assets/clientData"), clientData);
    store.setValue(QStringLiteral("assets/extracted"), extracted);
    store.setValue(QStringLiteral("assets/project"), project);
}

QString resolveClientDataFolder(const QString& chosen) {
    if (chosen.isEmpty() || hasMpq(chosen)) {
        return chosen;
    }
    const QDir dir(chosen);
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (sub.compare(QStringLiteral("Data"), Qt::CaseInsensitive) == 0 && hasMpq(dir.filePath(sub))) {
            return dir.filePath(sub);
        }
    }
    return chosen;
}

AssetFolderProblems checkAssetFolders(const AssetFolders& folders) {
    AssetFolderProblems out;
    if (!folders.clientData.isEmpty()) {
        out.clientData = folderProblem(folders.clientData);
        if (out.clientData.isEmpty()) {
            const QString data = resolveClientDataFolder(folders.clientData);
            if (!hasMpq(data)) {
                out.clientData = QObject::tr("no MPQ archives found in %1").arg(folders.clientData);
            } else if (auto locale = io::detectClientLocale(toPath(data)); !locale) {
                out.clientData = QString::fromStdString(locale.error().message);
            }
        }
    }
    if (!folders.extracted.isEmpty()) {
        out.extracted = folderProblem(folders.extracted);
    }
    if (!folders.project.isEmpty()) {
        out.project = folderProblem(folders.project);
    }
    return out;
}

QString describeClientFolder(const QString& chosen) {
    const QString data = resolveClientDataFolder(chosen);
    const auto locale = io::detectClientLocale(toPath(data));
    const auto archives = io::clientArchives(toPath(data), locale ? *locale : std::string());
    if (!archives) {
        return QString::fromStdString(archives.error().message);
    }
    const QString count = archives->size() == 1
                              ? QObject::tr("1 MPQ archive in load order")
                              : QObject::tr("%1 MPQ archives in load order").arg(archives->size());
    if (!locale || locale->empty()) {
        return QObject::tr("%1, no locale folder").arg(count);
    }
    return QObject::tr("%1, locale %2").arg(count, QString::fromStdString(*locale));
}

namespace {

// Opened sources in two layers: loose files (highest priority first), then archives.
struct Layers {
    std::vector<std::unique_ptr<io::AssetSource>> loose;
    std::vector<std::unique_ptr<io::AssetSource>> archives;
    QStringList problems;
    QStringList notes;
};

// Opens the archives (highest priority first) that pass the archive probe as one source of
// out.archives. Each archive skipped, and an archive that then fails to open, is a problem "<what>: ...".
void openArchives(const std::vector<std::filesystem::path>& archives, const QString& what, Layers& out) {
    const ArchiveScreening screening = screenArchives(archives);
    if (!screening.note.isEmpty()) {
        out.notes.push_back(screening.note);
    }
    for (const QString& problem : screening.problems()) {
        out.problems.push_back(QObject::tr("%1: %2").arg(what, problem));
    }
    const std::vector<std::filesystem::path> usable = screening.usable();
    if (usable.empty()) {
        return;
    }
    auto opened = io::MpqAssetSource::open(usable);
    if (!opened) {
        out.problems.push_back(
            QObject::tr("%1: %2").arg(what, QString::fromStdString(opened.error().describe())));
        return;
    }
    out.archives.push_back(std::move(*opened));
}

// The client's archives of a Data folder, each checked by the archive probe first.
void openClientArchives(const QString& dataFolder, const QString& what, Layers& out) {
    const auto archives = io::clientArchives(toPath(dataFolder));
    if (!archives) {
        out.problems.push_back(
            QObject::tr("%1: %2").arg(what, QString::fromStdString(archives.error().message)));
    } else if (archives->empty()) {
        out.problems.push_back(QObject::tr("%1: no MPQ archives found in %2").arg(what, dataFolder));
    } else {
        openArchives(*archives, what, out);
    }
}

void openSavedFolders(const AssetFolders& folders, Layers& out) {
    const AssetFolderProblems problems = checkAssetFolders(folders);
    const auto openFolder = [&](const QString& folder, const QString& problem, const QString& what) {
        if (folder.isEmpty()) {
            return;
        }
        if (!problem.isEmpty()) {
            out.problems.push_back(QObject::tr("%1: %2").arg(what, problem));
            return;
        }
        auto source = io::FolderAssetSource::open(toPath(folder));
        if (!source) {
            out.problems.push_back(
                QObject::tr("%1: %2").arg(what, QString::fromStdString(source.error().message)));
            return;
        }
        out.loose.push_back(std::move(*source));
    };
    openFolder(folders.project, problems.project, QObject::tr("Project folder"));
    openFolder(folders.extracted, problems.extracted, QObject::tr("Extracted folder"));
    if (!folders.clientData.isEmpty()) {
        if (!problems.clientData.isEmpty()) {
            out.problems.push_back(QObject::tr("Client folder: %1").arg(problems.clientData));
        } else {
            openClientArchives(resolveClientDataFolder(folders.clientData), QObject::tr("Client folder"),
                               out);
        }
    }
}

// Keeps an opened source in `layer`, or names the path and the reason in `problems`.
template <class Source>
void keep(const QString& path, io::Expected<std::unique_ptr<Source>> opened,
          std::vector<std::unique_ptr<io::AssetSource>>& layer, QStringList& problems) {
    if (!opened) {
        problems.push_back(
            QObject::tr("%1: %2").arg(path, QString::fromStdString(opened.error().describe())));
        return;
    }
    layer.push_back(std::move(*opened));
}

void openPaths(const QStringList& paths, Layers& out) {
    for (const QString& path : paths) {
        if (QFileInfo(path).isFile()) {
            openArchives({toPath(path)}, path, out);
        } else if (const QString problem = folderProblem(path); !problem.isEmpty()) {
            out.problems.push_back(problem);
        } else if (const QString client = resolveClientDataFolder(path); hasMpq(client)) {
            openClientArchives(client, path, out);
        } else {
            keep(path, io::FolderAssetSource::open(toPath(path)), out.loose, out.problems);
        }
    }
}

// The stack of `first`'s loose files, `second`'s loose files, `first`'s archives, `second`'s archives.
OpenedAssets stack(Layers first, Layers second) {
    OpenedAssets out;
    out.source = std::make_shared<io::StackAssetSource>();
    for (auto* layer : {&first.loose, &second.loose, &first.archives, &second.archives}) {
        for (auto& source : *layer) {
            out.source->pushBack(std::move(source));
        }
    }
    out.problems = first.problems + second.problems;
    out.notes = first.notes + second.notes;
    out.notes.removeDuplicates(); // "the archive checker is missing" once
    return out;
}

} // namespace

OpenedAssets openAssetFolders(const AssetFolders& folders) {
    return openGameData(folders, {});
}

OpenedAssets openDataPaths(const QStringList& paths) {
    Layers named;
    openPaths(paths, named);
    return stack(std::move(named), {});
}

OpenedAssets openGameData(const AssetFolders& saved, const QStringList& extraPaths) {
    Layers named;
    openPaths(extraPaths, named);
    Layers folders;
    openSavedFolders(saved, folders);
    return stack(std::move(named), std::move(folders));
}

void addMapFolder(OpenedAssets& assets, const QString& mapFolder) {
    if (mapFolder.isEmpty()) {
        return;
    }
    auto folder = io::FolderAssetSource::open(QFile::encodeName(mapFolder).toStdString());
    if (!folder) {
        assets.problems.push_back(QStringLiteral("the map folder %1 cannot be listed: %2")
                                      .arg(mapFolder, QString::fromStdString(folder.error().describe())));
        return;
    }
    assets.source->pushFront(std::move(*folder));
}

} // namespace mapsmith::core
