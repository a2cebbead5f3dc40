#!/usr/bin/env bash
# Builds the game master's page: compiles pbp-wasm for the browser (the workspace's size-oriented
# `wasm-release` profile), writes its JavaScript glue and wasm next to the page, in
# crates/wasm/www/pkg/, and shrinks the wasm with binaryen's wasm-opt. Then serve crates/wasm/www,
# compressed (see docs/WEB.md).
#
#     crates/wasm/build.sh
#
# Needs the wasm32-unknown-unknown target (rust-toolchain.toml lists it), wasm-bindgen-cli at
# exactly the version of the wasm-bindgen crate in Cargo.lock, and wasm-opt (Debian's binaryen):
#
#     cargo install wasm-bindgen-cli --version <that version>
#     apt-get install binaryen
#
# It checks the wasm against the page's budget, 450 KiB gzipped (see below).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

wanted="$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)"
if ! command -v wasm-bindgen >/dev/null 2>&1; then
    echo "error: wasm-bindgen is not installed: cargo install wasm-bindgen-cli --version $wanted" >&2
    exit 1
fi
found="$(wasm-bindgen --version | awk '{print $2}')"
if [ "$found" != "$wanted" ]; then
    echo "error: wasm-bindgen $found is installed but Cargo.lock has $wanted:" \
        "cargo install wasm-bindgen-cli --version $wanted --force" >&2
    exit 1
fi

if ! command -v wasm-opt >/dev/null 2>&1; then
    echo "error: wasm-opt is not installed: apt-get install binaryen" >&2
    exit 1
fi

target_dir="${CARGO_TARGET_DIR:-target}"
cargo build -p pbp-wasm --target wasm32-unknown-unknown --profile wasm-release
out=crates/wasm/www/pkg
built="$target_dir/wasm32-unknown-unknown/wasm-release/pbp_wasm.wasm"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# wasm-opt runs before wasm-bindgen: after it, binaryen 108 (Debian's) breaks wasm-bindgen's
# table of JavaScript values. -O1, not -Oz: measured on this wasm, -Oz makes it 10% smaller but
# 12% larger gzipped (and a page is served compressed), while -O1 makes it smaller both ways.
# The --enable flags are the features rustc's wasm32 target turns on, which wasm-opt must keep.
wasm-opt -O1 --strip-debug --strip-producers \
    --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
    "$built" -o "$work/pbp_wasm.wasm"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" "$work/pbp_wasm.wasm"

bytes="$(wc -c <"$out/pbp_wasm_bg.wasm")"
gzipped="$(gzip -9 -c "$out/pbp_wasm_bg.wasm" | wc -c)"
budget=$((450 * 1024))
echo "built $out: the wasm is $bytes bytes, $gzipped gzipped (budget $budget)"
ls -l "$out"
# Over the budget it fails (issue 17's budget, met since 2026-12-02: 453,606 bytes gzipped).
# PBP_WASM_BUDGET=warn only warns, for trying a change whose size is not settled yet.
if [ "$gzipped" -gt "$budget" ]; then
    echo "error: the wasm is $gzipped bytes gzipped, over the budget of $budget" >&2
    if [ "${PBP_WASM_BUDGET:-strict}" != warn ]; then
        exit 1
    fi
fi
