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

# The overlay's packages are unpacked under cargo's home like any registry crate, and cargo reuses
# an unpacked crate of the same name and version without unpacking it again: on a machine that
# packaged another tree of this version before, the crates would be verified against that stale
# source. The pbp crates of this version are not on crates.io, so their unpacked copies and
# archives are removed first (a few directories; nothing else in cargo's cache is touched).
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
registry="${CARGO_HOME:-$HOME/.cargo}/registry"
for name in pbp-core pbp-clan-war pbp-three-kingdoms pbp-warring-states pbp-scroll-race \
    pbp-render pbp-frontend pbp-server pbp-cli; do
    rm -rf "$registry"/src/*/"$name-$version" "$registry"/cache/*/"$name-$version.crate"
done

# --allow-dirty: CI's tree is the commit under test, and the steps before this one may leave
# files of their own beside it; a release publishes from a clean tree, which cargo checks then.
cargo package --workspace --exclude pbp-wasm --exclude pbp-benches --locked --allow-dirty "$@"
