#include "core/repair/rewrite_changes.h"

#include <algorithm>

namespace mapsmith::core {

std::vector<RepairChange> fixedByRewriting(const std::vector<io::Finding>& before,
                                           const std::vector<io::Finding>& after,
                                           const std::vector<RepairChange>& done) {
    std::vector<RepairChange> out;
    for (const io::Finding& f : before) {
        const bool stays = std::any_of(after.begin(), after.end(), [&](const io::Finding& a) {
            return a.rule == f.rule && a.message == f.message;
        });
        const bool reported =
            std::any_of(done.begin(), done.end(), [&](const RepairChange& c) { return c.rule == f.rule; });
        if (stays || reported || f.rule == "read") {
            continue;
        }
        out.push_back(
            {f.rule, f.chunk, "rewritten in the layout every consumer reads: " + f.message, f.count, {}, {}});
    }
    return out;
}

} // namespace mapsmith::core
