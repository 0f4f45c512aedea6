#include "editor/import_level_action.h"

#include "editor/document_manager.h"

#include "core/document/map_document.h"
#include "core/document/tile_loader.h"
#include "io/gamestudio/wmb.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStringList>
#include <QWidget>

namespace mapsmith::editor {
namespace {

QString vecText(glm::dvec3 v) {
    return QStringLiteral("%1, %2, %3").arg(v.x, 0, 'f', 2).arg(v.y, 0, 'f', 2).arg(v.z, 0, 'f', 2);
}

} // namespace

QString importReportText(const core::WmbImportReport& report) {
    QStringList lines;
    if (!report.wmoModel.empty()) {
        lines << QObject::tr("WMO %1 at %2: %n group(s), ", nullptr, int(report.groups))
                         .arg(QString::fromStdString(report.wmoModel), vecText(report.wmoWorld)) +
                     QObject::tr("%1 triangles drawn, %2 collision only, %3 textures")
                         .arg(report.renderedTriangles)
                         .arg(report.collisionOnlyTriangles)
                         .arg(report.textures);
    }
    for (const core::WmbImportedDoodad& d : report.doodads) {
        lines << QObject::tr("Doodad %1 (entity '%2') at %3")
                     .arg(QString::fromStdString(d.model), QString::fromStdString(d.entity),
                          vecText(d.world));
    }
    for (const core::WmbImportedTerrain& t : report.terrains) {
        lines << QObject::tr("Terrain %1 (entity '%2'): %3 vertices set")
                     .arg(QString::fromStdString(t.levelFile), QString::fromStdString(t.entity))
                     .arg(t.vertices);
    }
    for (const core::WmbNotImported& n : report.notImported) {
        lines << QObject::tr("Not imported: %1%2: %3")
                     .arg(QString::fromStdString(n.kind),
                          n.name.empty() ? QString()
                                         : QStringLiteral(" '%1'").arg(QString::fromStdString(n.name)),
                          QString::fromStdString(n.reason));
    }
    for (const std::string& w : report.warnings) {
        lines << QObject::tr("Warning: %1").arg(QString::fromStdString(w));
    }
    return lines.join(QLatin1Char('\n'));
}

ImportLevelAction::ImportLevelAction(DocumentManager& docs, QMenu* menu, QWidget* window, Hooks hooks)
    : QObject(window), mDocs(docs), mWindow(window), mHooks(std::move(hooks)) {
    mAction = menu->addAction(tr("&Gamestudio Level..."), this, &ImportLevelAction::trigger);
    mAction->setObjectName(QStringLiteral("importLevelAction"));
    mAction->setToolTip(
        tr("Imports a Gamestudio WMB7 level: its blocks as a WMO, its MDL entities as doodads "
           "and HMP entities as terrain; one undo step"));
    const auto update = [this](core::MapDocument* doc) { mAction->setEnabled(doc && !mDocs.isBundled()); };
    update(mDocs.document());
    connect(&mDocs, &DocumentManager::documentChanged, this, update);
}

std::optional<core::WmbImportReport>
ImportLevelAction::importLevel(const widgets::ImportLevelChoice& choice) {
    mChoice = choice;
    core::MapDocument* doc = mDocs.document();
    if (!doc || !mDocs.ids()) {
        return std::nullopt;
    }
    const auto fail = [this](const QString& message) {
        emit failed(message);
        return std::nullopt;
    };
    if (mDocs.isBundled()) {
        return fail(tr("The level's files are written into the map folder, and this map has none yet: save "
                       "it into a folder first (File > Save As)."));
    }
    const auto bytes = core::readWholeFile(choice.path);
    if (!bytes) {
        return fail(QString::fromStdString(bytes.error().describe()));
    }
    const auto level = io::readWmb(*bytes);
    if (!level) {
        return fail(
            tr("%1 cannot be read: %2").arg(choice.path, QString::fromStdString(level.error().describe())));
    }
    const QFileInfo file(choice.path);
    core::WmbImportRequest request;
    request.levelName = file.completeBaseName().toStdString();
    request.at = choice.at;
    request.z = choice.z;
    request.yardsPerQuant = choice.yardsPerQuant;
    request.entityFiles = core::entityFileSource(mHooks.gameData ? mHooks.gameData() : nullptr,
                                                 QFile::encodeName(file.absolutePath()).toStdString());
    // The blocks' WMO (triangles, collision tree, BLP textures: most of the import's time) on a worker, with
    // the progress dialog up for a large level; the rest touches the document, here.
    {
        const core::WmbWmoOptions options = core::levelWmoOptions(request);
        std::shared_ptr<const core::Expected<core::WmbWmo>> built;
        const bool finished = mDocs.runInBackground(tr("Building %1's blocks...").arg(file.fileName()), [&] {
            built =
                std::make_shared<const core::Expected<core::WmbWmo>>(core::buildWmoFromWmb(*level, options));
        });
        if (!finished || mDocs.document() != doc) {
            return std::nullopt; // cancelled, or another map opened meanwhile: nothing written or changed
        }
        request.builtWmo = std::move(built);
    }
    auto plan = core::planWmbImport(*doc, *level, request);
    if (!plan) {
        return fail(tr("%1 was not imported: %2")
                        .arg(file.fileName(), QString::fromStdString(plan.error().describe())));
    }
    // The files first, all together, so the viewport finds the WMO when its MODF entry appears.
    core::MapSource& source = doc->source();
    source.beginWrites();
    for (const core::WmoOutputFile& f : plan->report.files) {
        if (auto written = source.writeMapFile({f.gamePath, f.bytes}); !written) {
            source.abortWrites();
            return fail(tr("%1 was not imported: %2")
                            .arg(file.fileName(), QString::fromStdString(written.error().describe())));
        }
    }
    if (auto committed = source.commitWrites(); !committed) {
        return fail(tr("%1 was not imported: %2")
                        .arg(file.fileName(), QString::fromStdString(committed.error().describe())));
    }
    if (mHooks.mapFilesWritten) {
        mHooks.mapFilesWritten();
    }
    auto report = core::applyWmbImport(*doc, *mDocs.ids(), *plan);
    if (!report) {
        return fail(tr("%1 was not imported: %2")
                        .arg(file.fileName(), QString::fromStdString(report.error().describe())));
    }
    mLastReport = importReportText(*report);
    const QString summary = tr("Imported %1: %2 doodad(s), %3 terrain(s), %4 item(s) not imported")
                                .arg(file.fileName())
                                .arg(report->doodads.size())
                                .arg(report->terrains.size())
                                .arg(report->notImported.size());
    emit imported(summary);
    if (mWindow && mWindow->isVisible() && !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        QMessageBox::information(mWindow, tr("Gamestudio Level Imported"),
                                 summary + QStringLiteral("\n\n") + mLastReport);
    }
    return std::move(*report);
}

void ImportLevelAction::trigger() {
    if (!mDocs.document()) {
        return;
    }
    widgets::ImportLevelChoice choice = mChoice;
    if (mHooks.cameraTarget) {
        const glm::dvec3 target = mHooks.cameraTarget();
        choice.at = {target.x, target.y};
    }
    if (mWindow && mWindow->isVisible() && !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        widgets::ImportLevelDialog dialog(mWindow);
        dialog.setChoice(choice);
        if (dialog.exec() != QDialog::Accepted) {
            return;
        }
        importLevel(dialog.choice());
        return;
    }
    importLevel(mChoice);
}

} // namespace mapsmith::editor
