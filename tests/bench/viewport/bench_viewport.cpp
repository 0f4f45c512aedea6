// Viewport benchmarks (issue 4): the frame time of a 3x3-tile scene under the machine's OpenGL
// (Mesa llvmpipe in CI), building that scene, and re-uploading one chunk after an edit.
// Needs an X display: xvfb-run -a -s "-screen 0 1280x800x24" build/tests/bench/mapsmith-viewport-bench

#include "bench_model_scene.h"
#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"
#include "editor/viewport/terrain_viewport.h"
#include "support/memory_map.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>

#include <malloc.h>

#include <memory>

using namespace mapsmith;

namespace {

std::vector<core::TileCoord> block3x3() {
    std::vector<core::TileCoord> tiles;
    for (int y = 31; y <= 33; ++y) {
        for (int x = 31; x <= 33; ++x) {
            tiles.push_back({x, y});
        }
    }
    return tiles;
}

// A shown 1024x678 viewport over a 3x3-tile hills map, looking across the block.
struct Scene {
    std::unique_ptr<core::MapDocument> doc = tests::hillsMap(block3x3());
    editor::TerrainViewport view;
    editor::CameraPose pose;

    Scene() {
        view.resize(1024, 678);
        view.show();
        QApplication::processEvents();
        view.setDocument(doc.get());
        const glm::dvec2 c = core::tileOrigin({32, 32}) - glm::dvec2(core::kTileSize / 2.0);
        pose = editor::poseLookingAt({c, *doc->heightAt(c)}, 30.0, -35.0, 1100.0);
        view.setCamera(pose.position, pose.yaw, pose.pitch);
        view.grabFrame(60000); // uploads everything
    }
};

// Announces a chunk as edited, through the edit path; nothing changes, so `edits` pushes no undo step.
// One recorder per benchmark: only its first edit of a chunk snapshots it.
void touch(core::StrokeRecorder& edits, const core::ChunkCoord& c, std::uint32_t dirtyBits) {
    const core::ChunkEdit edit = edits.edit(c, dirtyBits);
}

// Built on first use, destroyed in main() while the QApplication still exists.
std::unique_ptr<Scene> gScene;

Scene& scene() {
    if (!gScene) {
        gScene = std::make_unique<Scene>();
    }
    return *gScene;
}

// One frame: a capture completes at the end of the frame that serves it and grabFrame() waits for the
// second one, so each iteration times two frames of a turning camera and reports one.
void BM_ViewportFrame3x3(benchmark::State& state) {
    Scene& s = scene();
    int i = 0;
    for (auto _ : state) {
        s.view.setCamera(s.pose.position, s.pose.yaw + 0.5 * (i++ % 20), s.pose.pitch);
        QElapsedTimer clock;
        clock.start();
        const QImage frame = s.view.grabFrame(60000);
        state.SetIterationTime(double(clock.nsecsElapsed()) / 2e9);
        if (frame.isNull()) {
            state.SkipWithError("capture timed out");
            break;
        }
    }
    state.counters["chunks"] = 9 * 256;
}
BENCHMARK(BM_ViewportFrame3x3)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(10);

// Building the Qt 3D entities of 9 tiles (2,304 chunks) on the main thread.
void BM_ViewportSceneBuild3x3(benchmark::State& state) {
    Scene& s = scene();
    for (auto _ : state) {
        s.view.setDocument(nullptr);
        s.view.setDocument(s.doc.get());
    }
    state.counters["chunks"] = 9 * 256;
}
BENCHMARK(BM_ViewportSceneBuild3x3)->Unit(benchmark::kMillisecond)->Iterations(5);

// One chunk's vertices after a height edit (dirty Vertices | Normals), main-thread side, with the
// event processing the app does between dabs (Qt 3D syncs the change to its backend there).
void BM_ChunkVertexReupload(benchmark::State& state) {
    Scene& s = scene();
    const core::ChunkCoord chunk{{32, 32}, 8, 8};
    core::StrokeRecorder edits(*s.doc, core::CommandId::HeightStroke, QStringLiteral("Bench"));
    for (auto _ : state) {
        touch(edits, chunk, core::dirty::Vertices | core::dirty::Normals);
        s.view.applyPendingChanges();
        QCoreApplication::processEvents();
    }
}
BENCHMARK(BM_ChunkVertexReupload)->Unit(benchmark::kMicrosecond);

// One chunk's 64x64 blend layer and layer slices after a texture-paint edit (dirty Alpha).
void BM_ChunkBlendReupload(benchmark::State& state) {
    Scene& s = scene();
    const core::ChunkCoord chunk{{32, 32}, 8, 8};
    core::StrokeRecorder edits(*s.doc, core::CommandId::AlphaStroke, QStringLiteral("Bench"));
    for (auto _ : state) {
        touch(edits, chunk, core::dirty::Alpha);
        s.view.applyPendingChanges();
        QCoreApplication::processEvents();
    }
}

// A typical dab: 16 chunks (4 x 4) of one tile re-uploaded in one go (dirty Vertices | Normals).
void BM_DabReupload16Chunks(benchmark::State& state) {
    Scene& s = scene();
    core::StrokeRecorder edits(*s.doc, core::CommandId::HeightStroke, QStringLiteral("Bench"));
    for (auto _ : state) {
        for (int r = 6; r < 10; ++r) {
            for (int c = 6; c < 10; ++c) {
                touch(edits, {{32, 32}, r, c}, core::dirty::Vertices | core::dirty::Normals);
            }
        }
        s.view.applyPendingChanges();
        QCoreApplication::processEvents();
    }
}
BENCHMARK(BM_DabReupload16Chunks)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ChunkBlendReupload)->Unit(benchmark::kMicrosecond);

// From a height edit of one chunk to a captured frame that shows it.
void BM_EditToFrame(benchmark::State& state) {
    Scene& s = scene();
    const core::ChunkCoord chunk{{32, 32}, 8, 8};
    core::StrokeRecorder edits(*s.doc, core::CommandId::HeightStroke, QStringLiteral("Bench"));
    for (auto _ : state) {
        touch(edits, chunk, core::dirty::Vertices | core::dirty::Normals);
        s.view.applyPendingChanges();
        if (s.view.grabFrame(60000).isNull()) {
            state.SkipWithError("capture timed out");
            break;
        }
    }
}
BENCHMARK(BM_EditToFrame)->Unit(benchmark::kMillisecond)->Iterations(5);

} // namespace

int main(int argc, char** argv) {
    // As the editor's main() does (editor/main.cpp): no heap trimming between large frames.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    qputenv("QT3D_RENDERER", "opengl");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    gScene.reset();
    destroyModelBenchScene();
    return 0;
}
