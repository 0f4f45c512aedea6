#pragma once
// A WMO root read together with its group files (Name.wmo + Name_000.wmo .. Name_NNN.wmo), fetched by name
// through a callback (a folder, an MPQ archive, memory in tests).

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {

// Returns a file's bytes by name, or nullopt when there is no such file.
using WmoFetch = std::function<std::optional<std::vector<std::byte>>(const std::string& name)>;

struct WmoModel {
    WmoRoot root;
    std::vector<std::string> groupFiles;         // one per root group (MOHD group count), in order
    std::vector<std::optional<WmoGroup>> groups; // parallel to groupFiles; nullopt: missing or unreadable
    std::vector<std::string> missingGroups;      // the group files fetch did not find

    std::size_t loadedGroupCount() const;
};

// "World/wmo/Tent.wmo", 3 -> "World/wmo/Tent_003.wmo" (the extension is replaced; a name without one gets
// "_NNN.wmo").
std::string wmoGroupFileName(std::string_view rootName, std::uint32_t group);

// Reads the root (named rootName in errors) and every group file its header counts. A root that does not read
// is the error. A group file fetch does not find is a warning naming it in both modes (the other groups are
// still read). A group that does not read is the error in strict mode, a warning in lenient mode (its slot
// stays empty). More groups than the client's 512 is a problem; lenient reading takes the first 512.
Expected<WmoModel> readWmoWithGroups(std::span<const std::byte> root, std::string_view rootName,
                                     const WmoFetch& fetch, Diagnostics& diag);

} // namespace mapsmith::io
