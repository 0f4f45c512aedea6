// Minimap speed: render one real tile top-down on the CPU (corpus continent4229: 4-bit alpha maps over
// up to four layers per chunk, MH2O, a chunk with holes) at 256 and 512 px, its layer textures prepared
// beforehand (Mapsmith's stand-ins: no game data), and encode the 256 px image as the DXT1 BLP2 with mips
// that the client reads.

#include "core/render/layer_images.h"
#include "core/render/minimap_export.h"
#include "core/render/minimap_renderer.h"
#include "io/adt/adt.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <optional>

namespace {

using namespace mapsmith;

std::optional<io::Adt> corpusTile() {
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
    return read ? std::optional<io::Adt>(std::move(read->adt)) : std::nullopt;
}

void BM_MinimapRenderTile(benchmark::State& state) {
    const auto tile = corpusTile();
    if (!tile) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    core::MinimapSettings settings;
    settings.size = int(state.range(0));
    core::LayerImages textures(nullptr, core::minimapTextureSide(settings));
    (void)core::renderMinimap(*tile, textures, settings); // textures prepared once
    for (auto _ : state) {
        QImage image = core::renderMinimap(*tile, textures, settings);
        benchmark::DoNotOptimize(image);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MinimapRenderTile)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

void BM_MinimapEncodeBlp(benchmark::State& state) {
    const auto tile = corpusTile();
    if (!tile) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    core::MinimapSettings settings;
    core::LayerImages textures(nullptr, core::minimapTextureSide(settings));
    const QImage image = core::renderMinimap(*tile, textures, settings);
    for (auto _ : state) {
        auto blp = core::encodeMinimapBlp(image);
        benchmark::DoNotOptimize(blp);
        if (blp.empty()) {
            state.SkipWithError("encode failed");
            break;
        }
    }
}
BENCHMARK(BM_MinimapEncodeBlp)->Unit(benchmark::kMillisecond);

} // namespace
