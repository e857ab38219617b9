#!/usr/bin/env bash
# How long the two tiers of tests take, measured as a newcomer meets them: in a fresh
# copy of the checkout (its tracked files, exercises at their stubs), with the crates
# already downloaded and the network off for cargo. Each round, one after the other:
#
#   build     `cargo build --package grader` from an empty target folder (the yardstick)
#   cold      `cargo test` from an empty target folder (everything built)
#   warm      `cargo test` again, nothing changed
#   e2e       `cargo e2e`, after the warm run (E2E=0 leaves it out: it takes minutes)
#
# Machines here are shared and noisy: the limits are ratios to the build in the same
# round (cold within 4x, warm within 1.2x), and the script fails when a round's median
# breaks one.
#
#   bash scripts/test_times.sh            # measure and print
#   bash scripts/test_times.sh --readme   # also rewrite the figures in README.md and docs/
#   ROUNDS=1 E2E=0 bash scripts/test_times.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Readable by the unprivileged user the autograders' tests grade as.
chmod 755 "$work"

# The tracked files, as a fresh clone has them (the exercises are the stubs there).
git ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$work")
for stub in "$work"/grader/stubs/*.rs; do
    name=$(basename "$stub" .rs)
    cp "$stub" "$work"/exercises/"$name"/src/*.rs
done
cargo fetch --quiet --manifest-path "$work/Cargo.toml"
# The browser test's driver, as `.ci/run` installs it (npm ci in scripts/browser).
if [ -d scripts/browser/node_modules ]; then
    cp -r scripts/browser/node_modules "$work/scripts/browser/"
fi

python3 - "$work" "${ROUNDS:-3}" "${E2E:-1}" "${1:-}" <<'EOF'
import os, shutil, statistics, subprocess, sys, time
sys.path.insert(0, "scripts")
from figures import write_figures

work, rounds, e2e, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3] != "0", sys.argv[4]
target = os.path.join(work, "target")
env = {**os.environ, "CARGO_TARGET_DIR": target, "CARGO_NET_OFFLINE": "true",
       "CARGO_TERM_COLOR": "never"}

def timed(*command):
    started = time.monotonic()
    done = subprocess.run(["cargo", *command], cwd=work, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"`cargo {' '.join(command)}` failed:\n{done.stdout[-4000:]}")
    return seconds

figures = {"build": [], "cold": [], "warm": [], "e2e": []}
for round in range(1, rounds + 1):
    shutil.rmtree(target, ignore_errors=True)
    figures["build"].append(timed("build", "--package", "grader"))
    shutil.rmtree(target, ignore_errors=True)
    figures["cold"].append(timed("test"))
    figures["warm"].append(timed("test"))
    if e2e:
        figures["e2e"].append(timed("e2e"))
    build = figures["build"][-1]
    print(f"round {round}: build {build:.1f} s, cargo test from nothing "
          f"{figures['cold'][-1]:.1f} s ({figures['cold'][-1] / build:.2f}x), warm "
          f"{figures['warm'][-1]:.1f} s ({figures['warm'][-1] / build:.2f}x)"
          + (f", cargo e2e {figures['e2e'][-1]:.0f} s" if e2e else ""), flush=True)

median = {name: statistics.median(times) for name, times in figures.items() if times}
ratios = {name: statistics.median(c / b for c, b in zip(figures[name], figures["build"]))
          for name in ("cold", "warm")}
print(f"medians: build {median['build']:.1f} s; cargo test from nothing {median['cold']:.1f} s "
      f"({ratios['cold']:.2f}x, at most 4x); warm {median['warm']:.1f} s "
      f"({ratios['warm']:.2f}x, at most 1.2x)"
      + (f"; cargo e2e {median['e2e'] / 60:.1f} min" if e2e else ""))

if mode == "--readme":
    values = {"tests-cold": f"{median['cold']:.0f} s", "tests-warm": f"{median['warm']:.0f} s"}
    if e2e:
        values["tests-e2e"] = f"{median['e2e'] / 60:.0f} minutes"
    write_figures(values)
if ratios["cold"] > 4 or ratios["warm"] > 1.2:
    sys.exit("a tier is slower than its limit")
EOF
