#!/usr/bin/env bash
# Packages every crate a user installs from crates.io, in dependency order, and builds each from
# its package (issue 41): pbp-core, the four games, pbp-render, pbp-frontend, pbp-server and
# pbp-cli. pbp-wasm (the page's module), the benchmarks and the fuzz targets are unpublished.
#
# `cargo package --workspace` (cargo 1.90 and later) resolves the pbp crates that crates.io does
# not have yet from the packages it has just made (a local overlay of the registry), so each
# crate is verified against its pbp dependencies as packaged, not as they are in the workspace.
# A file outside a crate, a dependency cycle or a package that does not build fails here.
#
# Cost: the nine pbp crates compiled once more from their packages (the registry dependencies
# are those the workspace build compiled already): about two minutes of CPU on CI's 2 cores.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# --allow-dirty: CI's tree is the commit under test, and the steps before this one may leave
# files of their own beside it; a release publishes from a clean tree, which cargo checks then.
cargo package --workspace --exclude pbp-wasm --exclude pbp-benches --locked --allow-dirty "$@"
