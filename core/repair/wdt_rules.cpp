#include "core/repair/wdt_rules.h"

#include <algorithm>
#include <string>

namespace mapsmith::core {

std::vector<RepairChange> repairWdt(io::Wdt& wdt) {
    std::vector<RepairChange> out;
    if (!wdt.wmoName) {
        wdt.wmoName = std::string();
        out.push_back({"wdt-mwmo", io::chunk::MWMO, "an empty MWMO chunk added after MAIN", 1, {}, {}});
    }
    // The writer puts an unknown chunk after the known one it followed: anchored to MWMO, it follows MWMO.
    // Chunks already after MWMO keep their places; the moved ones go before them, in their order.
    std::vector<io::WdtRawChunk> moved;
    std::vector<io::WdtRawChunk> kept;
    for (io::WdtRawChunk& raw : wdt.unknown) {
        const bool beforeMwmo = raw.after.isNull() || raw.after == io::chunk::MVER ||
                                raw.after == io::chunk::MPHD || raw.after == io::chunk::MAIN;
        (beforeMwmo ? moved : kept).push_back(std::move(raw));
    }
    if (!moved.empty()) {
        std::string names;
        for (io::WdtRawChunk& raw : moved) {
            names += (names.empty() ? "" : ", ") + raw.id.str();
            raw.after = io::chunk::MWMO;
        }
        out.push_back({"wdt-order", io::chunk::MWMO, "moved after MWMO: " + names, moved.size(), {}, {}});
        moved.insert(moved.end(), std::make_move_iterator(kept.begin()), std::make_move_iterator(kept.end()));
        wdt.unknown = std::move(moved);
    } else {
        wdt.unknown = std::move(kept);
    }
    return out;
}

} // namespace mapsmith::core
