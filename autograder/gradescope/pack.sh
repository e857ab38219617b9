#!/usr/bin/env bash
# Packs the zip an instructor uploads to a Gradescope programming assignment
# ("Configure Autograder", zip file upload): setup.sh and run_autograder at its root,
# this workbook (without build folders, git or progress) in xorlings/, the exercises
# graded, and the seed when one is given.
#
# bash autograder/gradescope/pack.sh [--exercises NAME,NAME...] [--seed-file FILE] [--out ZIP]
#
# Without --exercises every exercise of workbook.toml is graded; --out defaults to
# autograder.zip in the current folder.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
workbook=$(cd "$here/../.." && pwd)
exercises="" seed_file="" out="$PWD/autograder.zip"

fail() {
    echo "pack.sh: $*" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case $1 in
        --exercises) exercises=${2:?--exercises needs a list: xor_all,mex}; shift 2 ;;
        --seed-file) seed_file=${2:?--seed-file needs a file}; shift 2 ;;
        --out) out=${2:?--out needs a file name}; shift 2 ;;
        *) fail "unknown argument '$1' (see the top of $0)" ;;
    esac
done
command -v zip >/dev/null || fail "zip is not installed (apt install zip)"
case $out in /*) ;; *) out="$PWD/$out" ;; esac

known=$(sed -n 's/^name = "\([a-z0-9_]*\)"$/\1/p' "$workbook/workbook.toml")
IFS=, read -r -a wanted <<<"$exercises"
for name in "${wanted[@]}"; do
    grep -qx -- "$name" <<<"$known" ||
        fail "no exercise '$name' in workbook.toml (there are: $(paste -s -d ' ' <<<"$known"))"
done
if [ -n "$seed_file" ]; then
    seed=$(tr -d '[:space:]' <"$seed_file") || fail "cannot read the seed file $seed_file"
    case $seed in
        random | "" | *[!0-9]*) fail "the seed file $seed_file must hold a whole number: a seed that is the same for every submission" ;;
    esac
fi

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp "$here/setup.sh" "$here/run_autograder" "$here/../common.sh" "$staging/"
printf 'XORLINGS_EXERCISES=%s\n' "$exercises" >"$staging/assignment.env"
if [ -n "$seed_file" ]; then printf '%s\n' "$seed" >"$staging/seed"; fi
mkdir "$staging/xorlings"
tar -C "$workbook" --exclude=./target --exclude=./.git --exclude='./.xorlings-progress*' \
    --exclude='*.zip' -cf - . | tar -C "$staging/xorlings" -xf -
rm -f "$out"
(cd "$staging" && zip -q -r "$out" .)
echo "Wrote $out: upload it as the autograder of a Gradescope programming assignment."
