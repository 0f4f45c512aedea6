#include "cli/data_option.h"

namespace mapsmith::cli {

bool printDataProblems(const core::OpenedAssets& assets, const QString& command, QTextStream& err) {
    for (const QString& note : assets.notes) {
        err << command << ": --data: " << note << "\n";
    }
    for (const QString& problem : assets.problems) {
        err << command << ": --data " << problem << "\n";
    }
    return !assets.problems.isEmpty();
}

} // namespace mapsmith::cli
