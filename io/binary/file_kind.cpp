#include "io/binary/file_kind.h"

#include "io/binary/byte_reader.h"
#include "io/binary/fourcc.h"
#include "io/binary/text.h"

#include <array>
#include <string>

namespace mapsmith::io {
namespace {

// The first four bytes in file order ("" when the file is shorter).
std::string magicOf(std::span<const std::byte> bytes) {
    if (bytes.size() < 4) {
        return {};
    }
    std::string m(4, '\0');
    for (std::size_t i = 0; i < 4; ++i) {
        m[i] = char(bytes[i]);
    }
    return m;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// "XYZ" followed by one digit.
bool prefixDigit(const std::string& magic, std::string_view prefix) {
    return magic.size() == 4 && std::string_view(magic).substr(0, 3) == prefix && isDigit(magic[3]);
}

FileKind byMagic(const std::string& magic) {
    struct Entry {
        std::string_view magic;
        FileKind kind;
    };
    constexpr std::array<Entry, 4> exact{{{"MD20", FileKind::M2},
                                          {"MD21", FileKind::M2Chunked},
                                          {"SKIN", FileKind::M2Skin},
                                          {"MDLX", FileKind::Mdx}}};
    for (const Entry& e : exact) {
        if (magic == e.magic) {
            return e.kind;
        }
    }
    if (prefixDigit(magic, "MDL")) {
        return FileKind::Mdl;
    }
    if (prefixDigit(magic, "HMP")) {
        return FileKind::Hmp;
    }
    if (prefixDigit(magic, "BLP")) {
        return FileKind::Blp;
    }
    if (prefixDigit(magic, "WMB")) {
        return FileKind::Wmb;
    }
    return FileKind::Unknown;
}

// The first four chunks of a chunk stream (five for a WDL, whose MAOF follows MVER MWMO MWID MODF); stops at
// the first size that leaves the file.
FileKind byChunks(std::span<const std::byte> bytes) {
    ByteReader r(bytes);
    for (int i = 0; i < 5 && r.remaining() >= 8; ++i) {
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        if (id == FourCC("MAOF")) {
            return FileKind::Wdl;
        }
        if (i == 4) {
            break;
        }
        if (id == chunk::MPHD || id == chunk::MAIN) {
            return FileKind::Wdt;
        }
        if (id == chunk::MHDR || id == chunk::MCIN || id == chunk::MCNK) {
            return FileKind::Adt;
        }
        if (id == FourCC("MOHD")) {
            return FileKind::WmoRoot;
        }
        if (id == FourCC("MOGP")) {
            return FileKind::WmoGroup;
        }
        if (!r.skip(size)) {
            break;
        }
    }
    return FileKind::Unknown;
}

// The file name after the last '/' or '\\', lower case.
std::string baseName(std::string_view path) {
    const std::size_t slash = path.find_last_of("/\\");
    return asciiLower(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool endsWith(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() && std::string_view(s).substr(s.size() - suffix.size()) == suffix;
}

// "name_000.wmo": '_', three digits, ".wmo".
bool isWmoGroupName(const std::string& name) {
    constexpr std::size_t n = std::string_view("_000.wmo").size();
    if (name.size() <= n || !endsWith(name, ".wmo")) {
        return false;
    }
    const std::string_view tail = std::string_view(name).substr(name.size() - n);
    return tail[0] == '_' && isDigit(tail[1]) && isDigit(tail[2]) && isDigit(tail[3]);
}

FileKind byExtension(std::string_view fileName) {
    const std::string name = baseName(fileName);
    const std::size_t dot = name.find_last_of('.');
    if (dot == std::string::npos) {
        return FileKind::Unknown;
    }
    const std::string_view ext = std::string_view(name).substr(dot + 1);
    struct Entry {
        std::string_view ext;
        FileKind kind;
    };
    constexpr std::array<Entry, 10> table{{{"adt", FileKind::Adt},
                                           {"wdt", FileKind::Wdt},
                                           {"wdl", FileKind::Wdl},
                                           {"m2", FileKind::M2},
                                           {"skin", FileKind::M2Skin},
                                           {"mdx", FileKind::Mdx},
                                           {"mdl", FileKind::Mdl},
                                           {"hmp", FileKind::Hmp},
                                           {"blp", FileKind::Blp},
                                           {"wmb", FileKind::Wmb}}};
    for (const Entry& e : table) {
        if (ext == e.ext) {
            return e.kind;
        }
    }
    if (ext == "wmo") {
        return isWmoGroupName(name) ? FileKind::WmoGroup : FileKind::WmoRoot;
    }
    return FileKind::Unknown;
}

} // namespace

FileKind sniffFileKind(std::span<const std::byte> bytes, std::string_view fileName) {
    if (const FileKind k = byMagic(magicOf(bytes)); k != FileKind::Unknown) {
        return k;
    }
    if (const FileKind k = byChunks(bytes); k != FileKind::Unknown) {
        return k;
    }
    return byExtension(fileName);
}

const char* fileKindName(FileKind kind) {
    switch (kind) {
    case FileKind::Unknown:
        return "unknown";
    case FileKind::Adt:
        return "ADT";
    case FileKind::Wdt:
        return "WDT";
    case FileKind::Wdl:
        return "WDL";
    case FileKind::M2:
        return "M2";
    case FileKind::M2Chunked:
        return "M2 (MD21)";
    case FileKind::M2Skin:
        return "M2 skin";
    case FileKind::WmoRoot:
        return "WMO root";
    case FileKind::WmoGroup:
        return "WMO group";
    case FileKind::Mdx:
        return "MDX";
    case FileKind::Mdl:
        return "MDL";
    case FileKind::Hmp:
        return "HMP";
    case FileKind::Blp:
        return "BLP";
    case FileKind::Wmb:
        return "WMB";
    }
    return "unknown";
}

} // namespace mapsmith::io
