#!/usr/bin/env bash
# Mutation testing of the hidden tests: cargo-mutants changes the reference solutions one
# small edit at a time (`^` into `|`, `>=` into `>`, a body into `0`...), and runs the
# solution's test `tests/hidden.rs`, which grades it with the hidden tests. Every viable
# mutant must make it fail. Equivalent mutants (that cannot change any answer) are
# excluded in .cargo/mutants.toml, each with its reason.
#
#   bash scripts/mutants.sh            # run and print the figures
#   bash scripts/mutants.sh --readme   # also rewrite the figure in the guide
#
# A benchmark, not part of `cargo test`: it takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo-mutants >/dev/null 2>&1; then
    cargo install --locked cargo-mutants
fi

packages=()
for dir in solutions/*/; do
    packages+=(--package "$(basename "$dir")_solution")
done

start=$(date +%s)
status=0
cargo mutants "${packages[@]}" --timeout 120 --output target/mutants -- --test hidden || status=$?
elapsed=$(( $(date +%s) - start ))

python3 - "$elapsed" "${1:-}" <<'PY'
import json, sys
sys.path.insert(0, "scripts")
from figures import write_figures
outcomes = json.load(open("target/mutants/mutants.out/outcomes.json"))
counts = {k: outcomes.get(k, 0) for k in ("total_mutants", "caught", "missed", "timeout", "unviable")}
line = (f"{counts['total_mutants']} mutants: {counts['caught']} caught, {counts['missed']} missed, "
        f"{counts['timeout']} timed out, {counts['unviable']} unviable (do not compile); "
        f"{sys.argv[1]} s on this machine")
print(line)
if sys.argv[2] == "--readme":
    write_figures({"mutants": f"\n{line}\n"})
PY
exit "$status"
