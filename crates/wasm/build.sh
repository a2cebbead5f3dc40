#!/usr/bin/env bash
# Builds the game master's page: compiles pbp-wasm for the browser (the workspace's size-oriented
# `wasm-release` profile) once per module, shrinks each wasm with binaryen's wasm-opt, writes its
# JavaScript glue and wasm next to the page, in crates/wasm/www/pkg/MODULE/, and writes
# pkg/modules.json, the page's list of games and the module each is played with. The modules:
# `core` (the duel and the dice panel: pbp-wasm without its game features) and one a game (each
# feature of pbp-wasm: the duel and that game), so the page loads only what it plays. Then serve
# crates/wasm/www, compressed (see docs/WEB.md).
#
#     crates/wasm/build.sh
#
# Needs the wasm32-unknown-unknown target (rust-toolchain.toml lists it), wasm-bindgen-cli at
# exactly the version of the wasm-bindgen crate in Cargo.lock, and wasm-opt (Debian's binaryen):
#
#     cargo install wasm-bindgen-cli --version <that version>
#     apt-get install binaryen
#
# It checks each module against its budget, gzipped (see below), and needs node for the list.
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
out=crates/wasm/www/pkg
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The game modules are pbp-wasm's features (each named as its game), read from its manifest.
games="$(sed -n '/^\[features\]$/,/^\[/{s/^\([a-z-]*\) = \["pbp-frontend\/.*$/\1/p;}' crates/wasm/Cargo.toml)"
if [ -z "$games" ]; then
    echo "error: no game features found in crates/wasm/Cargo.toml" >&2
    exit 1
fi

# Budgets, gzipped bytes. The core module holds pbp-core, the frontend and the duel; a game
# module holds the same and one game. Measured 2026-12-03 and 2026-12-07 (docs/WEB.md has the
# figures); each budget leaves room to grow. Core's was raised from 160 to 176 KiB on
# 2026-12-07, when players' names, titles and returns grew every module by 19-20 KB gzipped.
budget_of() {
    case "$1" in
        core) echo $((176 * 1024)) ;;
        *) echo $((300 * 1024)) ;;
    esac
}

rm -rf "$out"
mkdir -p "$out"
over=0
for module in core $games; do
    if [ "$module" = core ]; then
        features=(--no-default-features)
    else
        features=(--no-default-features --features "$module")
    fi
    cargo build -p pbp-wasm --target wasm32-unknown-unknown --profile wasm-release "${features[@]}"
    built="$target_dir/wasm32-unknown-unknown/wasm-release/pbp_wasm.wasm"
    # wasm-opt runs before wasm-bindgen: after it, binaryen 108 (Debian's) breaks wasm-bindgen's
    # table of JavaScript values. -O1, not -Oz: measured on this wasm, -Oz makes it 10% smaller
    # but 12% larger gzipped (and a page is served compressed), while -O1 makes it smaller both
    # ways. The --enable flags are the features rustc's wasm32 target turns on, which wasm-opt
    # must keep.
    wasm-opt -O1 --strip-debug --strip-producers \
        --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
        --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
        "$built" -o "$work/pbp_wasm.wasm"
    wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
        --out-dir "$out/$module" "$work/pbp_wasm.wasm"
    bytes="$(wc -c <"$out/$module/pbp_wasm_bg.wasm")"
    gzipped="$(gzip -9 -c "$out/$module/pbp_wasm_bg.wasm" | wc -c)"
    budget="$(budget_of "$module")"
    echo "built $out/$module: the wasm is $bytes bytes, $gzipped gzipped (budget $budget)"
    echo "$module $bytes $gzipped $budget" >>"$work/sizes"
    if [ "$gzipped" -gt "$budget" ]; then
        echo "error: module $module is $gzipped bytes gzipped, over its budget of $budget" >&2
        over=1
    fi
done

# The page's list of games: each module's games, the module that plays them, its sizes.
node crates/wasm/modules.mjs "$out" "$work/sizes"
ls -lR "$out"
# Over a budget it fails. PBP_WASM_BUDGET=warn only warns, for trying a change whose size is not
# settled yet.
if [ "$over" -ne 0 ] && [ "${PBP_WASM_BUDGET:-strict}" != warn ]; then
    exit 1
fi
