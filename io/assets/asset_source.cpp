#include "io/assets/asset_source.h"

#include "io/assets/detail/mpq_header_check.h"
#include "io/assets/detail/storm_error.h"
#include "io/binary/file_io.h"

#include <StormLib.h>

#include <algorithm>
#include <map>
#include <system_error>

namespace mapsmith::io {
namespace {

// Files larger than this in an archive are treated as damage, not allocated.
constexpr std::uint64_t kMaxAssetSize = 1ull << 30;

Error fileError(std::string message) {
    return Error{ErrorCode::FileIo, FourCC{}, 0, std::move(message)};
}

char lowerAscii(char c) {
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

std::string lowerAscii(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        c = lowerAscii(c);
    }
    return out;
}

bool isPattern(std::string_view s) {
    return s.find_first_of("*?") != std::string_view::npos;
}

// A list() query as a predicate over normalized paths.
class ListQuery {
public:
    explicit ListQuery(std::string_view prefixOrPattern)
        : mText(normalizeGamePath(prefixOrPattern)), mPattern(isPattern(prefixOrPattern)) {
        if (!mPattern && !mText.empty() && mText.back() == '\\') {
            mText.pop_back();
        }
    }

    bool matches(std::string_view key) const {
        if (mPattern) {
            return matchesGamePattern(key, mText);
        }
        if (mText.empty()) {
            return true;
        }
        return key.size() > mText.size() && key.starts_with(mText) && key[mText.size()] == '\\';
    }

private:
    std::string mText; // normalized; a folder has no trailing separator
    bool mPattern = false;
};

// Collects list() results: the first spelling of each normalized path wins, output sorted by key.
class ListCollector {
public:
    void add(std::string key, std::string gamePath) { mFound.emplace(std::move(key), std::move(gamePath)); }
    std::vector<std::string> take() {
        std::vector<std::string> out;
        out.reserve(mFound.size());
        for (auto& [key, path] : mFound) {
            out.push_back(std::move(path));
        }
        return out;
    }

private:
    std::map<std::string, std::string> mFound;
};

} // namespace

std::string normalizeGamePath(std::string_view gamePath) {
    std::string out;
    out.reserve(gamePath.size());
    for (char c : gamePath) {
        if (c == '/' || c == '\\') {
            // Invariant: no leading and no repeated separators.
            if (!out.empty() && out.back() != '\\') {
                out.push_back('\\');
            }
        } else {
            out.push_back(lowerAscii(c));
        }
    }
    return out;
}

bool matchesGamePattern(std::string_view path, std::string_view pattern) {
    // Greedy match with backtracking to the last '*'.
    std::size_t p = 0, t = 0;
    std::size_t starP = std::string_view::npos, starT = 0;
    while (t < path.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == path[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            starP = p++;
            starT = t;
        } else if (starP != std::string_view::npos) {
            p = starP + 1;
            t = ++starT;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') {
        ++p;
    }
    return p == pattern.size();
}

// ---- FolderAssetSource ----

Expected<std::unique_ptr<FolderAssetSource>> FolderAssetSource::open(const std::filesystem::path& root) {
    std::unique_ptr<FolderAssetSource> source(new FolderAssetSource(root));
    auto ok = source->refresh();
    if (!ok) {
        return ok.error();
    }
    return source;
}

Expected<void> FolderAssetSource::refresh() {
    mIndex.clear();
    std::error_code ec;
    if (!std::filesystem::is_directory(mRoot, ec)) {
        return fileError(mRoot.string() + ": not a folder");
    }
    std::filesystem::recursive_directory_iterator it(
        mRoot, std::filesystem::directory_options::skip_permission_denied, ec);
    if (ec) {
        return fileError(mRoot.string() + ": cannot list (" + ec.message() + ")");
    }
    for (const std::filesystem::recursive_directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            mIndex.clear();
            return fileError(mRoot.string() + ": cannot list (" + ec.message() + ")");
        }
        std::error_code fileEc;
        if (!it->is_regular_file(fileEc)) {
            continue;
        }
        std::string gamePath = it->path().lexically_relative(mRoot).generic_string();
        std::replace(gamePath.begin(), gamePath.end(), '/', '\\');
        std::string key = normalizeGamePath(gamePath);
        // Names differing only in case: the smallest spelling wins, whatever the listing order.
        auto found = mIndex.find(key);
        if (found == mIndex.end() || gamePath < found->second.gamePath) {
            mIndex[std::move(key)] = Entry{std::move(gamePath), it->path()};
        }
    }
    if (ec) {
        mIndex.clear();
        return fileError(mRoot.string() + ": cannot list (" + ec.message() + ")");
    }
    return {};
}

bool FolderAssetSource::exists(std::string_view gamePath) const {
    return mIndex.contains(normalizeGamePath(gamePath));
}

Expected<std::vector<std::byte>> FolderAssetSource::read(std::string_view gamePath) const {
    const auto found = mIndex.find(normalizeGamePath(gamePath));
    if (found == mIndex.end()) {
        return fileError(std::string(gamePath) + ": not found in " + describe());
    }
    return readFileBytes(found->second.file.string());
}

std::vector<std::string> FolderAssetSource::list(std::string_view prefixOrPattern) const {
    const ListQuery query(prefixOrPattern);
    ListCollector out;
    for (const auto& [key, entry] : mIndex) {
        if (query.matches(key)) {
            out.add(key, entry.gamePath);
        }
    }
    return out.take();
}

std::string FolderAssetSource::describe() const {
    return "folder " + mRoot.string() + " (" + std::to_string(mIndex.size()) + " files)";
}

// ---- MpqAssetSource ----

Expected<std::unique_ptr<MpqAssetSource>>
MpqAssetSource::open(const std::vector<std::filesystem::path>& archives) {
    std::unique_ptr<MpqAssetSource> source(new MpqAssetSource());
    if (archives.empty()) {
        return fileError("no MPQ archives given");
    }
    for (const auto& path : archives) {
        Archive archive;
        archive.path = path;
        if (const std::string problem = checkMpqHeader(path); !problem.empty()) {
            return fileError(path.string() + ": cannot open MPQ archive, " + problem);
        }
        HANDLE handle = nullptr;
        if (!SFileOpenArchive(path.string().c_str(), 0, MPQ_OPEN_READ_ONLY, &handle)) {
            // The destructor closes the archives opened so far.
            return fileError(path.string() + ": cannot open MPQ archive, " + stormErrorText(GetLastError()));
        }
        archive.handle = handle;
        SFILE_FIND_DATA data{};
        HANDLE find = SFileFindFirstFile(handle, "*", &data, nullptr);
        if (find != nullptr) {
            do {
                const std::string_view name(data.cFileName);
                // Skip StormLib's own files: (listfile), (attributes), (signature).
                if (!name.empty() && name.front() != '(') {
                    std::string stored(name);
                    std::replace(stored.begin(), stored.end(), '/', '\\');
                    archive.names.emplace(normalizeGamePath(stored), std::move(stored));
                }
            } while (SFileFindNextFile(find, &data));
            SFileFindClose(find);
        }
        source->mArchives.push_back(std::move(archive));
    }
    return source;
}

MpqAssetSource::~MpqAssetSource() {
    for (Archive& archive : mArchives) {
        if (archive.handle != nullptr) {
            SFileCloseArchive(archive.handle);
        }
    }
}

std::vector<std::filesystem::path> MpqAssetSource::archives() const {
    std::vector<std::filesystem::path> out;
    for (const Archive& archive : mArchives) {
        out.push_back(archive.path);
    }
    return out;
}

int MpqAssetSource::findLocked(const std::string& key) const {
    if (key.empty()) {
        return -1;
    }
    for (std::size_t i = 0; i < mArchives.size(); ++i) {
        // StormLib hashes names case- and slash-insensitively; the (listfile) index is only for list().
        if (mArchives[i].names.contains(key) || SFileHasFile(mArchives[i].handle, key.c_str())) {
            return int(i);
        }
    }
    return -1;
}

std::filesystem::path MpqAssetSource::archiveOf(std::string_view gamePath) const {
    const std::lock_guard lock(mMutex);
    const int i = findLocked(normalizeGamePath(gamePath));
    return i < 0 ? std::filesystem::path() : mArchives[std::size_t(i)].path;
}

bool MpqAssetSource::exists(std::string_view gamePath) const {
    const std::lock_guard lock(mMutex);
    return findLocked(normalizeGamePath(gamePath)) >= 0;
}

Expected<std::vector<std::byte>> MpqAssetSource::read(std::string_view gamePath) const {
    const std::string key = normalizeGamePath(gamePath);
    const std::lock_guard lock(mMutex);
    const int i = findLocked(key);
    if (i < 0) {
        return fileError(std::string(gamePath) + ": not found in " + describe());
    }
    const Archive& archive = mArchives[std::size_t(i)];
    const std::string where = archive.path.string() + ": " + std::string(gamePath) + ": ";
    HANDLE file = nullptr;
    if (!SFileOpenFileEx(archive.handle, key.c_str(), SFILE_OPEN_FROM_MPQ, &file)) {
        return fileError(where + "cannot open, " + stormErrorText(GetLastError()));
    }
    DWORD high = 0;
    const DWORD low = SFileGetFileSize(file, &high);
    const std::uint64_t size = std::uint64_t(high) << 32 | low;
    if (low == SFILE_INVALID_SIZE || size > kMaxAssetSize) {
        const DWORD code = GetLastError();
        SFileCloseFile(file);
        return fileError(where + (low == SFILE_INVALID_SIZE
                                      ? "cannot get the size, " + stormErrorText(code)
                                      : "size " + std::to_string(size) + " is too large"));
    }
    std::vector<std::byte> out(static_cast<std::size_t>(size));
    DWORD got = 0;
    const bool ok = size == 0 || SFileReadFile(file, out.data(), DWORD(size), &got, nullptr);
    const DWORD code = ok ? 0 : GetLastError();
    SFileCloseFile(file);
    if (!ok || (size != 0 && got != size)) {
        return fileError(where + "read " + std::to_string(got) + " of " + std::to_string(size) + " bytes" +
                         (ok ? std::string() : ", " + stormErrorText(code)));
    }
    return out;
}

std::vector<std::string> MpqAssetSource::list(std::string_view prefixOrPattern) const {
    const ListQuery query(prefixOrPattern);
    ListCollector out;
    // The index never changes after open(), so no lock is needed; higher priority archives come first.
    for (const Archive& archive : mArchives) {
        for (const auto& [key, stored] : archive.names) {
            if (query.matches(key)) {
                out.add(key, stored);
            }
        }
    }
    return out.take();
}

std::string MpqAssetSource::describe() const {
    std::string out = mArchives.size() == 1 ? "MPQ archive " : "MPQ archives ";
    for (std::size_t i = 0; i < mArchives.size(); ++i) {
        out += (i == 0 ? "" : ", ") + mArchives[i].path.string();
    }
    return out;
}

// ---- StackAssetSource ----

StackAssetSource::StackAssetSource(std::vector<std::unique_ptr<AssetSource>> sources) {
    for (auto& source : sources) {
        pushBack(std::move(source));
    }
}

void StackAssetSource::pushFront(std::unique_ptr<AssetSource> source) {
    if (source) {
        mSources.insert(mSources.begin(), std::move(source));
    }
}

void StackAssetSource::pushBack(std::unique_ptr<AssetSource> source) {
    if (source) {
        mSources.push_back(std::move(source));
    }
}

const AssetSource* StackAssetSource::providerOf(std::string_view gamePath) const {
    for (const auto& source : mSources) {
        if (source->exists(gamePath)) {
            return source.get();
        }
    }
    return nullptr;
}

bool StackAssetSource::exists(std::string_view gamePath) const {
    return providerOf(gamePath) != nullptr;
}

Expected<std::vector<std::byte>> StackAssetSource::read(std::string_view gamePath) const {
    const AssetSource* source = providerOf(gamePath);
    if (source == nullptr) {
        return fileError(std::string(gamePath) + ": not found in " + describe());
    }
    return source->read(gamePath);
}

std::vector<std::string> StackAssetSource::list(std::string_view prefixOrPattern) const {
    ListCollector out;
    for (const auto& source : mSources) {
        for (std::string& path : source->list(prefixOrPattern)) {
            std::string key = normalizeGamePath(path);
            out.add(std::move(key), std::move(path));
        }
    }
    return out.take();
}

std::string StackAssetSource::describe() const {
    std::string out = "stack of " + std::to_string(mSources.size()) + " sources";
    for (std::size_t i = 0; i < mSources.size(); ++i) {
        out += (i == 0 ? ": " : " over ") + mSources[i]->describe();
    }
    return out;
}

// ---- Client Data folder ----

Expected<std::string> detectClientLocale(const std::filesystem::path& dataDir) {
    std::error_code ec;
    std::filesystem::directory_iterator it(dataDir, ec);
    if (ec) {
        return fileError(dataDir.string() + ": cannot list (" + ec.message() + ")");
    }
    std::vector<std::string> found;
    for (const std::filesystem::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            return fileError(dataDir.string() + ": cannot list (" + ec.message() + ")");
        }
        std::error_code dirEc;
        const std::string name = it->path().filename().string();
        const auto isLower = [](char c) { return c >= 'a' && c <= 'z'; };
        const auto isUpper = [](char c) { return c >= 'A' && c <= 'Z'; };
        if (name.size() == 4 && isLower(name[0]) && isLower(name[1]) && isUpper(name[2]) &&
            isUpper(name[3]) && it->is_directory(dirEc)) {
            found.push_back(name);
        }
    }
    if (ec) {
        return fileError(dataDir.string() + ": cannot list (" + ec.message() + ")");
    }
    if (found.size() > 1) {
        std::sort(found.begin(), found.end());
        std::string names;
        for (const auto& name : found) {
            names += (names.empty() ? "" : ", ") + name;
        }
        return Error{ErrorCode::BadValue, FourCC{}, 0,
                     dataDir.string() + ": several locale folders (" + names + "), pass the locale"};
    }
    return found.empty() ? std::string() : found.front();
}

