#!/usr/bin/env bash
# Class benchmark: how long `grader verify --class` takes to grade a class of learners'
# checkouts, on one core and on two, and how well it scales.
#
#   bash scripts/class_bench.sh              # a class of 100, one run per core count
#   bash scripts/class_bench.sh --readme     # also rewrite the figure in the guide
#   CLASS_SIZE=20 RUNS=3 bash scripts/class_bench.sh
#
# The class is realistic: learner i has solved the first i mod (n + 1) of the course's n
# exercises (none to all), and each solved file carries a line of its own, as every learner's code differs
# (so no build is shared; untouched stubs are the same bytes, as they are in a real
# class). Timed with hyperfine (installed from Debian's packages when missing); each
# run writes its reports afresh. Machines here are shared and noisy: read the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
size=${CLASS_SIZE:-100}
runs=${RUNS:-1}

if ! command -v hyperfine >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null
fi
cargo build --quiet --package grader
grader="$root/target/debug/grader"
mapfile -t exercises < <(sed -n 's/^name = "\(.*\)"$/\1/p' workbook.toml)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
class="$work/class"
for i in $(seq 1 "$size"); do
    learner="$class/learner$(printf %03d "$i")"
    mkdir -p "$learner"
    cp -r workbook.toml exercises "$learner/"
    solved=$((i % (${#exercises[@]} + 1)))
    for j in "${!exercises[@]}"; do
        exercise=${exercises[$j]}
        # The exercise's one file: src/lib.rs, or src/main.rs for a program.
        name=$(basename "$(ls exercises/"$exercise"/src/*.rs)")
        file="$learner/exercises/$exercise/src/$name"
        if [ "$j" -lt "$solved" ]; then
            cp "solutions/$exercise/src/$name" "$file"
            echo "// learner $i" >> "$file"
        else
            cp "grader/stubs/$exercise.rs" "$file"
        fi
    done
done

# Warm the grader's runner library and rustc's caches once.
"$grader" verify --workbook "$class/learner001" >/dev/null || true

hyperfine --runs "$runs" --shell=bash --export-json "$work/class.json" \
    --prepare "rm -rf $work/out" \
    --command-name "1 core" "taskset -c 0 $grader verify --class $class --out $work/out" \
    --command-name "2 cores" "taskset -c 0,1 $grader verify --class $class --out $work/out"

python3 - "$work/class.json" "$size" "${1:-}" "${#exercises[@]}" <<'EOF'
import json, os, sys
sys.path.insert(0, "scripts")
from figures import write_figures
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
size = int(sys.argv[2])
print()
print(f"| cores | class of {size} | per learner | CPU (user + system) |")
print("|---|---|---|---|")
for name in ["1 core", "2 cores"]:
    r = results[name]
    cpu = r["user"] + r["system"]
    print(f"| {name} | {r['mean']:.0f} s | {r['mean'] / size:.2f} s | {cpu:.0f} s |")
one, two = results["1 core"]["mean"], results["2 cores"]["mean"]
print()
print(f"scaling: {one / two:.2f}x faster on 2 cores than on 1")
print(f"load average after the runs: {os.getloadavg()[0]:.1f} (on {os.cpu_count()} cores)")
if sys.argv[3] == "--readme":
    two_cores = results["2 cores"]
    line = (f"a class of {size} checkouts of the {sys.argv[4]} exercises took "
            f"{two_cores['mean']:.0f} s on 2 cores ({two_cores['mean'] / size:.1f} s per learner, "
            f"{(two_cores['user'] + two_cores['system']) / size:.1f} s of CPU each), "
            f"{one / two:.2f}x faster than on 1 core")
    write_figures({"class": line})
EOF
