#!/usr/bin/env bash
# A long libFuzzer campaign of one target, outside CI (tests/fuzz/README.md):
#   scripts/fuzz-long.sh TARGET SECONDS [JOBS]
# TARGET: adt, fuzz_adt, ... (tests/fuzz/fuzz_*.cpp). Builds the fuzz tree (build-fuzz, clang, ASan+UBSan)
# when the target is missing, then fuzzes at nice 19 from the target's seeds (tests/fuzz/seeds/<name>) and
# dictionary (tests/fuzz/dict) into a corpus kept between runs (build-fuzz/long/<name>). JOBS > 1 runs
# libFuzzer's fork mode with that many workers. Ends with one summary line; exits non-zero on a finding
# (crash, leak, timeout, out of memory), whose input is kept in build-fuzz/long/<name>-findings.
# Environment: FUZZ_RSS_MB (default 2048), FUZZ_TIMEOUT (seconds per input, default 10), FUZZ_BUILD_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: scripts/fuzz-long.sh TARGET SECONDS [JOBS]" >&2
    exit 2
fi
name=${1#fuzz_}
seconds=$2
jobs=${3:-1}
build=${FUZZ_BUILD_DIR:-build-fuzz}
rss=${FUZZ_RSS_MB:-2048}
timeout=${FUZZ_TIMEOUT:-10}

# The dictionary of each target (tests/CMakeLists.txt registers the same pairs for the CI runs).
case $name in
adt | adt_split) dict=adt ;;
alpha_rle) dict=alpha ;;
hmp | mdl) dict=gamestudio ;;
alpha_wdt | blp | m2 | mclq | mdx | mh2o | minimap | placement_csv | wdl | wdt | wmo) dict=$name ;;
*)
    echo "fuzz-long: unknown target '$1' (tests/fuzz/fuzz_*.cpp)" >&2
    exit 2
    ;;
esac

binary=$build/tests/fuzz/fuzz_$name
if [ ! -x "$binary" ]; then
    if [ ! -f "$build/build.ninja" ]; then
        cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMAPSMITH_FUZZ_ONLY=ON \
            -DCMAKE_CXX_COMPILER=clang++ >/dev/null
    fi
    nice -n 19 cmake --build "$build" -j2 --target "fuzz_$name"
fi

corpus=$build/long/$name
findings=$build/long/$name-findings
log=$build/long/$name.log
mkdir -p "$corpus" "$findings"

options=(-max_total_time="$seconds" -rss_limit_mb="$rss" -timeout="$timeout" -print_final_stats=1
    -dict=tests/fuzz/dict/$dict.dict -artifact_prefix="$findings/")
if [ "$jobs" -gt 1 ]; then
    options+=(-fork="$jobs")
fi

# UBSan only reports and goes on unless told to stop: a finding must end the run and keep its input.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

start=$(date +%s)
status=0
# CPU seconds too: on a shared machine a niced fuzzer gets a fraction of a core.
TIMEFORMAT='%U %S'
{ time nice -n 19 "$binary" "${options[@]}" "$corpus" "tests/fuzz/seeds/$name" >"$log" 2>&1 || status=$?; } \
    2>"$log.time"
elapsed=$(($(date +%s) - start))
cpu=$(awk '{ printf "%d", $1 + $2 }' "$log.time")

# The last status line: "#N ... cov: C ft: F corp: U/S ..." (fork mode: "#N: cov: C ft: F corp: U ...").
last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
execs=$(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
if [ -z "$execs" ]; then
    execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$last")
fi
field() { grep -oE "$1:? [0-9]+" <<<"$last" | grep -oE '[0-9]+$' || echo "?"; }
units=$(find "$corpus" -type f | wc -l)
bytes=$(du -sk "$corpus" | cut -f1)
rate=$((${execs:-0} / (elapsed > 0 ? elapsed : 1)))
cpuRate=$((${execs:-0} / (cpu > 0 ? cpu : 1)))
found=$(find "$findings" -type f | wc -l)
echo "fuzz_$name: ${execs:-0} executions in ${elapsed} s, ${rate} exec/s (${cpu} CPU s, ${cpuRate} per CPU s)," \
    "cov $(field cov) ft $(field ft)," \
    "corpus ${units} inputs ${bytes} KB, findings ${found}, exit ${status} (log ${log})"
if [ "$status" -ne 0 ]; then
    echo "fuzz-long: finding kept in ${findings}:" >&2
    ls -l "$findings" >&2
    grep -m3 -E 'ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer|LeakSanitizer)|runtime error' \
        "$log" >&2 || true
fi
exit "$status"
