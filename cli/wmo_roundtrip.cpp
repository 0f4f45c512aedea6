// roundtrip of WMO v17 roots with their group files, and of a group file alone (cli/wmo_roundtrip.h).

#include "cli/wmo_roundtrip.h"

#include "cli/exit_code.h"
#include "cli/model_files.h"
#include "cli/output.h"
#include "cli/tile_io.h"
#include "core/document/file_transaction.h"
#include "core/document/tile_loader.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"
#include "io/model/wmo_set.h"
#include "io/model/wmo_writer.h"

#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace mapsmith::cli {
namespace {

// One written file and the file it was read from.
struct WmoFilePair {
    QString part; // "root", "group 0", ...
    QString in;
    QString out;
    std::vector<std::byte> inBytes;
    std::vector<std::byte> outBytes;
    bool sameContent = false;
};

// The first byte at which two files differ (the shorter one's size when one is a prefix of the other).
std::optional<std::size_t> firstDifference(const std::vector<std::byte>& a, const std::vector<std::byte>& b) {
    const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    if (ia == a.end() && ib == b.end()) {
        return std::nullopt;
    }
    return std::size_t(ia - a.begin());
}

// What was written reads back strictly, and written again gives the same bytes: the file holds what the
// struct held (bytes, not the structs, are compared, so that NaN coordinates compare equal).
bool rootReadsBack(const std::vector<std::byte>& written) {
    const auto back = io::readWmoRoot(written);
    return back && io::writeWmoRoot(*back) == written;
}
bool groupReadsBack(const std::vector<std::byte>& written) {
    const auto back = io::readWmoGroup(written);
    return back && io::writeWmoGroup(*back) == written;
}

void printReport(const QString& inPath, const QString& outPath, const std::vector<WmoFilePair>& files,
                 const QStringList& missing, const std::vector<io::Warning>& warnings, bool json) {
    std::size_t bytesIn = 0;
    std::size_t bytesOut = 0;
    bool identical = true;
    bool same = true;
    QStringList differences;
    Json list = Json::array();
    for (const WmoFilePair& f : files) {
        bytesIn += f.inBytes.size();
        bytesOut += f.outBytes.size();
        const auto diff = firstDifference(f.inBytes, f.outBytes);
        identical = identical && !diff;
        same = same && f.sameContent;
        Json j{{"part", f.part.toStdString()}, {"in", f.in.toStdString()},      {"out", f.out.toStdString()},
               {"bytesIn", f.inBytes.size()},  {"bytesOut", f.outBytes.size()}, {"byteIdentical", !diff},
               {"sameContent", f.sameContent}};
        if (diff) {
            j["firstDifference"] = *diff;
            differences << f.part + QStringLiteral(" from ") + hex(*diff);
        }
        list.push_back(std::move(j));
    }
    if (json) {
        Json m = Json::array();
        for (const QString& name : missing) {
            m.push_back(name.toStdString());
        }
        printJson(Json{{"in", inPath.toStdString()},
                       {"out", outPath.toStdString()},
                       {"format", "wmo"},
                       {"bytesIn", bytesIn},
                       {"bytesOut", bytesOut},
                       {"byteIdentical", identical},
                       {"semanticallyIdentical", same},
                       {"files", list},
                       {"missing", m},
                       {"warnings", errorListJson(warnings)}});
        return;
    }
    for (const auto& x : warnings) {
        err() << "warning: " << describe(x) << "\n";
    }
    out() << "wrote " << outPath;
    if (files.size() > 1) {
        QStringList groups;
        for (std::size_t k = 1; k < files.size(); ++k) {
            groups << fileNameOf(files[k].out);
        }
        out() << " with " << groups.join(QStringLiteral(", ")) << " (" << bytesOut << " bytes in "
              << files.size() << " files): ";
    } else {
        out() << " (" << bytesOut << " bytes): ";
    }
    out() << (identical ? QStringLiteral("byte-identical to ") : QStringLiteral("differs in bytes from "))
          << inPath;
    if (!differences.isEmpty()) {
        out() << " (" << differences.join(QStringLiteral("; ")) << ")";
    }
    out() << (same ? ", same content" : ", CONTENT DIFFERS") << "\n";
    for (const QString& name : missing) {
        out() << "not written: " << name << " (the group file is missing or does not read)\n";
    }
}

} // namespace

