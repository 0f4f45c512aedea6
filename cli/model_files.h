#pragma once
// The files a model names beside it (M2 skin profiles, WMO group files): same folder, found by exact name
// first, then by a case-insensitive match, since game files come in mixed case ("RABBIT00.SKIN").

#include <QString>
#include <QStringList>

#include <optional>

namespace mapsmith::cli {

class FilesBeside {
public:
    // `path`: the model file; its folder is searched.
    explicit FilesBeside(const QString& path);

    // The path of `name` beside the model; empty when there is none.
    QString find(const QString& name) const;

private:
    QString mPrefix; // the model's folder as given, with its '/' ("" for a bare name)
    mutable std::optional<QStringList> mList; // the folder's file names, listed on the first inexact look-up
};

// The file name of a path (after the last '/' or '\\').
QString fileNameOf(const QString& path);

} // namespace mapsmith::cli
