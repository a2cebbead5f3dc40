#!/usr/bin/env bash
# Runs the browser tests of pbp-wasm in headless Chromium:
#   1. the API tests (tests/web.rs) with wasm-bindgen-test-runner and chromedriver;
#   2. the end-to-end test of the page (e2e/e2e.mjs) with playwright-core, after building the CLI
#      (the test compares the page's saves with it) and the page.
#
#     crates/wasm/test.sh
#
# Needs Debian's chromium and chromium-driver, wasm-bindgen-cli (see build.sh), node and npm.
# playwright-core never downloads a browser: the test uses /usr/bin/chromium.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
# The runner reads webdriver.json (Chromium's flags for a container) from the current directory.
echo "==> API tests in headless Chromium (wasm-bindgen-test)"
cargo test -p pbp-wasm --target wasm32-unknown-unknown

# The end-to-end test moves games between the page and the CLI: it needs target/debug/pbp, so it
# is built here (the test fails without it, it never skips those checks).
echo "==> building the CLI (target/debug/pbp) for the end-to-end test's cross-checks"
cargo build -p pbp-cli
export PBP_CLI="${CARGO_TARGET_DIR:-$(cd ../.. && pwd)/target}/debug/pbp"

echo "==> building the page"
./build.sh

echo "==> end-to-end test of the page (playwright-core)"
cd e2e
if [ ! -d node_modules/playwright-core ]; then
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
fi
node e2e.mjs
