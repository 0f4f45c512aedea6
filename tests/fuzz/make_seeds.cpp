// Writes the generated fuzz seeds (tests/fuzz/seeds/README.md says which seed comes from where):
//   make_fuzz_seeds CORPUS_DIR SEEDS_DIR
// Chunk-level seeds are cut from the real corpus files (whole chunks, some shortened to a few entries) or
// written by the io writers from models read from the corpus; the others come from the test builders in
// tests/support. Plain C++ (no Qt), built in the fuzz tree.

#include "io/adt/adt.h"
#include "io/adt/alpha_codec.h"
#include "io/adt/mclq.h"
#include "io/adt/mh2o.h"
#include "io/binary/byte_writer.h"
#include "io/model/wmo_group.h"
#include "io/model/wmo_writer.h"

#include "support/mclq_tiles.h"
#include "support/model_builders.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace {

using namespace mapsmith;
using Bytes = std::vector<std::byte>;

std::string gCorpus;
std::string gSeeds;

Bytes readFile(const std::string& relative) {
    std::ifstream in(gCorpus + "/" + relative, std::ios::binary);
    const std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Bytes out(raw.size());
    std::memcpy(out.data(), raw.data(), raw.size());
    if (out.empty()) {
        std::fprintf(stderr, "cannot read %s/%s\n", gCorpus.c_str(), relative.c_str());
        std::exit(1);
    }
    return out;
}

