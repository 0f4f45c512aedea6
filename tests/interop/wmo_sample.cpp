// Writes the WMO built in tests/support/wmo_builders.h (every part the writer handles, in the client's chunk
// order) as DIR/Built.wmo and DIR/Built_000.wmo, for @wowserhq/format to read (check_models.mjs).
//   wmo_sample DIR

#include "io/model/wmo_writer.h"
#include "support/wmo_builders.h"

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

bool save(const std::string& path, const std::vector<std::byte>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    out.close();
    if (!out) {
        std::fprintf(stderr, "wmo_sample: could not write %s\n", path.c_str());
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: wmo_sample DIR\n");
        return 2;
    }
    const std::string dir = argv[1];
    const bool ok =
        save(dir + "/Built.wmo", mapsmith::io::writeWmoRoot(mapsmith::tests::builtWmoRoot())) &&
        save(dir + "/Built_000.wmo", mapsmith::io::writeWmoGroup(mapsmith::tests::builtWmoGroup()));
    return ok ? 0 : 3;
}
