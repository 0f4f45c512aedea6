// The model browser's core work: listing the game data's models (20,000 M2s and WMO roots among skins,
// WMO group files and textures, as a client's listfiles mix them) and drawing a preview of the corpus
// rabbit and tent once their meshes and textures are decoded (the browser's cost per model shown).

#include "core/models/model_catalog.h"
#include "core/models/model_library.h"
#include "core/models/model_preview.h"
#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"
#include "support/memory_asset_source.h"
#include "support/test_blp.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <string>

using namespace mapsmith;

namespace {

// 15,000 M2s with their skins, 5,000 WMO roots with two groups each, 20,000 textures: 20,000 models
// among 75,000 files, in 200 folders.
const test::MemoryAssetSource& manyNames() {
    static const auto source = [] {
        auto made = std::make_unique<test::MemoryAssetSource>();
        test::MemoryAssetSource& s = *made;
        const std::string_view none;
        for (int i = 0; i < 15000; ++i) {
            const std::string stem = "World\\Zone" + std::to_string(i % 200) + "\\Doodad" + std::to_string(i);
            s.add(stem + ".m2", none);
            s.add(stem + "00.skin", none);
        }
        for (int i = 0; i < 5000; ++i) {
            const std::string stem =
                "World\\wmo\\Zone" + std::to_string(i % 200) + "\\Building" + std::to_string(i);
            s.add(stem + ".wmo", none);
            s.add(stem + "_000.wmo", none);
            s.add(stem + "_001.wmo", none);
        }
        for (int i = 0; i < 20000; ++i) {
            s.add("World\\Zone" + std::to_string(i % 200) + "\\Texture" + std::to_string(i) + ".blp", none);
        }
        return made;
    }();
    return *source;
}

void BM_ListPlaceableModels(benchmark::State& state) {
    const auto& source = manyNames();
    std::size_t listed = 0;
    for (auto _ : state) {
        const auto models = core::listPlaceableModels(source);
        listed = models.size();
        benchmark::DoNotOptimize(models.data());
    }
    state.counters["models"] = double(listed); // 20,000
}
BENCHMARK(BM_ListPlaceableModels)->Unit(benchmark::kMillisecond);

// The mesh of `name` (decoded once) and textures already in the cache: only the drawing is measured.
void previewAfterDecode(benchmark::State& state, core::ObjectKind kind, const std::string& name) {
    auto source = std::make_shared<test::MemoryAssetSource>();
    const auto corpus = [](const char* file) {
        return tests::readBytes(tests::corpusPath(std::string("models/") + file));
    };
    source->add("World\\Critter\\Rabbit.m2", corpus("Rabbit.m2"));
    source->add("World\\Critter\\Rabbit00.skin", corpus("Rabbit00.skin"));
    source->add("World\\wmo\\TrollTent.wmo", corpus("trolltent.wmo"));
    source->add("World\\wmo\\TrollTent_000.wmo", corpus("trolltent_000.wmo"));
    core::ModelLibrary library(source);
    const auto mesh = library.geometry(kind, name).mesh;
    if (!mesh) {
        state.SkipWithError("model not read");
        return;
    }
    for (const core::ModelMaterial& m : mesh->materials) {
        if (!m.texture.empty()) {
            source->add(m.texture, test::solidBlp(QColor(180, 120, 60), io::BlpWriteFormat::Dxt1, 256));
        }
    }
    auto cache = std::make_shared<io::TextureCache>();
    cache->setSource(source);
    const core::PreviewTextureFn textures =
        [cache](const std::string& path) -> std::shared_ptr<const io::CachedTexture> {
        auto t = cache->get(path, 256);
        return t ? *t : nullptr;
    };
    (void)core::renderModelPreview(*mesh, {}, textures); // decodes the textures
    for (auto _ : state) {
        QImage image = core::renderModelPreview(*mesh, {}, textures);
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["triangles"] = double(mesh->triangleCount());
}

void BM_PreviewRabbit(benchmark::State& state) {
    previewAfterDecode(state, core::ObjectKind::Doodad, "World\\Critter\\Rabbit.m2");
}
BENCHMARK(BM_PreviewRabbit)->Unit(benchmark::kMillisecond);

void BM_PreviewTent(benchmark::State& state) {
    previewAfterDecode(state, core::ObjectKind::Wmo, "World\\wmo\\TrollTent.wmo");
}
BENCHMARK(BM_PreviewTent)->Unit(benchmark::kMillisecond);

} // namespace
