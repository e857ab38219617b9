#!/usr/bin/env bash
# Type-checks the whole workspace (the grader, its tests, the exercises and solutions:
# `cargo check --workspace --all-targets`) for other operating systems, on this machine,
# with every warning denied:
#
#   bash scripts/cross_check.sh x86_64-apple-darwin x86_64-pc-windows-msvc
#
# Targets: any rustc target triple, e.g. x86_64-apple-darwin, aarch64-apple-darwin,
# x86_64-pc-windows-msvc, x86_64-pc-windows-gnu. Exit 0 when every target type-checks,
# 1 when some does not (each target's summary counts the distinct errors in the
# workspace's crates, with an error code or without one as warnings denied have, and in
# dependencies), 2 on a usage error.
#
# The toolchain: Debian's (apt-get install rustc-web rust-web-src cargo-web; and
# gcc-mingw-w64-x86-64 for the -gnu Windows target), whose sysroot has the standard
# library of the host only, so the std of each other target is built from rust-web-src
# (`-Zbuild-std`, with RUSTC_BOOTSTRAP=1). A toolchain that already has the target's std
# (rustup's, after `rustup target add TARGET`) is used as it is, without building std:
#   XORLINGS_CROSS_CARGO=cargo XORLINGS_CROSS_RUSTC=rustc bash scripts/cross_check.sh ...
#
# Where it builds: XORLINGS_CROSS_TARGET_DIR, by default target/cross in the repository
# (ignored by git; a CI cache of target/ keeps it). The std built for a target, and the
# host's build scripts and proc macros, are built once there and reused by every later
# run: only the workspace's own crates are checked again.
#
# How warnings are denied: RUSTFLAGS=-Dwarnings. With --target, RUSTFLAGS reaches what
# cargo compiles for the target: the workspace's crates, the dependencies and the std it
# builds; the dependencies and std get `--cap-lints allow` from cargo as always (see
# `cargo check -v`), so -D warnings fails only the workspace's own crates and std still
# builds. RUSTFLAGS is part of every unit's fingerprint, so a check cached without it
# (a unit whose warnings were only warnings) is checked again, not taken as passed.
# Every run of this script uses the same flags, so std is built once per target.
#
# An older rustc than the workspace needs (Debian's 1.85; the workspace uses features
# stabilised up to 1.91, and some dependencies declare a newer rust-version): the script
# passes --ignore-rust-version, and enables by name the features listed in
# NEWER_FEATURES that this rustc does not have as stable (RUSTC_BOOTSTRAP=1,
# `-Zcrate-attr=feature(...)`), for the workspace's crates only: cargo calls this script
# back as their rustc wrapper (RUSTC_WORKSPACE_WRAPPER), which adds the flag. So the
# errors left are the target's, not the toolchain's age. A newer rustc gets no such flag.
set -euo pipefail

# Called back by cargo as the workspace's rustc wrapper: `$0 RUSTC ARGS...`.
if [ -n "${XORLINGS_CROSS_FEATURES:-}" ]; then
    rustc=$1
    shift
    case " $* " in
        # cargo's own queries (`-vV`, `--print ...` on a crate named ___): as they are.
        *" --crate-name ___ "* | " -vV " | *" --print"*) exec "$rustc" "$@" ;;
    esac
    exec "$rustc" "$@" "-Zcrate-attr=feature($XORLINGS_CROSS_FEATURES)"
fi

# Features of Rust newer than Debian's 1.85 that the workspace uses, each with the
# release that made it stable.
NEWER_FEATURES="let_chains:1.88 unsigned_is_multiple_of:1.87 os_str_display:1.87 round_char_boundary:1.91 file_lock:1.89"

