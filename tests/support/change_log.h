#pragma once
// A listener of MapDocument::chunksChanged of its own, as a view is: collects every change sent.

#include "core/document/map_document.h"

#include <QObject>

namespace mapsmith::tests {

class ChangeLog {
public:
    explicit ChangeLog(core::MapDocument& doc) : mDoc(doc) {
        mConnection = QObject::connect(&doc, &core::MapDocument::chunksChanged,
                                       [this](const core::DirtyChunks& chunks) {
                                           ++mSends;
                                           for (auto it = chunks.begin(); it != chunks.end(); ++it) {
                                               mChunks[it.key()] |= it.value();
                                           }
                                       });
    }
    ~ChangeLog() { QObject::disconnect(mConnection); }
    ChangeLog(const ChangeLog&) = delete;
    ChangeLog& operator=(const ChangeLog&) = delete;

    // What was sent so far plus what the document has not sent yet (flushed now); then forgotten.
    core::DirtyChunks take() {
        mDoc.flushChunkChanges();
        core::DirtyChunks out;
        out.swap(mChunks);
        return out;
    }
    // What was sent so far, without flushing (the event loop's turn decides when it arrives).
    const core::DirtyChunks& received() const { return mChunks; }
    int sends() const { return mSends; }

private:
    core::MapDocument& mDoc;
    QMetaObject::Connection mConnection;
    core::DirtyChunks mChunks;
    int mSends = 0;
};

} // namespace mapsmith::tests
