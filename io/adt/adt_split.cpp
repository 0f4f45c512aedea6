#include "io/adt/adt_split.h"

#include "io/binary/chunk_id.h"
#include "io/binary/file_io.h"
#include "io/binary/text.h"

#include <algorithm>

namespace mapsmith::io {

namespace {

const char* suffixOf(SplitFileKind kind) {
    switch (kind) {
    case SplitFileKind::Tex0:
        return "_tex0";
    case SplitFileKind::Obj0:
        return "_obj0";
    case SplitFileKind::Obj1:
        return "_obj1";
    case SplitFileKind::Tex1:
        return "_tex1";
    case SplitFileKind::Lod:
        return "_lod";
    }
    return "";
}

Warning lost(FourCC id, std::string message, std::string file = {}) {
    return Warning{ErrorCode::BadValue, id, 0, std::move(message) + " cannot be stored in a v18 file",
                   std::move(file)};
}

// The set beside `root`; `rootBytes`: the root's bytes when the caller read them.
Expected<SplitAdtFiles> readSet(const std::filesystem::path& root,
                                std::optional<std::vector<std::byte>> rootBytes) {
    // Reads one file of the set into `out`; a missing file is an error only when `required`.
    const auto read = [](const std::filesystem::path& path, std::optional<std::vector<std::byte>>& out,
                         bool required) -> std::optional<Error> {
        std::error_code ec;
        // Only a path that is not there is missing; a directory or an unreadable file in its place is
        // named as such by readFileBytes.
        if (!std::filesystem::exists(path, ec)) {
            if (!required) {
                return std::nullopt;
            }
            return Error{ErrorCode::FileIo, FourCC{}, 0,
                         "the split set needs " + path.string() + ", which is missing", path.string()};
        }
        auto bytes = readFileBytes(path.string());
        if (!bytes) {
            Error e = bytes.error();
            e.file = path.string();
            return e;
        }
        // Garbage is refused before the next file of the set is read (bounded memory for any input).
        if (auto bad = required ? checkChunkStream(*bytes, chunk::MVER) : std::nullopt) {
            bad->file = path.string();
            return bad;
        }
        out = std::move(*bytes);
        return std::nullopt;
    };
    std::optional<std::vector<std::byte>> root0, tex0, obj0;
    if (rootBytes) {
        if (auto bad = checkChunkStream(*rootBytes, chunk::MVER)) {
            bad->file = root.string();
            return *bad;
        }
        root0 = std::move(rootBytes);
    }
    SplitAdtFiles files;
    const std::pair<std::filesystem::path, std::optional<std::vector<std::byte>>*> required[] = {
        {root, &root0},
        {splitPartnerPath(root, SplitFileKind::Tex0), &tex0},
        {splitPartnerPath(root, SplitFileKind::Obj0), &obj0}};
    for (const auto& [path, out] : required) {
        if (*out) {
            continue; // the root, given
        }
        if (auto e = read(path, *out, true)) {
            return *e;
        }
    }
    const std::pair<SplitFileKind, std::optional<std::vector<std::byte>>*> optional[] = {
        {SplitFileKind::Obj1, &files.obj1},
        {SplitFileKind::Tex1, &files.tex1},
        {SplitFileKind::Lod, &files.lod}};
    for (const auto& [kind, out] : optional) {
        if (auto e = read(splitPartnerPath(root, kind), *out, false)) {
            return *e;
        }
    }
    files.root = std::move(*root0);
    files.tex0 = std::move(*tex0);
    files.obj0 = std::move(*obj0);
    return files;
}

} // namespace

std::filesystem::path splitPartnerPath(const std::filesystem::path& root, SplitFileKind kind) {
    std::filesystem::path out = root;
    const std::string ext = root.extension().string();
    out.replace_filename(root.stem().string() + suffixOf(kind) + (ext.empty() ? std::string(".adt") : ext));
    return out;
}

bool isSplitPartnerName(const std::filesystem::path& path) {
    const std::string stem = asciiLower(path.stem().string());
    for (const char* suffix : {"_tex0", "_tex1", "_obj0", "_obj1", "_lod"}) {
        const std::string s(suffix);
        if (stem.size() > s.size() && stem.compare(stem.size() - s.size(), s.size(), s) == 0) {
            return true;
        }
    }
    return false;
}

bool hasSplitPartners(const std::filesystem::path& root) {
    std::error_code ec;
    return !isSplitPartnerName(root) &&
           (std::filesystem::is_regular_file(splitPartnerPath(root, SplitFileKind::Tex0), ec) ||
            std::filesystem::is_regular_file(splitPartnerPath(root, SplitFileKind::Obj0), ec));
}

Expected<SplitAdtFiles> readSplitAdtFiles(const std::filesystem::path& root) {
    return readSet(root, std::nullopt);
}

Expected<SplitAdtFiles> readSplitAdtFiles(const std::filesystem::path& root,
                                          std::vector<std::byte> rootBytes) {
    return readSet(root, std::move(rootBytes));
}

Expected<void> writeSplitAdtFiles(const std::filesystem::path& root, const SplitAdtFiles& files) {
    const auto write = [](const std::filesystem::path& path,
                          std::span<const std::byte> bytes) -> std::optional<Error> {
        auto ok = writeFileBytes(path.string(), bytes);
        if (!ok) {
            Error e = ok.error();
            e.file = path.string();
            return e;
        }
        return std::nullopt;
    };
    if (auto e = write(root, files.root)) {
        return *e;
    }
    if (auto e = write(splitPartnerPath(root, SplitFileKind::Tex0), files.tex0)) {
        return *e;
    }
    if (auto e = write(splitPartnerPath(root, SplitFileKind::Obj0), files.obj0)) {
        return *e;
    }
    const std::pair<SplitFileKind, const std::optional<std::vector<std::byte>>*> extras[] = {
        {SplitFileKind::Obj1, &files.obj1},
        {SplitFileKind::Tex1, &files.tex1},
        {SplitFileKind::Lod, &files.lod}};
    for (const auto& [kind, bytes] : extras) {
        if (*bytes) {
            if (auto e = write(splitPartnerPath(root, kind), **bytes)) {
                return *e;
            }
        }
    }
    return {};
}

std::vector<Warning> lostInMonolithic(const Adt& adt) {
    std::vector<Warning> out;
    if (!adt.diffuseTextureIds.empty()) {
        out.push_back(lost(chunk::MDID, "MDID: " + std::to_string(adt.diffuseTextureIds.size()) +
                                            " texture file data id(s)" +
                                            (adt.textures.empty() ? " (the tile has no MTEX names)" : "")));
    }
    if (!adt.heightTextureIds.empty()) {
        out.push_back(lost(chunk::MHID, "MHID: " + std::to_string(adt.heightTextureIds.size()) +
                                            " height texture file data id(s)"));
    }
    if (adt.textureParams) {
        out.push_back(lost(chunk::MTXP, "MTXP: " + std::to_string(adt.textureParams->size()) +
                                            " texture parameter entries"));
    }
    if (adt.mamp) {
        out.push_back(lost(chunk::MAMP, "MAMP (alpha map size " + std::to_string(int(*adt.mamp)) + ")"));
    }
    const std::size_t materials = std::size_t(std::count_if(
        adt.chunks.begin(), adt.chunks.end(), [](const MapChunk& c) { return c.materialIds.has_value(); }));
    if (materials > 0) {
        out.push_back(
            lost(chunk::MCMT, "MCMT (terrain materials) in " + std::to_string(materials) + " MCNK(s)"));
    }
    const std::pair<const char*, const std::optional<std::vector<std::byte>>*> files[] = {
        {"_obj1.adt", &adt.obj1File}, {"_tex1.adt", &adt.tex1File}, {"_lod.adt", &adt.lodFile}};
    for (const auto& [name, bytes] : files) {
        if (*bytes) {
            out.push_back(lost(
                FourCC{},
                std::string("the ") + name + " file (" + std::to_string((*bytes)->size()) + " bytes)", name));
        }
    }
    return out;
}

} // namespace mapsmith::io
