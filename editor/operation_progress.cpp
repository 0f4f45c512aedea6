#include "editor/operation_progress.h"

#include "editor/document_manager.h"

#include <QCoreApplication>
#include <QProgressDialog>

#include <algorithm>

namespace mapsmith::editor {

OperationProgress::OperationProgress(DocumentManager& documents, QWidget* window)
    : QObject(window), mDocuments(documents), mWindow(window) {
    connect(&documents, &DocumentManager::progressStarted, this, &OperationProgress::start);
    connect(&documents, &DocumentManager::progressed, this, &OperationProgress::advance);
    connect(&documents, &DocumentManager::progressFinished, this, [this] { mDialog.reset(); });
}

OperationProgress::~OperationProgress() = default;

void OperationProgress::start(const QString& label, int total) {
    mDialog = std::make_unique<QProgressDialog>(label, tr("Cancel"), 0, std::max(total, 1), mWindow);
    mDialog->setWindowModality(Qt::WindowModal);
    mDialog->setMinimumDuration(400);
    mDialog->setValue(0);
}

void OperationProgress::advance(int done, int total) {
    if (!mDialog) {
        return;
    }
    mDialog->setMaximum(std::max(total, 1));
    mDialog->setValue(done);
    QCoreApplication::processEvents(); // paints the dialog and takes the Cancel click
    if (mDialog->wasCanceled()) {
        mDocuments.cancel();
    }
}

} // namespace mapsmith::editor
