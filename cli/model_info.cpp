#include "cli/model_info.h"

#include "cli/exit_code.h"
#include "cli/model_summary.h"
#include "cli/output.h"
#include "cli/tile_io.h"

#include <algorithm>

namespace mapsmith::cli {
namespace {

const char* kReadable = "ADT, WDT, M2 (MD20), M2 skin, WMO, MDX, Gamestudio MDL/HMP/WMB or BLP";

// MD21 and unknown files: the message that refuses them, with the error code and first bytes it comes from.
io::Error refusal(io::FileKind kind, const QString& path) {
    if (kind == io::FileKind::M2Chunked) {
        return io::Error{
            io::ErrorCode::UnsupportedVersion, io::FourCC("MD21"), 0,
            "a chunked M2 (MD21, Legion and later); Mapsmith reads WotLK M2 files (MD20, version 264)",
            path.toStdString()};
    }
    return io::Error{io::ErrorCode::BadMagic, io::FourCC{}, 0,
                     std::string("neither the first bytes nor the extension name a format Mapsmith reads (") +
                         kReadable + ")",
                     path.toStdString()};
}

void addOnce(std::vector<io::Error>& list, const io::Error& e) {
    if (std::find(list.begin(), list.end(), e) == list.end()) {
        list.push_back(e);
    }
}

void printText(const QString& path, std::size_t size, const ModelSummary& s, const io::Diagnostics& diag) {
    std::vector<std::pair<QString, QString>> lines{
        {QStringLiteral("file"), QStringLiteral("%1 (%2 bytes)").arg(path).arg(size)}};
    lines.insert(lines.end(), s.lines.begin(), s.lines.end());
    for (const auto& w : diag.warnings) {
        lines.emplace_back(QStringLiteral("warning"), describe(w));
    }
    for (const auto& n : s.notes) {
        lines.emplace_back(QStringLiteral("note"), describe(n));
    }
    qsizetype width = 0;
    for (const auto& [label, value] : lines) {
        width = std::max(width, label.size());
    }
    for (const auto& [label, value] : lines) {
        const QString head = label.isEmpty() ? QString() : label + QLatin1Char(':');
        out() << head.leftJustified(width + 3) << value << "\n";
    }
}

} // namespace

int modelInfo(io::FileKind kind, const QString& path, const std::vector<std::byte>& bytes, bool json) {
    const Summariser summarise = summariserFor(kind);
    if (!summarise) {
        err() << "mapsmith-cli info: " << located(path, refusal(kind, path)) << "\n";
        return Failure;
    }
    io::Diagnostics diag;
    diag.lenient = true;
    auto s = summarise(ModelInput{path, bytes}, diag);
    if (!s) {
        err() << "mapsmith-cli info: " << located(path, s.error()) << "\n";
        return Failure;
    }
    if (json) {
        Json j{{"file", path.toStdString()}, {"size", bytes.size()}};
        j.update(s->json);
        j["warnings"] = errorListJson(diag.warnings);
        j["notes"] = errorListJson(s->notes);
        printJson(j);
    } else {
        printText(path, bytes.size(), *s, diag);
    }
    return Ok;
}

int modelValidate(io::FileKind kind, const QString& path, const std::vector<std::byte>& bytes, bool json) {
    const Summariser summarise = summariserFor(kind);
    if (kind == io::FileKind::M2Chunked) { // a format not read: no verdict
        err() << "mapsmith-cli validate: " << located(path, refusal(kind, path)) << "\n";
        return Failure;
    }
    std::vector<io::Error> problems;
    std::vector<io::Warning> notes;
    if (!summarise) {
        problems.push_back(refusal(kind, path));
        return reportValidation(path, problems, notes, json);
    }
    const ModelInput in{path, bytes};
    io::Diagnostics strict; // the verdict: its error and the warnings of both modes (missing files)
    auto first = summarise(in, strict);
    if (!first) {
        problems.push_back(first.error());
    } else {
        notes = first->notes;
    }
    for (const auto& w : strict.warnings) {
        addOnce(problems, w);
    }
    io::Diagnostics lenient; // every further problem the strict read stopped before
    lenient.lenient = true;
    auto all = summarise(in, lenient);
    for (const auto& w : lenient.warnings) {
        addOnce(problems, w);
    }
    if (!all) {
        addOnce(problems, all.error());
    }
    return reportValidation(path, problems, notes, json);
}

} // namespace mapsmith::cli
