#pragma once
// What every mapsmith-cli command prints with: the one stdout and stderr stream of the process, hex
// offsets, errors for people and as JSON, and the report `validate` prints for any format.

#include "io/binary/error.h"

#include <QString>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace mapsmith::cli {

using Json = nlohmann::ordered_json;

// The process's stdout and stderr (one stream each, shared by every file of the CLI).
QTextStream& out();
QTextStream& err();

QString hex(std::uint64_t v); // "0x1c"
QString describe(const io::Error& e);

// {chunk, offset, code, message[, file]}: the shape of every warning, problem and note in JSON output.
Json errorJson(const io::Error& e);
Json errorListJson(const std::vector<io::Error>& errors);
void printJson(const Json& j);

// The result of `validate`: {file, valid, problems, notes} as JSON, or one line per problem and note and a
// verdict. Returns Ok when there is no problem, else Invalid (notes never make a file invalid).
int reportValidation(const QString& path, const std::vector<io::Error>& problems,
                     const std::vector<io::Warning>& notes, bool json);

} // namespace mapsmith::cli
