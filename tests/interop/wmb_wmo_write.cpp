// Writes the WMO Mapsmith builds from a Gamestudio level's blocks (core/convert/wmb_wmo.h) into a folder, for
// the interop test to read with @wowserhq/format:
//   wmb_wmo_write LEVEL.wmb OUTDIR
// writes OUTDIR/<name>.wmo, OUTDIR/<name>_NNN.wmo and the BLPs (the game folder left out), name = LEVEL's
// stem. Exits 1 with the reason on stderr when the level does not read, does not convert or a file cannot be
// written.

#include "core/convert/wmb_wmo.h"
#include "io/gamestudio/wmb.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

int main(int argc, char** argv) {
    using namespace mapsmith;
    if (argc != 3) {
        std::fprintf(stderr, "usage: wmb_wmo_write LEVEL.wmb OUTDIR\n");
        return 2;
    }
    const std::filesystem::path levelPath(argv[1]);
    const std::filesystem::path outDir(argv[2]);
    std::ifstream in(levelPath, std::ios::binary);
    const std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto level = io::readWmb(std::as_bytes(std::span(chars)));
    if (!level) {
        std::fprintf(stderr, "%s: %s\n", argv[1], level.error().describe().c_str());
        return 1;
    }
    core::WmbWmoOptions options;
    options.name = levelPath.stem().string();
    const auto wmo = core::buildWmoFromWmb(*level, options);
    if (!wmo) {
        std::fprintf(stderr, "%s: %s\n", argv[1], wmo.error().describe().c_str());
        return 1;
    }
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    for (const auto& file : core::wmoOutputFiles(*wmo)) {
        const std::filesystem::path path = outDir / file.gamePath;
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(file.bytes.data()), std::streamsize(file.bytes.size()));
        if (!out) {
            std::fprintf(stderr, "%s: could not be written\n", path.string().c_str());
            return 1;
        }
    }
    return 0;
}
