#!/usr/bin/env bash
# Save-to-verdict benchmark, in one hyperfine run: how long `grader run` takes from an
# edited exercise to its verdict, beside the floor (a bare `rustc --test` compile-and-run
# of the same code), and how long a running `grader watch` takes from a save to the new
# verdict on its screen. Machines here are shared and noisy: compare ratios, not seconds.
# Then the cold first start: a fresh copy of the workbook with an empty target folder
# (crates already downloaded), from `cargo grader watch` to the first verdict on screen.
#
#   bash scripts/bench.sh            # measure and print
#   bash scripts/bench.sh --readme   # also rewrite the figures in the README and the guide
#   RUNS=10 COLD=0 bash scripts/bench.sh   # fewer runs, no cold start (it builds
#                                          # every crate: minutes)
#
# Needs hyperfine (installed from Debian's packages when missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${RUNS:-20}

if ! command -v hyperfine >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null
fi
cargo build --quiet --package grader
grader="$root/target/debug/grader"

work=$(mktemp -d)
watch_pid=
cleanup() {
    if [ -n "$watch_pid" ]; then kill "$watch_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# A learner's checkout (exercises in `exercises/<name>/`) with the first exercise solved;
# the grader keeps its builds in its `target/xorlings`.
checkout() {
    mkdir -p "$1/grader"
    cp -r workbook.toml exercises solutions lessons "$1/"
    cp -r grader/stubs "$1/grader/"
    cp solutions/xor_all/src/lib.rs "$1/exercises/xor_all/src/lib.rs"
}
# One for `grader run`, one for watch: watch grades every save in its own.
checkout "$work/run"
checkout "$work/watch"
file="$work/run/exercises/xor_all/src/lib.rs"

# The floor: the same code with a test of its own, compiled and run by rustc alone.
floor="$work/floor"
mkdir -p "$floor"
cp "$file" "$floor/lib.rs"
cat >> "$floor/lib.rs" <<'EOF'

#[test]
fn examples() {
    assert_eq!(xor_all(&[3, 4, 5]), 2);
    assert_eq!(xor_all(&[]), 0);
}
EOF

# Saves the exercise under watch, then returns once watch prints the new verdict: a
# small compiled program, so that it adds no interpreter's start to the time.
cat > "$work/save_and_wait.rs" <<'EOF'
use std::io::{Read, Seek, SeekFrom, Write};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (file, screen) = (&args[1], &args[2]);
    let mut log = std::fs::File::open(screen).expect("watch's screen");
    log.seek(SeekFrom::End(0)).unwrap();
    let mut saved = std::fs::OpenOptions::new().append(true).open(file).unwrap();
    saved.write_all(b"// edit\n").unwrap();
    drop(saved);
    let started = Instant::now();
    let mut seen = Vec::new();
    while started.elapsed() < Duration::from_secs(60) {
        log.read_to_end(&mut seen).unwrap();
        if seen.windows(10).any(|w| w == b"passed all") {
            return;
        }
        std::thread::sleep(Duration::from_micros(500));
    }
    panic!("no verdict on watch's screen within a minute");
}
EOF
rustc --edition 2024 -O -o "$work/save_and_wait" "$work/save_and_wait.rs"

# Warm everything once (the grader's runner library, rustc's caches).
(cd "$work/run" && "$grader" run xor_all >/dev/null)
(cd "$work/floor" && rustc --edition 2024 --test lib.rs -o floor && ./floor -q >/dev/null)

# Watch, with its screen in a file (stdout is not a terminal, so it prints each screen
# in full); without progress it starts on xor_all, and grades it once.
(cd "$work/watch" && NO_COLOR=1 exec "$grader" watch </dev/null >"$work/screen" 2>&1) &
watch_pid=$!
for _ in $(seq 600); do
    grep -q "passed all" "$work/screen" 2>/dev/null && break
    sleep 0.1
done
grep -q "passed all" "$work/screen" || { echo "watch never showed a verdict" >&2; exit 1; }

# Every timed run starts from an edited file, as after a save (watch saves its own; the
# pause lets the previous save settle, as between two saves by a person).
hyperfine --warmup 3 --runs "$runs" --shell=bash --export-json "$work/bench.json" \
    --command-name "floor: rustc --test + run" \
    --prepare "echo '// edit' >> $floor/lib.rs" \
    "cd $floor && rustc --edition 2024 --test lib.rs -o floor && ./floor -q" \
    --command-name "grader run" \
    --prepare "echo '// edit' >> $file" \
    "cd $work/run && $grader run xor_all" \
    --command-name "cargo grader run" \
    --prepare "echo '// edit' >> $file" \
    "cd $work/run && cargo run --quiet --manifest-path $root/Cargo.toml --package grader -- run xor_all" \
    --command-name "grader watch: save to verdict on screen" \
    --prepare "sleep 0.3" \
    "$work/save_and_wait $work/watch/exercises/xor_all/src/lib.rs $work/screen"
kill "$watch_pid" 2>/dev/null || true
watch_pid=

# The cold first start: a fresh copy with an empty target folder; `cargo grader watch`
# builds the grader, then the runner library, then grades the first exercise (its stub).
# COLD_RUNS times (3 by default), each from an empty target folder: the median counts.
cold=
if [ "${COLD:-1}" != 0 ]; then
    fresh="$work/fresh"
    mkdir -p "$fresh"
    cp -r Cargo.toml Cargo.lock .cargo grader workbook.toml exercises solutions lessons "$fresh/"
    cold=$(cd "$fresh" && python3 - "${COLD_RUNS:-3}" <<'EOF'
import os, shutil, statistics, subprocess, sys, time
target = os.path.join(os.getcwd(), "target")
env = {**os.environ, "CARGO_TARGET_DIR": target, "CARGO_NET_OFFLINE": "true", "NO_COLOR": "1"}
times = []
for _ in range(int(sys.argv[1])):
    shutil.rmtree(target, ignore_errors=True)
    started = time.monotonic()
    watch = subprocess.Popen(["cargo", "grader", "watch"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                             text=True)
    for line in watch.stdout:
        if "panicked on hidden case" in line:
            times.append(time.monotonic() - started)
            break
    watch.terminate()
    watch.wait()
print("cold first starts: " + ", ".join(f"{t:.1f} s" for t in times), file=sys.stderr)
print(f"{statistics.median(times):.1f}")
EOF
)
fi

python3 - "$work/bench.json" "${1:-}" "$cold" <<'EOF'
import json, sys
sys.path.insert(0, "scripts")
from figures import write_figures
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
floor = results["floor: rustc --test + run"]["median"]
lines = []
for name, r in results.items():
    lines.append(f"| {name} | {r['median'] * 1000:.0f} ms | {r['median'] / floor:.2f}x |")
table = "| command (edited exercise to verdict) | median | vs floor |\n|---|---|---|\n" + "\n".join(lines)
print(table)
run = results["grader run"]["median"]
watch = results["grader watch: save to verdict on screen"]["median"]
print(f"\ngrader run: {run / floor:.2f}x the floor (the aim: 1.5x at most); "
      f"watch: floor {'+' if watch >= floor else '-'} {abs(watch - floor) * 1000:.0f} ms "
      f"(the aim: + 100 ms at most).")
if sys.argv[3]:
    print(f"Cold first start (empty target folder, crates downloaded): `cargo grader watch` "
          f"to the first verdict on screen in {sys.argv[3]} s (median).")
if sys.argv[2] == "--readme":
    figures = {"bench": f"\n{table}\n"}
    if sys.argv[3]:
        figures["cold"] = f"{float(sys.argv[3]):.0f} s"
    write_figures(figures)
EOF
