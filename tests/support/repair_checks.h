#pragma once
// Comparing a tile before and after `repair`: the dump (io::dumpAdt) of both with every part a repair
// report names taken out must be equal ("contents otherwise unchanged"). Used by the core and CLI tests.

#include "core/repair/repair_change.h"
#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace mapsmith::tests {

// The parts of a chunk's dump each chunk rule may change.
inline std::vector<std::string> dumpFieldsOf(const std::string& rule) {
    if (rule == "mcnk-flags") {
        return {"flags", "mccv", "mcsh"};
    }
    if (rule == "mcnk-index") {
        return {"indexXY"};
    }
    if (rule == "mh2o-rectangle") {
        return {"liquid"};
    }
    return {}; // mcnr-size and the layout rules change nothing a dump shows
}

// dumpAdt(adt) without what `changes` name: the fields of the chunks they list, and for renumbered
// uniqueIds the ids of the entries they list and the chunks' references (dumped as ids; compared by index
// apart, see sameReferences).
inline nlohmann::ordered_json dumpWithout(const io::Adt& adt,
                                          const std::vector<core::RepairChange>& changes) {
    nlohmann::ordered_json d = io::dumpAdt(adt);
    for (const core::RepairChange& c : changes) {
        for (const std::uint32_t i : c.chunks) {
            for (const std::string& field : dumpFieldsOf(c.rule)) {
                d["chunks"][i].erase(field);
            }
        }
        if (c.rule == "unique-ids") {
            const char* list = c.chunk == io::chunk::MDDF ? "doodads" : "mapObjects";
            for (const std::uint32_t k : c.entries) {
                d[list][k].erase("uniqueId");
            }
            for (auto& chunk : d["chunks"]) {
                chunk.erase("doodadRefs");
                chunk.erase("mapObjectRefs");
            }
        }
    }
    return d;
}

// MCRF as indices: every chunk references the same MDDF and MODF entries.
inline bool sameReferences(const io::Adt& a, const io::Adt& b) {
    if (a.chunks.size() != b.chunks.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.chunks.size(); ++i) {
        if (a.chunks[i].doodadRefs != b.chunks[i].doodadRefs ||
            a.chunks[i].mapObjectRefs != b.chunks[i].mapObjectRefs) {
            return false;
        }
    }
    return true;
}

} // namespace mapsmith::tests