int roundtripWmo(const QString& inPath, const QString& outPath, const std::vector<std::byte>& bytes,
                 bool isRoot, const WmoRoundtripOptions& options) {
    io::Diagnostics diag;
    diag.lenient = options.lenient;
    std::vector<WmoFilePair> files;
    QStringList missing;
    if (isRoot) {
        // Group files beside IN in any case ("TENT_000.WMO"); where each was found, for the report.
        const FilesBeside beside(inPath);
        std::map<std::string, std::pair<QString, std::vector<std::byte>>> found;
        const io::WmoFetch fetch = [&](const std::string& name) -> std::optional<std::vector<std::byte>> {
            const QString path = beside.find(fileNameOf(QString::fromStdString(name)));
            if (path.isEmpty()) {
                return std::nullopt;
            }
            auto groupBytes = core::readWholeFile(path);
            if (!groupBytes) {
                return std::nullopt; // unreadable: reported as missing
            }
            found[name] = {path, *groupBytes};
            return std::move(*groupBytes);
        };
        auto model = io::readWmoWithGroups(bytes, inPath.toStdString(), fetch, diag);
        if (!model) {
            err() << "mapsmith-cli roundtrip: " << located(inPath, model.error()) << "\n";
            return Failure;
        }
        WmoFilePair root{QStringLiteral("root"), inPath, outPath, bytes, io::writeWmoRoot(model->root)};
        root.sameContent = rootReadsBack(root.outBytes);
        files.push_back(std::move(root));
        for (std::size_t k = 0; k < model->groups.size(); ++k) {
            const std::string& name = model->groupFiles[k];
            if (!model->groups[k] || !found.contains(name)) {
                missing << fileNameOf(QString::fromStdString(name));
                continue;
            }
            WmoFilePair g{
                QStringLiteral("group %1").arg(k), found[name].first,
                QString::fromStdString(io::wmoGroupFileName(outPath.toStdString(), std::uint32_t(k))),
                std::move(found[name].second), io::writeWmoGroup(*model->groups[k])};
            g.sameContent = groupReadsBack(g.outBytes);
            files.push_back(std::move(g));
        }
    } else {
        auto group = io::readWmoGroup(bytes, diag, inPath.toStdString());
        if (!group) {
            err() << "mapsmith-cli roundtrip: " << located(inPath, group.error()) << "\n";
            return Failure;
        }
        WmoFilePair g{QStringLiteral("group"), inPath, outPath, bytes, io::writeWmoGroup(*group)};
        g.sameContent = groupReadsBack(g.outBytes);
        files.push_back(std::move(g));
    }

    // Every file or none.
    core::FileTransaction transaction(QFileInfo(outPath).absolutePath());
    for (const WmoFilePair& f : files) {
        if (QString e = transaction.stage(f.out, f.outBytes, core::BackupPolicy::KeepBackup); !e.isEmpty()) {
            err() << "mapsmith-cli roundtrip: " << e << "\n";
            return Failure;
        }
    }
    if (QString e = transaction.commit(); !e.isEmpty()) {
        err() << "mapsmith-cli roundtrip: " << e << "\n";
        return Failure;
    }
    printReport(inPath, outPath, files, missing, diag.warnings, options.json);
    const bool same =
        std::all_of(files.begin(), files.end(), [](const WmoFilePair& f) { return f.sameContent; });
    if (!same) {
        err() << "mapsmith-cli roundtrip: " << outPath << " does not read back with the same content\n";
        return Invalid;
    }
    return Ok;
}

} // namespace mapsmith::cli
