// Model reader speed: the corpus rabbit (M2 + skin, 154 vertices, 107 triangles), a built M2 of 600
// vertices with a 1,000-triangle skin (the target: under 50 us for both), the corpus troll tent (WMO root +
// group, 1,228 triangles) and a built MDX of one geoset of 600 vertices and 1,000 triangles.

#include "io/model/m2.h"
#include "io/model/mdx.h"
#include "io/model/skin.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"
#include "support/model_builders.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

using Bytes = std::vector<std::byte>;

void readM2AndSkin(benchmark::State& state, const Bytes& m2File, const Bytes& skinFile) {
    for (auto _ : state) {
        auto m2 = mapsmith::io::readM2(m2File);
        auto skin = mapsmith::io::readM2Skin(skinFile);
        if (!m2 || !skin) {
            state.SkipWithError("read failed");
            break;
        }
        auto tris = mapsmith::io::m2TriangleIndices(*skin, m2->vertices.size());
        benchmark::DoNotOptimize(tris);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(m2File.size() + skinFile.size()));
}

void BM_M2SkinRabbit(benchmark::State& state) {
    readM2AndSkin(state, mapsmith::tests::readBytes(mapsmith::tests::corpusPath("models/Rabbit.m2")),
                  mapsmith::tests::readBytes(mapsmith::tests::corpusPath("models/Rabbit00.skin")));
}
BENCHMARK(BM_M2SkinRabbit)->Unit(benchmark::kMicrosecond);

void BM_M2Skin1000Triangles(benchmark::State& state) {
    mapsmith::tests::M2Spec spec;
    spec.vertexCount = 600;
    readM2AndSkin(state, mapsmith::tests::buildM2(spec), mapsmith::tests::buildSkin(600, 1000));
}
BENCHMARK(BM_M2Skin1000Triangles)->Unit(benchmark::kMicrosecond);

void BM_WmoTrollTent(benchmark::State& state) {
    const Bytes root = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("models/trolltent.wmo"));
    const Bytes group = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("models/trolltent_000.wmo"));
    for (auto _ : state) {
        auto r = mapsmith::io::readWmoRoot(root);
        auto g = mapsmith::io::readWmoGroup(group);
        if (!r || !g) {
            state.SkipWithError("read failed");
            break;
        }
        benchmark::DoNotOptimize(g);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(root.size() + group.size()));
}
BENCHMARK(BM_WmoTrollTent)->Unit(benchmark::kMicrosecond);

void BM_Mdx1000Triangles(benchmark::State& state) {
    mapsmith::tests::MdxSpec spec;
    spec.vertexCount = 600;
    spec.triangles = 1000;
    const Bytes file = mapsmith::tests::buildMdx(spec);
    for (auto _ : state) {
        auto mdx = mapsmith::io::readMdx(file);
        if (!mdx) {
            state.SkipWithError("read failed");
            break;
        }
        benchmark::DoNotOptimize(mdx);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(file.size()));
}
BENCHMARK(BM_Mdx1000Triangles)->Unit(benchmark::kMicrosecond);

} // namespace