void writeSeed(const std::string& target, const std::string& name, std::span<const std::byte> bytes) {
    const std::filesystem::path dir = std::filesystem::path(gSeeds) / target;
    std::filesystem::create_directories(dir);
    std::ofstream((dir / name).string(), std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    std::printf("%s/%s %zu\n", target.c_str(), name.c_str(), bytes.size());
}

void writeSeed(const std::string& target, const std::string& name, const std::vector<std::uint8_t>& bytes) {
    writeSeed(target, name, std::as_bytes(std::span(bytes)));
}

// One top-level chunk as stored: id (readable order), payload.
struct Chunk {
    std::string id;
    Bytes data;
};

std::vector<Chunk> chunksOf(const Bytes& file) {
    std::vector<Chunk> out;
    std::size_t at = 0;
    while (at + 8 <= file.size()) {
        std::uint32_t size = 0;
        std::memcpy(&size, file.data() + at + 4, 4);
        Chunk c;
        for (int i = 3; i >= 0; --i) {
            c.id.push_back(char(file[at + std::size_t(i)]));
        }
        const std::size_t end = std::min(file.size(), at + 8 + std::size_t(size));
        c.data.assign(file.begin() + std::ptrdiff_t(at + 8), file.begin() + std::ptrdiff_t(end));
        out.push_back(std::move(c));
        at = end;
    }
    return out;
}

Bytes join(const std::vector<Chunk>& chunks) {
    io::ByteWriter w;
    for (const Chunk& c : chunks) {
        for (int i = 3; i >= 0; --i) {
            w.u8(std::uint8_t(c.id[std::size_t(i)]));
        }
        w.u32(std::uint32_t(c.data.size()));
        w.bytes(std::span<const std::byte>(c.data));
    }
    return w.take();
}

// Keeps the first `mcnks` MCNKs (and every other chunk, shortened to `caps` bytes where given).
Bytes cutTile(const Bytes& file, std::size_t mcnks, const std::map<std::string, std::size_t>& caps,
              const std::vector<std::string>& drop = {}) {
    std::vector<Chunk> kept;
    std::size_t n = 0;
    for (Chunk& c : chunksOf(file)) {
        if (std::find(drop.begin(), drop.end(), c.id) != drop.end()) {
            continue;
        }
        if (c.id == "MCNK" && n++ >= mcnks) {
            continue;
        }
        if (auto it = caps.find(c.id); it != caps.end() && c.data.size() > it->second) {
            c.data.resize(it->second);
        }
        kept.push_back(std::move(c));
    }
    return join(kept);
}

Bytes payloadOf(const Bytes& file, const std::string& id) {
    for (Chunk& c : chunksOf(file)) {
        if (c.id == id) {
            return c.data;
        }
    }
    std::fprintf(stderr, "no %s chunk\n", id.c_str());
    std::exit(1);
}

io::Adt readTile(const std::string& relative) {
    auto r = io::readAdt(readFile(relative));
    if (!r) {
        std::fprintf(stderr, "cannot read %s\n", relative.c_str());
        std::exit(1);
    }
    return std::move(r->adt);
}

// ADT tiles cut down to a few MCNKs (the reader takes them leniently; the checks and the server map writer
// see them too). Name lists and placements shortened to a few entries.
void adtSeeds() {
    const std::map<std::string, std::size_t> caps = {{"MMDX", 96}, {"MMID", 16},     {"MWMO", 96},
                                                     {"MWID", 8},  {"MDDF", 4 * 36}, {"MODF", 2 * 64},
                                                     {"MTEX", 160}};
    writeSeed("adt", "azeroth_2_mcnk.adt", cutTile(readFile("adt/Azeroth_38_46.adt"), 2, caps));
    writeSeed("adt", "continent_1_mcnk_mh2o.adt",
              cutTile(readFile("adt/continent4229.adt"), 1, caps, {"MCIN"}));
    writeSeed("adt", "azeroth_1_mcnk_no_mcin.adt",
              cutTile(readFile("adt/Azeroth_38_46.adt"), 1, caps, {"MCIN", "MMDX", "MMID", "MWMO", "MWID"}));
}

// The MH2O chunk data: as stored in continent4229 (9 chunks with liquid), and written by writeMh2o from
// its first liquid instance in every vertex format, with an exists bitmap and attributes.
void mh2oSeeds() {
    writeSeed("mh2o", "continent4229.mh2o", payloadOf(readFile("adt/continent4229.adt"), "MH2O"));
    const io::Adt tile = readTile("adt/continent4229.adt");
    io::LiquidInstance base;
    for (const auto& c : tile.liquids->chunks) {
        if (!c.instances.empty()) {
            base = c.instances.front();
            break;
        }
    }
    io::Mh2o m;
    for (int f = 0; f < 4; ++f) {
        io::LiquidInstance in = base;
        in.xOffset = std::uint8_t(f);
        in.yOffset = 1;
        in.width = std::uint8_t(8 - f);
        in.height = 3;
        in.liquidObjectOrLvf = std::uint16_t(f);
        in.vertexFormat = io::LiquidVertexFormat(f);
        const std::size_t n = in.vertexCount();
        in.heights.assign(f == 2 ? 0 : n, base.minHeight);
        in.depths.assign(f == 1 ? 0 : n, std::uint8_t(7 * f));
        in.uvs.assign(f == 1 || f == 3 ? n : 0, io::LiquidUv{std::uint16_t(f), 3});
        in.existsBitmap = std::vector<std::uint8_t>((in.width * in.height + 7) / 8, std::uint8_t(0x5A + f));
        m.chunks[std::size_t(f * 17)].instances.push_back(in);
    }
    m.chunks[0].instances.push_back(base); // a second layer
    m.chunks[0].attributes = io::LiquidAttributes{0x00FF00FF00FF00FFull, 0x0F0F0F0F0F0F0F0Full};
    io::ByteWriter w;
    io::writeMh2o(m, w);
    writeSeed("mh2o", "four_formats.mh2o", w.take());
}

// Harness input: one byte of MCNK liquid flags (bit 0 river .. bit 3 slime), then the payload (encodeMclq
// of the test layers in tests/support/mclq_tiles.h).
void mclqSeeds() {
    const auto seed = [](const char* name, const io::MclqChunk& c, std::size_t trailing) {
        std::uint8_t flags = 0;
        for (const auto& l : c.layers) {
            flags |= std::uint8_t(1u << unsigned(l.kind));
        }
        const Bytes tail(trailing, std::byte{0x11});
        const Bytes payload = io::encodeMclq(c, tail);
        Bytes out{std::byte{flags}};
        out.insert(out.end(), payload.begin(), payload.end());
        writeSeed("mclq", name, out);
    };
    io::MclqChunk river;
    river.layers.push_back(tests::mclqLayer(io::MclqKind::River, 10.0f, 3, tests::MclqCells::Pattern, true));
    seed("river.bin", river, 0);
    io::MclqChunk two;
    two.layers.push_back(tests::mclqLayer(io::MclqKind::Ocean, 0.0f, 1, tests::MclqCells::All, false));
    two.layers.push_back(tests::mclqLayer(io::MclqKind::Magma, 5.0f, 2, tests::MclqCells::Corner, false));
    seed("ocean_magma.bin", two, 0);
    io::MclqChunk slime;
    slime.layers.push_back(tests::mclqLayer(io::MclqKind::Slime, -4.0f, 7, tests::MclqCells::Corner, true));
    seed("slime_trailing.bin", slime, 3);
    writeSeed("mclq", "stub.bin", Bytes{std::byte{0}}); // flags 0, empty payload (the 8-byte stubs)
}

// Alpha maps of continent4229 encoded by the codecs (the harness decodes any input with all three).
void alphaSeeds() {
    const io::Adt tile = readTile("adt/continent4229.adt");
    int written = 0;
    for (const auto& c : tile.chunks) {
        for (const auto& l : c.layers) {
            if (!l.hasAlpha || written >= 2) {
                continue;
            }
            std::vector<std::uint8_t> rle;
            io::encodeAlphaRle(l.alpha, rle);
            writeSeed("alpha_rle", "continent_rle_" + std::to_string(written) + ".bin", rle);
            if (written == 0) {
                std::vector<std::uint8_t> four;
                io::encodeAlpha4Bit(l.alpha, true, four);
                writeSeed("alpha_rle", "continent_4bit.bin", four);
                std::vector<std::uint8_t> eight;
                io::encodeAlpha8Bit(l.alpha, eight);
                writeSeed("alpha_rle", "continent_8bit.bin", eight);
            }
            ++written;
        }
    }
}

// WDT: the corpus file is 32 KB of which MAIN is 32,768 bytes (the format fixes it); a copy cut inside
// MAIN gives the error paths.
void wdtSeeds() {
    const Bytes wdt = readFile("adt/Azeroth.wdt");
    writeSeed("wdt", "Azeroth.wdt", wdt);
    writeSeed("wdt", "Azeroth_cut_in_main.wdt", std::span(wdt).first(std::min<std::size_t>(wdt.size(), 600)));
}

// M2 and skin files from the test builders (tests/support/model_builders.h) and the corpus skin.
void m2Seeds() {
    tests::M2Spec spec;
    writeSeed("m2", "built_8v.m2", tests::buildM2(spec));
    spec.vertexCount = 3;
    spec.sequenceCount = 0;
    spec.textures = {{1, ""}};
    spec.textureLookup = {0};
    writeSeed("m2", "built_3v.m2", tests::buildM2(spec));
    writeSeed("m2", "built_8v_4t.skin", tests::buildSkin(8, 4));
    writeSeed("m2", "Rabbit00.skin", readFile("models/Rabbit00.skin"));
}

// The corpus group cut to its first 4 triangles and the vertices they use (renumbered), one batch over them,
// its BSP cut to one node, plus a second UV set, two colour sets, doodad references and a 2 x 2 liquid: a
// group that reads strictly (what the fuzz target writes back), written by writeWmoGroup.
Bytes smallTentGroup(const Bytes& file) {
    auto read = io::readWmoGroup(file);
    if (!read) {
        std::fprintf(stderr, "make_fuzz_seeds: the corpus group does not read\n");
        std::exit(1);
    }
    io::WmoGroup g = *read;
    const std::size_t triangles = 4;
    std::map<std::uint16_t, std::uint16_t> renumbered;
    std::vector<std::uint16_t> indices;
    std::vector<std::size_t> used; // old vertex numbers in new order
    for (std::size_t i = 0; i < triangles * 3; ++i) {
        const auto [it, added] = renumbered.try_emplace(g.indices[i], std::uint16_t(used.size()));
        if (added) {
            used.push_back(g.indices[i]);
        }
        indices.push_back(it->second);
    }
    io::WmoGroup small = g;
    small.triangles.resize(triangles);
    small.indices = indices;
    small.vertices.clear();
    small.normals.clear();
    small.uvSets.assign(2, {});
    for (std::size_t v : used) {
        small.vertices.push_back(g.vertices[v]);
        small.normals.push_back(g.normals[v]);
        small.uvSets[0].push_back(g.uvSets[0][v]);
        small.uvSets[1].push_back({g.uvSets[0][v][1], g.uvSets[0][v][0]});
    }
    small.colorSets = {std::vector<std::uint32_t>(used.size(), 0xFF808080u),
                       std::vector<std::uint32_t>(used.size(), 0x40FFFFFFu)};
    small.batches.resize(1);
    small.batches[0].firstIndex = 0;
    small.batches[0].indexCount = std::uint16_t(indices.size());
    small.batches[0].firstVertex = 0;
    small.batches[0].lastVertex = std::uint16_t(used.size() - 1);
    small.transBatchCount = 0;
    small.interiorBatchCount = 0;
    small.exteriorBatchCount = 1;
    small.doodadRefs = {0, 1};
    io::WmoLiquid l;
    l.xVertices = 2;
    l.yVertices = 2;
    l.xTiles = 1;
    l.yTiles = 1;
    l.corner = g.bounds.min;
    l.vertexData = {0, 0, 0, 0};
    l.heights = {1.0f, 1.0f, 1.0f, 1.0f};
    l.tileFlags = {0x0F};
    small.liquid = l;
    for (io::WmoRawChunk& c : small.otherChunks) {
        c.data.resize(std::min<std::size_t>(c.data.size(), c.id == io::FourCC("MOBN") ? 16 : 8));
    }
    return io::writeWmoGroup(small);
}

// WMO: the corpus root (672 bytes), its group file with every sub-chunk shortened to a few entries, and a
// small group that reads strictly (smallTentGroup).
void wmoSeeds() {
    writeSeed("wmo", "trolltent.wmo", readFile("models/trolltent.wmo"));
    const Bytes group = readFile("models/trolltent_000.wmo");
    std::vector<Chunk> top = chunksOf(group);
    for (Chunk& c : top) {
        if (c.id != "MOGP" || c.data.size() < 68) {
            continue;
        }
        const std::map<std::string, std::size_t> caps = {
            {"MOPY", 2 * 8},  {"MOVI", 6 * 8},  {"MOVT", 12 * 16}, {"MONR", 12 * 16},
            {"MOTV", 8 * 16}, {"MOCV", 4 * 16}, {"MOBA", 24 * 1},  {"MODR", 2 * 4}};
        Bytes header(c.data.begin(), c.data.begin() + 68);
        Bytes rest(c.data.begin() + 68, c.data.end());
        std::vector<Chunk> subs = chunksOf(rest);
        for (Chunk& s : subs) {
            const auto it = caps.find(s.id);
            const std::size_t cap = it != caps.end() ? it->second : 64; // BSP nodes and the rest: a few
            if (s.data.size() > cap) {
                s.data.resize(cap);
            }
        }
        const Bytes body = join(subs);
        header.insert(header.end(), body.begin(), body.end());
        c.data = std::move(header);
    }
    writeSeed("wmo", "trolltent_000_cut.wmo", join(top));
    writeSeed("wmo", "trolltent_000_small.wmo", smallTentGroup(group));
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: make_fuzz_seeds CORPUS_DIR SEEDS_DIR\n");
        return 2;
    }
    gCorpus = argv[1];
    gSeeds = argv[2];
    adtSeeds();
    mh2oSeeds();
    mclqSeeds();
    alphaSeeds();
    wdtSeeds();
    m2Seeds();
    wmoSeeds();
    return 0;
}
