#!/usr/bin/env bash
# `cargo semver-checks` of the published libraries against the release recorded in
# .ci/semver-baseline (issue 41): a change that breaks their public API fails unless the
# workspace's version says so (0.x: the minor number; 1.x and later: the major one).
#
# pbp-cli is left out: it is a binary, with no library API. pbp-wasm, the benchmarks and the
# fuzz targets are unpublished. The baseline is built from its commit (`--baseline-rev`), which a
# clone of main holds; a missing baseline fails the step, it is never skipped.
#
# Cost: rustdoc's JSON of the eight libraries twice (the baseline's and the current), with their
# dependencies checked once for each: a few minutes on CI's 2 cores. The tool itself is installed
# once per machine (`cargo install --locked`, about nine minutes of CPU), then kept in
# ~/.cargo/bin (the version pinned below).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version=0.51.0
if [ "$(cargo semver-checks --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
    time cargo install cargo-semver-checks --locked --version "$version"
fi

baseline="$(grep -v '^#' .ci/semver-baseline 2>/dev/null | tr -d '[:space:]' || true)"
if [ -z "$baseline" ]; then
    echo "error: .ci/semver-baseline names no commit: write the last release's commit there" >&2
    exit 1
fi
if ! git rev-parse --quiet --verify "$baseline^{commit}" >/dev/null; then
    echo "error: the baseline $baseline of .ci/semver-baseline is no commit of this clone (a shallow clone? fetch the history)" >&2
    exit 1
fi

cargo semver-checks check-release --workspace \
    --exclude pbp-cli --exclude pbp-wasm --exclude pbp-benches \
    --baseline-rev "$baseline"
