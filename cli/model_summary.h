#pragma once
// What `info` and `validate` learn from a model or texture file (every format but ADT and WDT): one
// summariser per format reads the file, and the files it names beside it, in the mode of the Diagnostics it
// is given. Strict: the first problem is the error. Lenient: problems become diag.warnings and only a file
// that cannot be read at all is an error. A companion file that is not there (a skin profile, a WMO group)
// is a warning in both modes (io's convention), which `validate` counts as a problem.

#include "cli/output.h"
#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/binary/file_kind.h"
#include "io/model/model_types.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace mapsmith::cli {

struct ModelInput {
    QString path; // as given on the command line; names the file in errors
    std::span<const std::byte> bytes;
};

struct ModelSummary {
    Json json;                                      // the format's fields (after "file" and "size")
    std::vector<std::pair<QString, QString>> lines; // for people: label, value ("" continues the line above)
    std::vector<io::Warning> notes; // read but not decoded (Gamestudio skins): never a problem
};

using Summariser = io::Expected<ModelSummary> (*)(const ModelInput& in, io::Diagnostics& diag);

io::Expected<ModelSummary> summariseM2(const ModelInput& in, io::Diagnostics& diag);   // cli/m2_info.cpp
io::Expected<ModelSummary> summariseSkin(const ModelInput& in, io::Diagnostics& diag); // cli/m2_info.cpp
io::Expected<ModelSummary> summariseWmo(const ModelInput& in, io::Diagnostics& diag);  // cli/wmo_info.cpp
io::Expected<ModelSummary> summariseWmoGroup(const ModelInput& in, io::Diagnostics& diag);
io::Expected<ModelSummary> summariseMdx(const ModelInput& in, io::Diagnostics& diag); // cli/mdx_info.cpp
io::Expected<ModelSummary> summariseMdl(const ModelInput& in, io::Diagnostics& diag); // gamestudio_info.cpp
io::Expected<ModelSummary> summariseHmp(const ModelInput& in, io::Diagnostics& diag);
io::Expected<ModelSummary> summariseBlp(const ModelInput& in, io::Diagnostics& diag); // cli/blp_info.cpp
io::Expected<ModelSummary> summariseWmb(const ModelInput& in, io::Diagnostics& diag); // cli/wmb_info.cpp

// The summariser of a kind; nullptr for ADT, WDT, MD21 and unknown files.
Summariser summariserFor(io::FileKind kind);

// --- shared by the summarisers ---

// A float as its shortest decimal text, so JSON shows 0.634 and not 0.6340000033378601.
double tidy(float v);
Json vecJson(const io::ModelVec3& v);
Json boundsJson(const io::ModelBounds& b); // {min: [x, y, z], max: [x, y, z]}
Json stringsJson(const std::vector<std::string>& strings);
QString vecText(const io::ModelVec3& v);      // "(-0.634, -0.311, -0.157)"
QString boundsText(const io::ModelBounds& b); // "(..) .. (..)"
QString inQuotes(const std::string& s);       // "\"Rabbit\""
// "a, b, c" of at most `shown` items, then "and N more".
QString listText(const std::vector<std::string>& items, std::size_t shown = 8);

} // namespace mapsmith::cli
