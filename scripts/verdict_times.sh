#!/usr/bin/env bash
# How long a learner waits for each recorded solution's verdict: every file under
# solutions/*/recorded/ is copied over its exercise in a fresh copy of the checkout (its
# tracked files) and graded with `grader run`, one after the other, from the start of the
# command to its verdict (the compile included). Prints the slowest, and fails when one
# takes longer than LIMIT seconds (10: the promise of docs/guide/speed.md, "every
# verdict within 10 s"), so that a new recorded solution or a slower model is caught.
#
#   bash scripts/verdict_times.sh
#   bash scripts/verdict_times.sh --readme   # also write the figures in docs/guide/speed.md
#   LIMIT=10 SHOWN=15 bash scripts/verdict_times.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
limit=${LIMIT:-10}
shown=${SHOWN:-10}

cargo build --quiet --package grader
grader=$(pwd)/target/debug/grader
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 cp --parents --target-directory="$copy"
cd "$copy"
# The runner library, built once, as after a learner's first grading.
NO_COLOR=1 "$grader" run xor_all >/dev/null 2>&1 || true

times=$(mktemp)
for solution in $(find solutions -path '*/recorded/*' -name '*.rs' | sort); do
    exercise=$(echo "$solution" | cut -d/ -f2)
    file=$(ls exercises/"$exercise"/src/*.rs | head -n 1)
    cp "$solution" "$file"
    start=$(date +%s%N)
    NO_COLOR=1 timeout 120 "$grader" run "$exercise" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    cp grader/stubs/"$exercise".rs "$file"
    echo "$(( (end - start) / 1000000 )) $solution" >>"$times"
done

count=$(wc -l <"$times")
echo "== the $shown slowest of $count recorded solutions, ms from start to verdict"
sort -rn "$times" | awk -v shown="$shown" 'NR <= shown'
slowest=$(awk '$1 > max { max = $1 } END { print max + 0 }' "$times")
rm -f "$times"
if (( slowest > limit * 1000 )); then
    echo "the slowest verdict took ${slowest} ms, over ${limit} s" >&2
    exit 1
fi
echo "every verdict within ${limit} s (the slowest ${slowest} ms)"
if [[ "${1:-}" == "--readme" ]]; then
    cd "$root"
    python3 -c "import sys; sys.path.insert(0, 'scripts')
from figures import write_figures
write_figures({'verdicts-count': '$count', 'verdicts-slowest': '%.1f s' % ($slowest / 1000)})"
fi
