#include "cli/output.h"

#include "cli/exit_code.h"
#include "cli/tile_io.h"
#include "io/binary/hex.h"

namespace mapsmith::cli {

QTextStream& out() {
    static QTextStream s(stdout);
    return s;
}

QTextStream& err() {
    static QTextStream s(stderr);
    return s;
}

QString hex(std::uint64_t v) {
    return QString::fromStdString(io::hex(v));
}

QString describe(const io::Error& e) {
    return QString::fromStdString(e.describe());
}

Json errorJson(const io::Error& e) {
    Json j{{"chunk", e.chunk.isNull() ? std::string() : e.chunk.str()},
           {"offset", e.offset},
           {"code", io::errorCodeName(e.code)},
           {"message", e.message}};
    if (!e.file.empty()) {
        j["file"] = e.file; // split sets and model companions: the path of the file concerned
    }
    return j;
}

Json errorListJson(const std::vector<io::Error>& errors) {
    Json list = Json::array();
    for (const auto& e : errors) {
        list.push_back(errorJson(e));
    }
    return list;
}

void printJson(const Json& j) {
    out() << QString::fromStdString(j.dump(2)) << "\n";
}

int reportValidation(const QString& path, const std::vector<io::Error>& problems,
                     const std::vector<io::Warning>& notes, bool json) {
    if (json) {
        printJson(Json{{"file", path.toStdString()},
                       {"valid", problems.empty()},
                       {"problems", errorListJson(problems)},
                       {"notes", errorListJson(notes)}});
    } else {
        for (const auto& p : problems) {
            out() << located(path, p) << "\n";
        }
        for (const auto& n : notes) {
            out() << "note: " << located(path, n) << "\n";
        }
        if (problems.empty()) {
            out() << path << ": valid\n";
        } else {
            out() << path << ": " << problems.size() << " problem(s)\n";
        }
    }
    return problems.empty() ? Ok : Invalid;
}

} // namespace mapsmith::cli
