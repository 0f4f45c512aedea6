#include "io/assets/mpq_probe.h"

#include "io/assets/detail/mpq_header_check.h"
#include "io/assets/detail/storm_error.h"

#include <StormLib.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {
namespace {

Error probeError(const std::filesystem::path& archive, const std::string& what) {
    return Error{ErrorCode::FileIo, FourCC{}, 0, archive.string() + ": " + what};
}

// Closes a StormLib handle on every way out.
class StormHandle {
public:
    using Close = bool (*)(HANDLE);
    explicit StormHandle(Close close) : mClose(close) {}
    ~StormHandle() {
        if (mHandle != nullptr) {
            mClose(mHandle);
        }
    }
    StormHandle(const StormHandle&) = delete;
    StormHandle& operator=(const StormHandle&) = delete;

    HANDLE* out() { return &mHandle; }
    HANDLE get() const { return mHandle; }

private:
    Close mClose;
    HANDLE mHandle = nullptr;
};

// The first kMpqProbeBytes of one file (fewer when it is shorter); error text when it cannot be read.
std::string readHead(HANDLE mpq, const std::string& name) {
    StormHandle file(SFileCloseFile);
    if (!SFileOpenFileEx(mpq, name.c_str(), SFILE_OPEN_FROM_MPQ, file.out())) {
        return name + ": cannot open, " + stormErrorText(GetLastError());
    }
    DWORD high = 0;
    const DWORD low = SFileGetFileSize(file.get(), &high);
    if (low == SFILE_INVALID_SIZE) {
        return name + ": cannot get the size, " + stormErrorText(GetLastError());
    }
    const DWORD want = high != 0 ? DWORD(kMpqProbeBytes) : std::min<DWORD>(low, DWORD(kMpqProbeBytes));
    std::vector<char> head(kMpqProbeBytes);
    DWORD got = 0;
    if (want != 0 && !SFileReadFile(file.get(), head.data(), want, &got, nullptr)) {
        return name + ": cannot read, " + stormErrorText(GetLastError());
    }
    if (got != want) {
        return name + ": read " + std::to_string(got) + " of " + std::to_string(want) + " bytes";
    }
    return {};
}

} // namespace

Expected<MpqProbeResult> probeMpqArchive(const std::filesystem::path& archive) {
    if (const std::string problem = checkMpqHeader(archive); !problem.empty()) {
        return probeError(archive, "cannot open MPQ archive, " + problem);
    }
    StormHandle mpq(SFileCloseArchive);
    if (!SFileOpenArchive(archive.string().c_str(), 0, MPQ_OPEN_READ_ONLY, mpq.out())) {
        return probeError(archive, "cannot open MPQ archive, " + stormErrorText(GetLastError()));
    }
    MpqProbeResult out;
    std::vector<std::string> names;
    SFILE_FIND_DATA data{};
    {
        StormHandle find(SFileFindClose);
        *find.out() = SFileFindFirstFile(mpq.get(), "*", &data, nullptr);
        if (find.get() != nullptr) {
            do {
                const std::string_view name(data.cFileName);
                if (!name.empty() && name.front() != '(') {
                    ++out.listed;
                    if (names.size() < kMpqProbeFiles) {
                        names.emplace_back(name);
                    }
                }
            } while (SFileFindNextFile(find.get(), &data));
        }
    }
    for (const std::string& name : names) {
        if (const std::string problem = readHead(mpq.get(), name); problem.empty()) {
            ++out.read;
        } else if (out.firstUnreadable.empty()) {
            out.firstUnreadable = problem;
        }
    }
    return out;
}

} // namespace mapsmith::io
