#!/usr/bin/env bash
# Builds the game master's page: compiles pbp-wasm for the browser and writes its JavaScript glue
# and wasm next to the page, in crates/wasm/www/pkg/. Then serve crates/wasm/www (see docs/WEB.md).
#
#     crates/wasm/build.sh
#
# Needs the wasm32-unknown-unknown target (rust-toolchain.toml lists it) and wasm-bindgen-cli at
# exactly the version of the wasm-bindgen crate in Cargo.lock:
#
#     cargo install wasm-bindgen-cli --version <that version>
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

target_dir="${CARGO_TARGET_DIR:-target}"
cargo build -p pbp-wasm --target wasm32-unknown-unknown --release
wasm-bindgen --target web --no-typescript --out-dir crates/wasm/www/pkg \
    "$target_dir/wasm32-unknown-unknown/release/pbp_wasm.wasm"
echo "built crates/wasm/www/pkg:"
ls -l crates/wasm/www/pkg
