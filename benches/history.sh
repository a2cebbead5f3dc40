#!/usr/bin/env bash
# Measures pbp commits for benches/history.csv, each with this checkout's references and
# `ratios` example: for every COMMIT, a scratch git worktree of it and beside it a small crate
# (this checkout's benches/lib.rs and benches/examples/ratios.rs, this checkout's toolchain)
# linked to that commit's pbp-core, built in release; then every build's `ratios csv` runs, one
# after another, pinned to one core, and the rows are printed, each with NOTE as its sixth
# field (say what was measured how: the date, the load). A commit whose pbp-core lacks the API
# the example uses fails to build and is left out (said on stderr).
#
#     NOTE="old commit built in a scratch worktree, 2026-12-03 12:10 load 15" \
#         benches/history.sh 23e9412 afa8a68 >> benches/history.csv
#
# The example is RATIOS (default this checkout's benches/examples/ratios.rs): since issue 42 it
# times PreparedPool::roll_many, so for a commit before it give the example of 0d0f8d2
# (`git show 0d0f8d2:benches/examples/ratios.rs > /tmp/ratios.rs; RATIOS=/tmp/ratios.rs ...`).
# ROUNDS (default 21) rounds each; the scratch folder is SCRATCH (default /tmp/pbp-history),
# kept between runs so that a commit builds once.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${SCRATCH:-/tmp/pbp-history}"
rounds="${ROUNDS:-21}"
note="${NOTE:-}"
ratios="${RATIOS:-$here/benches/examples/ratios.rs}"
note="${note//,/;}"
mkdir -p "$scratch"
built=()
for commit in "$@"; do
    full="$(git -C "$here" rev-parse --short=7 "$commit")"
    src="$scratch/src-$full"
    crate="$scratch/bench-$full"
    if [ ! -d "$src" ]; then
        git -C "$here" worktree add --detach "$src" "$full" >/dev/null 2>&1
    fi
    mkdir -p "$crate/examples"
    cp "$here/benches/lib.rs" "$crate/lib.rs"
    cp "$ratios" "$crate/examples/ratios.rs"
    cp "$here/rust-toolchain.toml" "$crate/"
    [ -f "$crate/Cargo.lock" ] || cp "$src/Cargo.lock" "$crate/Cargo.lock"
    cat >"$crate/Cargo.toml" <<TOML
[package]
name = "pbp-benches"
version = "0.1.0"
edition = "2024"
publish = false

[lib]
path = "lib.rs"

[dependencies]
pbp-core = { path = "$src/crates/core" }
rand09 = { package = "rand", version = "0.9", default-features = false }
rand_pcg09 = { package = "rand_pcg", version = "0.9" }

[dev-dependencies]
rpg-dice-roller = "0.2"
rand08 = { package = "rand", version = "0.8", default-features = false }
rand_pcg03 = { package = "rand_pcg", version = "0.3" }

[profile.release]
debug = 1

[workspace]
TOML
    # One target folder for every commit (the dependencies build once); each binary is copied out.
    if (cd "$crate" && CARGO_TARGET_DIR="$scratch/target" \
        cargo build --release --example ratios >"$crate/build.log" 2>&1); then
        cp "$scratch/target/release/examples/ratios" "$scratch/ratios-$full"
        built+=("$full")
    else
        echo "$full: does not build with this checkout's example (see $crate/build.log)" >&2
    fi
done
date="$(date -u +%Y-%m-%dT%H:%MZ)"
for full in "${built[@]}"; do
    commit_date="$(git -C "$here" show -s --format=%cs "$full")"
    taskset -c 1 "$scratch/ratios-$full" csv "$full" "$commit_date" "$rounds" \
        | sed "s|\$|,$note (measured $date)|"
done
