#include "io/model/detail/wmo_common.h"

#include "io/model/wmo.h"

#include <string>

namespace mapsmith::io::detail {

bool readWmoVersion(RawChunk& c, ModelReport& report, std::uint32_t& version) {
    if (c.data.size() != 4 && !report.problem(ErrorCode::BadValue, c.id, c.at,
                                              "size " + std::to_string(c.data.size()) + ", expected 4")) {
        return false;
    }
    if (c.data.size() < 4) {
        return true;
    }
    version = c.data.u32("version");
    if (version != kWmoVersion &&
        !report.problem(ErrorCode::UnsupportedVersion, c.id, c.data.absoluteAt(0),
                        "version " + std::to_string(version) + ", only 17 is read")) {
        return false;
    }
    return true;
}

} // namespace mapsmith::io::detail
