#pragma once
// Where undo snapshots go when the undo history outgrows its memory budget: an unnamed temporary
// file, appended to and read back by offset. History stays unlimited; only the oldest steps move
// to disk (they cost a read when undone).

#include <QDir>
#include <QTemporaryFile>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace mapsmith::core {

class SnapshotSpill {
public:
    struct Location {
        std::uint64_t offset = 0;
        std::uint64_t size = 0;
    };

    // Appends the bytes; nullopt when the file cannot be written (the caller keeps them in memory).
    std::optional<Location> write(std::span<const std::byte> bytes);
    // Reads what write() stored; empty on an I/O failure.
    std::vector<std::byte> read(Location where);

    std::uint64_t bytesOnDisk() const { return mEnd; }

private:
    QTemporaryFile mFile;
    bool mOpen = false;
    std::uint64_t mEnd = 0;
};

} // namespace mapsmith::core
