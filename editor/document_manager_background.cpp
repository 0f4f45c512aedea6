// DocumentManager::runInBackground: one step of work on a worker thread with the progress dialog up.

#include "editor/document_manager.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace mapsmith::editor {

bool DocumentManager::runInBackground(const QString& label, const std::function<void()>& work) {
    mCancelled = false;
    emit progressStarted(label, 0);
    QFutureWatcher<void> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run([&work] { work(); }));
    if (!watcher.isFinished()) {
        loop.exec();
    }
    watcher.waitForFinished();
    emit progressFinished();
    return !mCancelled;
}

} // namespace mapsmith::editor
