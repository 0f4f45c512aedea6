#pragma once
// The model benchmarks' scene (bench_model_scene.cpp) is built on first use; main() destroys it while the
// QApplication still exists.

void destroyModelBenchScene();