if [ $# -eq 0 ]; then
    echo "usage: bash scripts/cross_check.sh TARGET..." >&2
    echo "  e.g. x86_64-apple-darwin aarch64-apple-darwin x86_64-pc-windows-msvc x86_64-pc-windows-gnu" >&2
    exit 2
fi

cd "$(dirname "$0")/.."
repo=$(pwd)
self="$repo/scripts/cross_check.sh"
cargo=${XORLINGS_CROSS_CARGO:-/usr/bin/cargo}
rustc=${XORLINGS_CROSS_RUSTC:-/usr/bin/rustc}
target_dir=${XORLINGS_CROSS_TARGET_DIR:-$repo/target/cross}

for tool in "$cargo" "$rustc"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "cross_check: $tool not found. Install Debian's toolchain:" >&2
        echo "  apt-get install -y rustc-web rust-web-src cargo-web gcc-mingw-w64-x86-64" >&2
        echo "or name another with XORLINGS_CROSS_CARGO and XORLINGS_CROSS_RUSTC." >&2
        exit 2
    fi
done
rustc=$(command -v "$rustc")

# rustc's version as a number: 1.85.0 -> 10085.
version_number() {
    local major minor
    IFS=. read -r major minor _ <<<"$1"
    echo $((major * 10000 + minor))
}
rustc_version=$("$rustc" -V | awk '{print $2}')
rustc_version=${rustc_version%%-*}
shim=""
for pair in $NEWER_FEATURES; do
    if [ "$(version_number "$rustc_version")" -lt "$(version_number "${pair#*:}")" ]; then
        shim="$shim${shim:+,}${pair%%:*}"
    fi
done

# The chosen toolchain first on PATH (Debian's in /usr/bin, not rustup's proxies), and
# no flags or wrappers from the caller's environment.
export PATH="$(dirname "$rustc"):$PATH"
export RUSTC="$rustc"
export CARGO_TARGET_DIR="$target_dir"
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}
unset CARGO_ENCODED_RUSTFLAGS RUSTC_WRAPPER RUSTC_WORKSPACE_WRAPPER CARGO_BUILD_RUSTFLAGS
export RUSTFLAGS=-Dwarnings
if [ -n "$shim" ]; then
    export RUSTC_BOOTSTRAP=1
    export RUSTC_WORKSPACE_WRAPPER="$self"
    export XORLINGS_CROSS_FEATURES="$shim"
fi

echo "cross_check: $("$rustc" -V), target dir $target_dir"
if [ -n "$shim" ]; then
    echo "cross_check: rustc $rustc_version is older than the workspace needs: features enabled: $shim"
fi

failed=0
summary=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for target in "$@"; do
    build_std=()
    libdir=$("$rustc" --print target-libdir --target "$target" 2>/dev/null) || {
        echo "cross_check: $rustc does not know the target $target" >&2
        exit 2
    }
    if ! compgen -G "$libdir/libstd-*.rlib" >/dev/null; then
        build_std=(-Zbuild-std=std,panic_abort)
        export RUSTC_BOOTSTRAP=1
    fi
    echo "== $target${build_std:+ (std built from source, once)}"
    start=$SECONDS
    status=0
    # --keep-going: every crate that can be checked is, so the list of errors is whole.
    "$cargo" check "${build_std[@]}" --target "$target" --workspace --all-targets \
        --keep-going --ignore-rust-version 2>&1 | tee "$log" || status=$?
    seconds=$((SECONDS - start))
    # Distinct diagnostics (a library's error is reported again by its test build), by
    # message and place. A place is a relative path in the workspace's own crates, an
    # absolute one in a dependency (whose errors stop the crates that use it). rustc
    # gives its own errors a code (error[E0425]); a warning denied has none.
    read -r coded uncoded dependencies < <(awk '
        /^(error|warning)/ { message = /^error/ && !/could not compile/ ? $0 : ""; next }
        message != "" && /^ *--> / {
            kind = $2 ~ /^\// ? "d" : (message ~ /^error\[E[0-9]+\]/ ? "c" : "u")
            seen[message " @ " $2] = kind; message = ""
        }
        END { for (k in seen) n[seen[k]]++; print n["c"] + 0, n["u"] + 0, n["d"] + 0 }
    ' "$log")
    if [ "$status" -eq 0 ]; then
        line="$target: ok (${seconds} s)"
    else
        failed=1
        line="$target: FAILED (${seconds} s): in the workspace, $coded errors with an error code and $uncoded without (warnings denied); $dependencies in dependencies"
    fi
    summary="$summary$line"$'\n'
done
echo "== summary"
printf '%s' "$summary"
exit "$failed"
