#!/usr/bin/env bash
# Save-to-verdict benchmark: how long `grader run` takes from an edited exercise to its
# verdict, beside the floor, a bare `rustc --test` compile-and-run of the same code, in
# one hyperfine run (machines here are shared and noisy: compare ratios, not seconds);
# then how long `grader watch` takes from a save to the verdict on screen.
#
#   bash scripts/bench.sh            # measure and print
#   bash scripts/bench.sh --readme   # also rewrite the figures in README.md
#
# Needs hyperfine (installed from Debian's packages when missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if ! command -v hyperfine >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null
fi
cargo build --quiet --package grader
grader="$root/target/debug/grader"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A learner's checkout with the first exercise solved.
cp -r workbook.toml exercises solutions lessons "$work/"
mkdir -p "$work/grader" && cp -r grader/stubs "$work/grader/"
cp solutions/xor_all/src/lib.rs "$work/exercises/xor_all/src/lib.rs"
file="$work/exercises/xor_all/src/lib.rs"

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

# Warm everything once (the grader's runner library, rustc's caches).
(cd "$work" && "$grader" run xor_all >/dev/null)

# Every timed run starts from an edited file, as after a save.
edit_floor="echo '// edit' >> $floor/lib.rs"
edit_exercise="echo '// edit' >> $file"
hyperfine --warmup 3 --runs "${RUNS:-20}" --shell=bash --export-json "$work/bench.json" \
    --command-name "floor: rustc --test + run" --prepare "$edit_floor" \
    "rustc --edition 2024 --test $floor/lib.rs -o $floor/floor && $floor/floor -q" \
    --command-name "grader run" --prepare "$edit_exercise" \
    "cd $work && $grader run xor_all" \
    --command-name "cargo grader run" --prepare "$edit_exercise" \
    "cd $work && cargo run --quiet --manifest-path $root/Cargo.toml --package grader -- run xor_all"

# Watch mode: save the file, time until the new verdict is printed (stdout is a pipe, so
# watch prints each screen in full). Without progress, watch starts on xor_all.
rm -f "$work/.xorlings-progress.toml"
python3 - "$grader" "$work" "$file" "${RUNS:-20}" > "$work/watch.json" <<'EOF'
import json, os, queue, statistics, subprocess, sys, threading, time
grader, work, file, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
watch = subprocess.Popen([grader, "watch"], cwd=work, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         env={**os.environ, "NO_COLOR": "1"}, text=True)
verdicts = queue.Queue()
def read():
    for line in watch.stdout:
        if "passed all" in line:
            verdicts.put(time.monotonic())
threading.Thread(target=read, daemon=True).start()
verdicts.get(timeout=60)
times = []
for i in range(runs):
    time.sleep(0.3)  # let the previous save settle, as between two saves by a person
    start = time.monotonic()
    with open(file, "a") as f:
        f.write(f"// edit {i}\n")
    times.append(verdicts.get(timeout=60) - start)
watch.terminate()
print(json.dumps({"median": statistics.median(times)}))
EOF

python3 - "$work/bench.json" "${1:-}" "$work/watch.json" <<'EOF'
import json, re, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
results["grader watch: save to verdict on screen"] = json.load(open(sys.argv[3]))
floor = results["floor: rustc --test + run"]["median"]
lines = []
for name, r in results.items():
    lines.append(f"| {name} | {r['median'] * 1000:.0f} ms | {r['median'] / floor:.2f}x |")
table = "| command (edited exercise to verdict) | median | vs floor |\n|---|---|---|\n" + "\n".join(lines)
print(table)
if sys.argv[2] == "--readme":
    readme = open("README.md").read()
    new = re.sub(r"(<!-- bench:start -->\n).*?(\n<!-- bench:end -->)",
                 lambda m: m.group(1) + table + m.group(2), readme, flags=re.S)
    open("README.md", "w").write(new)
    print("README.md updated.")
EOF
