#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu
# 22.04), with the uploaded zip in /autograder/source: it installs the pinned Rust
# toolchain and a C linker, builds the grader (and so the hidden tests in it) once,
# creates the unprivileged user every submission is graded as, and keeps the seed and
# the reference solutions to root.
set -euo pipefail
RUST_VERSION=1.95.0
SOURCE=/autograder/source
LEARNER=xorlings

apt-get install -y --no-install-recommends build-essential ca-certificates curl jq
id -u "$LEARNER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$LEARNER"

export RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo
curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
    sh -s -- -y --no-modify-path --profile minimal --default-toolchain "$RUST_VERSION"
chmod -R a+rX "$RUSTUP_HOME" "$CARGO_HOME"

CARGO_TARGET_DIR=/tmp/xorlings-build "$CARGO_HOME/bin/cargo" build --release --locked \
    -p grader --manifest-path "$SOURCE/xorlings/Cargo.toml"
install -m 755 /tmp/xorlings-build/release/grader /usr/local/bin/xorlings-grader
rm -rf /tmp/xorlings-build

# The learner's code runs as $LEARNER: it may read the workbook (the grader reads its
# manifest and lessons) but write none of it, and never read the seed or the solutions.
chown -R root:root "$SOURCE"
chmod -R go-w "$SOURCE"
# A learner edition has no solutions/ folder.
if [ -d "$SOURCE/xorlings/solutions" ]; then chmod -R go-rwx "$SOURCE/xorlings/solutions"; fi
if [ -f "$SOURCE/seed" ]; then chmod 600 "$SOURCE/seed"; fi
