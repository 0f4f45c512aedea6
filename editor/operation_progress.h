#pragma once
// Shows the document manager's long operations (saves, imports, exports, new maps) in a window-modal
// progress dialog with Cancel: the dialog appears when an operation takes longer than 0.4 s, and
// Cancel asks the manager to stop after the step being done.

#include <QObject>

#include <memory>

class QProgressDialog;
class QWidget;

namespace mapsmith::editor {

class DocumentManager;

class OperationProgress final : public QObject {
    Q_OBJECT
public:
    OperationProgress(DocumentManager& documents, QWidget* window);
    ~OperationProgress() override;

private:
    void start(const QString& label, int total);
    void advance(int done, int total);

    DocumentManager& mDocuments;
    QWidget* mWindow;
    std::unique_ptr<QProgressDialog> mDialog; // while an operation runs
};

} // namespace mapsmith::editor