Expected<std::vector<std::filesystem::path>> clientArchives(const std::filesystem::path& dataDir,
                                                            std::string locale) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dataDir, ec)) {
        return fileError(dataDir.string() + ": not a folder");
    }
    if (locale.empty()) {
        auto detected = detectClientLocale(dataDir);
        if (!detected) {
            return detected.error();
        }
        locale = *detected;
    }

    // Regular files of a folder by lower-case name: copies from Windows spell "MPQ" and "mpq" freely.
    const auto filesIn = [](const std::filesystem::path& dir) {
        std::map<std::string, std::filesystem::path> files;
        std::error_code listEc;
        for (std::filesystem::directory_iterator it(dir, listEc), end; !listEc && it != end;
             it.increment(listEc)) {
            std::error_code fileEc;
            if (it->is_regular_file(fileEc)) {
                files.emplace(lowerAscii(it->path().filename().string()), it->path());
            }
        }
        return files;
    };
    const auto dataFiles = filesIn(dataDir);
    std::map<std::string, std::filesystem::path> localeFiles;
    if (!locale.empty()) {
        // The locale folder itself may differ in case from the locale passed in.
        for (std::filesystem::directory_iterator it(dataDir, ec), end; !ec && it != end; it.increment(ec)) {
            std::error_code dirEc;
            if (it->is_directory(dirEc) && lowerAscii(it->path().filename().string()) == lowerAscii(locale)) {
                localeFiles = filesIn(it->path());
                break;
            }
        }
    }

    // Custom patches ("patch-4".."patch-9", "patch-A".."patch-Z") as private servers ship them: a later
    // character wins, and all of them win over patch-3.
    std::vector<std::string> customSuffixes;
    for (char c = 'Z'; c >= 'A'; --c) {
        customSuffixes.push_back(std::string(1, c));
    }
    for (char c = '9'; c >= '4'; --c) {
        customSuffixes.push_back(std::string(1, c));
    }

    // Highest priority first, as the WotLK 3.3.5 client layers them:
    //   <locale>/patch-<locale>-[Z..A, 9..4].MPQ, patch-<locale>-3.MPQ, patch-<locale>-2.MPQ,
    //   patch-<locale>.MPQ patch-[Z..A, 9..4].MPQ, patch-3.MPQ, patch-2.MPQ, patch.MPQ
    //   <locale>/lichking-locale-<locale>.MPQ, expansion-locale-<locale>.MPQ, locale-<locale>.MPQ
    //   lichking.MPQ, expansion.MPQ, common-2.MPQ, common.MPQ
    // Names match in any case; missing archives are skipped. Speech and backup archives (sound only) and
    // the installer's base-/update- archives are not opened.
    struct Wanted {
        bool inLocale;
        std::string name;
    };
    std::vector<Wanted> order;
    if (!locale.empty()) {
        for (const auto& suffix : customSuffixes) {
            order.push_back({true, "patch-" + locale + "-" + suffix + ".mpq"});
        }
        order.push_back({true, "patch-" + locale + "-3.mpq"});
        order.push_back({true, "patch-" + locale + "-2.mpq"});
        order.push_back({true, "patch-" + locale + ".mpq"});
    }
    for (const auto& suffix : customSuffixes) {
        order.push_back({false, "patch-" + suffix + ".mpq"});
    }
    order.push_back({false, "patch-3.mpq"});
    order.push_back({false, "patch-2.mpq"});
    order.push_back({false, "patch.mpq"});
    if (!locale.empty()) {
        order.push_back({true, "lichking-locale-" + locale + ".mpq"});
        order.push_back({true, "expansion-locale-" + locale + ".mpq"});
        order.push_back({true, "locale-" + locale + ".mpq"});
    }
    for (const char* base : {"lichking.mpq", "expansion.mpq", "common-2.mpq", "common.mpq"}) {
        order.push_back({false, base});
    }

    std::vector<std::filesystem::path> out;
    for (const Wanted& wanted : order) {
        const auto& files = wanted.inLocale ? localeFiles : dataFiles;
        const auto found = files.find(lowerAscii(wanted.name));
        if (found != files.end()) {
            out.push_back(found->second);
        }
    }
    return out;
}

Expected<std::unique_ptr<AssetSource>> openClientData(const std::filesystem::path& dataDir,
                                                      std::string locale) {
    auto archives = clientArchives(dataDir, std::move(locale));
    if (!archives) {
        return archives.error();
    }
    if (archives->empty()) {
        return fileError("no MPQ archives found in " + dataDir.string());
    }
    auto source = MpqAssetSource::open(*archives);
    if (!source) {
        return source.error();
    }
    return std::unique_ptr<AssetSource>(std::move(*source));
}

} // namespace mapsmith::io
