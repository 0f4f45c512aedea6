#include "core/edit/snapshot_spill.h"

namespace mapsmith::core {

std::optional<SnapshotSpill::Location> SnapshotSpill::write(std::span<const std::byte> bytes) {
    if (!mOpen) {
        mFile.setFileTemplate(QDir::tempPath() + QStringLiteral("/mapsmith-undo-XXXXXX"));
        mOpen = mFile.open();
        if (!mOpen) {
            return std::nullopt;
        }
    }
    if (!mFile.seek(qint64(mEnd))) {
        return std::nullopt;
    }
    const qint64 n = mFile.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
    if (n != qint64(bytes.size())) {
        return std::nullopt;
    }
    const Location where{mEnd, bytes.size()};
    mEnd += bytes.size();
    return where;
}

std::vector<std::byte> SnapshotSpill::read(Location where) {
    std::vector<std::byte> out(where.size);
    if (!mOpen || !mFile.seek(qint64(where.offset)) ||
        mFile.read(reinterpret_cast<char*>(out.data()), qint64(out.size())) != qint64(out.size())) {
        return {};
    }
    return out;
}

} // namespace mapsmith::core
