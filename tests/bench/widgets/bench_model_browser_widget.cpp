// The model browser in the editor with a large game data (20,000 models among 75,000 files): listing
// them and filling the browser's tree, as a change of the game data folders does, and one filter
// keystroke (the tree rebuilt for the matches). Widgets need a QApplication but no display:
//     QT_QPA_PLATFORM=offscreen build/tests/bench/mapsmith-widgets-bench

#include "editor/model_previews.h"
#include "support/memory_asset_source.h"
#include "widgets/model_browser.h"

#include <benchmark/benchmark.h>

#include <QApplication>

#include <memory>
#include <string>

using namespace mapsmith;

namespace {

// The same mix as bench_model_browser.cpp: 15,000 M2s with skins, 5,000 WMO roots with two groups each,
// 20,000 textures, in 200 folders.
const test::MemoryAssetSource& manyNames() {
    static const auto source = [] {
        auto made = std::make_unique<test::MemoryAssetSource>();
        const std::string_view none;
        for (int i = 0; i < 15000; ++i) {
            const std::string stem = "World\\Zone" + std::to_string(i % 200) + "\\Doodad" + std::to_string(i);
            made->add(stem + ".m2", none);
            made->add(stem + "00.skin", none);
        }
        for (int i = 0; i < 5000; ++i) {
            const std::string stem =
                "World\\wmo\\Zone" + std::to_string(i % 200) + "\\Building" + std::to_string(i);
            made->add(stem + ".wmo", none);
            made->add(stem + "_000.wmo", none);
            made->add(stem + "_001.wmo", none);
        }
        for (int i = 0; i < 20000; ++i) {
            made->add("World\\Zone" + std::to_string(i % 200) + "\\Texture" + std::to_string(i) + ".blp",
                      none);
        }
        return made;
    }();
    return *source;
}

// List the source's models and show them in a browser that showed none.
void BM_BrowserListAndFill20k(benchmark::State& state) {
    const auto& source = manyNames();
    int shown = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto browser = std::make_unique<widgets::ModelBrowser>();
        state.ResumeTiming();
        browser->setModels(editor::placeableModels(source));
        shown = browser->modelCount();
        state.PauseTiming();
        browser.reset();
        state.ResumeTiming();
    }
    state.counters["models"] = shown;
}
BENCHMARK(BM_BrowserListAndFill20k)->Unit(benchmark::kMillisecond);

// One keystroke of the filter over 20,000 models: "doodad1" (5,556 matches) and back to all of them.
void BM_BrowserFilterKeystroke20k(benchmark::State& state) {
    widgets::ModelBrowser browser;
    browser.setModels(editor::placeableModels(manyNames()));
    bool narrow = true;
    for (auto _ : state) {
        browser.setFilter(narrow ? QStringLiteral("doodad1") : QString());
        narrow = !narrow;
    }
}
BENCHMARK(BM_BrowserFilterKeystroke20k)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
