#include "cli/tile_io.h"

#include "cli/commands.h"
#include "core/document/tile_loader.h"
#include "io/adt/adt_split.h"
#include "io/wdt/wdt.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <array>
#include <utility>

namespace mapsmith::cli {
namespace {

struct Partner {
    const char* part;
    io::SplitFileKind kind;
};
// The partners of a root in the order TileFiles keeps them.
constexpr std::array<Partner, 5> kPartners{{{"tex0", io::SplitFileKind::Tex0},
                                            {"obj0", io::SplitFileKind::Obj0},
                                            {"obj1", io::SplitFileKind::Obj1},
                                            {"tex1", io::SplitFileKind::Tex1},
                                            {"lod", io::SplitFileKind::Lod}}};

QString partnerPath(const QString& root, io::SplitFileKind kind) {
    return fromFsPath(io::splitPartnerPath(toFsPath(root), kind));
}

// Which member of io::SplitAdtFiles holds a partner; tex0/obj0 are always there.
std::optional<std::vector<std::byte>>* optionalMember(io::SplitAdtFiles& set, io::SplitFileKind kind) {
    switch (kind) {
    case io::SplitFileKind::Obj1:
        return &set.obj1;
    case io::SplitFileKind::Tex1:
        return &set.tex1;
    case io::SplitFileKind::Lod:
        return &set.lod;
    case io::SplitFileKind::Tex0:
    case io::SplitFileKind::Obj0:
        break;
    }
    return nullptr;
}

std::vector<std::byte>& requiredMember(io::SplitAdtFiles& set, io::SplitFileKind kind) {
    return kind == io::SplitFileKind::Tex0 ? set.tex0 : set.obj0;
}

TileFiles listSplitFiles(const QString& root, io::SplitAdtFiles set) {
    TileFiles out;
    out.layout = TileLayout::Split;
    out.files.push_back({QStringLiteral("root"), root, std::move(set.root)});
    for (const Partner& p : kPartners) {
        const QString path = partnerPath(root, p.kind);
        if (auto* member = optionalMember(set, p.kind)) {
            if (*member) {
                out.files.push_back({QLatin1String(p.part), path, std::move(**member)});
            }
        } else {
            out.files.push_back({QLatin1String(p.part), path, std::move(requiredMember(set, p.kind))});
        }
    }
    return out;
}

io::Error fileError(const QString& message) {
    return io::Error{io::ErrorCode::FileIo, {}, 0, message.toStdString()};
}

} // namespace

const char* layoutName(TileLayout layout) {
    return layout == TileLayout::Split ? "split" : "v18";
}

const TileFile* TileFiles::find(const QString& part) const {
    for (const TileFile& f : files) {
        if (f.part == part) {
            return &f;
        }
    }
    return nullptr;
}

std::filesystem::path toFsPath(const QString& path) {
    return std::filesystem::path(QFile::encodeName(path).toStdString());
}

QString fromFsPath(const std::filesystem::path& path) {
    return QFile::decodeName(QByteArray::fromStdString(path.string()));
}

bool isSplitRoot(const QString& path) {
    return io::hasSplitPartners(toFsPath(path));
}

QString wdtFor(const QString& tilePath, const QString& wdtOverride) {
    return wdtOverride.isEmpty() ? core::findWdtFor(tilePath) : wdtOverride;
}

io::Expected<AlphaDepth> readAlphaDepth(const QString& wdtPath, bool lenient) {
    AlphaDepth depth;
    if (wdtPath.isEmpty()) {
        return depth;
    }
    auto bytes = core::readWholeFile(wdtPath);
    if (!bytes) {
        return bytes.error();
    }
    io::Diagnostics diag;
    diag.lenient = lenient;
    auto wdt = io::readWdt(*bytes, diag);
    if (!wdt) {
        io::Error e = wdt.error();
        e.file = wdtPath.toStdString();
        return e;
    }
    depth.bigAlpha = wdt->bigAlpha();
    depth.wdtPath = wdtPath;
    return depth;
}

io::Expected<TileFiles> readTileFiles(const QString& path, std::vector<std::byte> rootBytes) {
    if (isSplitRoot(path)) {
        auto set = io::readSplitAdtFiles(toFsPath(path), std::move(rootBytes));
        if (!set) {
            return set.error();
        }
        return listSplitFiles(path, std::move(*set));
    }
    TileFiles out;
    out.files.push_back({QStringLiteral("root"), path, std::move(rootBytes)});
    return out;
}

io::Expected<TileFiles> readTileFiles(const QString& path) {
    if (isSplitRoot(path)) {
        auto set = io::readSplitAdtFiles(toFsPath(path));
        if (!set) {
            return set.error();
        }
        return listSplitFiles(path, std::move(*set));
    }
    auto bytes = core::readWholeFile(path);
    if (!bytes) {
        return bytes.error();
    }
    TileFiles out;
    out.files.push_back({QStringLiteral("root"), path, std::move(*bytes)});
    return out;
}

io::Expected<io::AdtReadResult> decodeTile(const TileFiles& files, const io::AdtReadOptions& options) {
    if (files.layout == TileLayout::V18) {
        return io::readAdt(files.files.front().bytes, options);
    }
    const QString& root = files.files.front().path;
    // Read in place: the files are not copied (they may be large).
    const auto bytesOf = [&files](const char* part) {
        const TileFile* f = files.find(QLatin1String(part));
        return f ? std::span<const std::byte>(f->bytes) : std::span<const std::byte>();
    };
    auto result = io::readSplitAdt(bytesOf("root"), bytesOf("tex0"), bytesOf("obj0"), options);
    if (!result) {
        io::Error e = result.error();
        nameSplitFile(e, root);
        return e;
    }
    const auto keep = [&files](const char* part, std::optional<std::vector<std::byte>>& into) {
        if (const TileFile* f = files.find(QLatin1String(part))) {
            into = f->bytes;
        }
    };
    keep("obj1", result->adt.obj1File);
    keep("tex1", result->adt.tex1File);
    keep("lod", result->adt.lodFile);
    for (io::Warning& w : result->warnings) {
        nameSplitFile(w, root);
    }
    for (io::Warning& n : result->notes) {
        nameSplitFile(n, root);
    }
    return result;
}

io::Expected<InputTile> decodeInputTile(TileFiles& files, const AlphaDepth& alpha, bool lenient) {
    io::AdtReadOptions options;
    options.lenient = lenient;
    options.bigAlpha = alpha.bigAlpha;
    auto result = decodeTile(files, options);
    if (!result) {
        return result.error();
    }
    InputTile tile;
    tile.files = std::move(files);
    tile.adt = std::move(result->adt);
    tile.warnings = std::move(result->warnings);
    tile.notes = std::move(result->notes);
    tile.alpha = alpha;
    tile.alphaDepthInferred = result->bigAlphaInferred;
    return tile;
}

io::Expected<InputTile> readTile(const QString& path, const AlphaDepth& alpha, bool lenient) {
    auto files = readTileFiles(path);
    if (!files) {
        return files.error();
    }
    return decodeInputTile(*files, alpha, lenient);
}

io::Expected<InputTile> readTile(const QString& path, const QString& wdtOverride, bool lenient) {
    auto alpha = readAlphaDepth(wdtFor(path, wdtOverride), lenient);
    if (!alpha) {
        return alpha.error();
    }
    return readTile(path, *alpha, lenient);
}

io::Expected<InputTile> readTile(const QString& path, std::vector<std::byte> rootBytes,
                                 const QString& wdtOverride, bool lenient) {
    auto alpha = readAlphaDepth(wdtFor(path, wdtOverride), lenient);
    if (!alpha) {
        return alpha.error();
    }
    auto files = readTileFiles(path, std::move(rootBytes));
    if (!files) {
        return files.error();
    }
    return decodeInputTile(*files, *alpha, lenient);
}

TileFiles encodeTile(const io::Adt& adt, const QString& path, TileLayout layout,
                     const io::AdtWriteOptions& options) {
    if (layout == TileLayout::Split) {
        return listSplitFiles(path, io::writeSplitAdt(adt, options));
    }
    TileFiles out;
    out.files.push_back({QStringLiteral("root"), path, io::writeAdt(adt, options)});
    return out;
}

io::Expected<QStringList> stageTile(core::FileTransaction& transaction, const TileFiles& files,
                                    core::BackupPolicy backup) {
    const QString& root = files.files.front().path;
    for (const TileFile& f : files.files) {
        if (QString e = transaction.stage(f.path, f.bytes, backup); !e.isEmpty()) {
            return fileError(e);
        }
    }
    QStringList removed;
    for (const Partner& p : kPartners) {
        const QString path = partnerPath(root, p.kind);
        if (!files.find(QLatin1String(p.part)) && QFile::exists(path)) {
            transaction.stageRemoval(path, backup);
            removed << path;
        }
    }
    return removed;
}

io::Expected<QStringList> saveTile(const TileFiles& files, core::BackupPolicy backup) {
    core::FileTransaction transaction(QFileInfo(files.files.front().path).absolutePath());
    auto staged = stageTile(transaction, files, backup);
    if (!staged) {
        return staged;
    }
    if (QString e = transaction.commit(); !e.isEmpty()) {
        return fileError(e);
    }
    return staged;
}

void nameSplitFile(io::Error& e, const QString& root) {
    if (e.file.empty() || e.file == "root") {
        e.file = root.toStdString();
        return;
    }
    for (const Partner& p : kPartners) {
        if (e.file == p.part) {
            e.file = partnerPath(root, p.kind).toStdString();
            return;
        }
    }
}

QString located(const QString& path, const io::Error& e) {
    const QString file = QString::fromStdString(e.file);
    if (e.code == io::ErrorCode::FileIo && e.chunk.isNull() && e.offset == 0) {
        const QString message = QString::fromStdString(e.message);
        return file.isEmpty() || message.contains(file) ? message : file + QStringLiteral(": ") + message;
    }
    const QString text = QString::fromStdString(e.describe());
    return file.isEmpty() ? path + QStringLiteral(": ") + text : text;
}

QCommandLineOption alphaOption(const QString& description) {
    return QCommandLineOption(QStringLiteral("alpha"), description, QStringLiteral("FORMAT"));
}

std::optional<io::AlphaEncoding> parseAlpha(const QCommandLineParser& parser,
                                            const QCommandLineOption& option, const QString& command,
                                            std::optional<int>& exitCode) {
    if (!parser.isSet(option)) {
        return std::nullopt;
    }
    const QString v = parser.value(option).toLower();
    if (v == QLatin1String("4bit")) {
        return io::AlphaEncoding::FourBit;
    }
    if (v == QLatin1String("8bit")) {
        return io::AlphaEncoding::EightBit;
    }
    if (v == QLatin1String("rle")) {
        return io::AlphaEncoding::Rle;
    }
    QTextStream err(stderr);
    err << command << ": --alpha must be 4bit, 8bit or rle, not '" << v << "'\n";
    exitCode = Usage;
    return std::nullopt;
}

bool needsBigAlpha(io::AlphaEncoding e) {
    return e != io::AlphaEncoding::FourBit;
}

QString depthChangeNote(bool nowBigAlpha) {
    return nowBigAlpha
               ? QStringLiteral("the tile now has 8-bit alpha maps; the map's WDT must set MPHD flag 0x4")
               : QStringLiteral("the tile now has 4-bit alpha maps; the map's WDT must clear MPHD "
                                "flag 0x4");
}

} // namespace mapsmith::cli
