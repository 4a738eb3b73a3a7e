#!/usr/bin/env bash
# The browser's tests, in headless Chromium: the bindings
# (crates/reversi-wasm/tests/web.rs, wasm-bindgen-test through chromedriver)
# and the viewer's page (crates/reversi-wasm/web-tests, playwright-core driving
# the system's Chromium; its scores compared with the CLI's replay).
# Installs what is missing: Debian's chromium and chromium-driver (apt-get,
# as root), playwright-core and typescript as pinned by
# web-tests/package-lock.json (npm ci; no browser is downloaded), and what
# scripts/web.sh needs (the wasm32-unknown-unknown target, wasm-bindgen-cli
# at Cargo.lock's version). The generated .d.ts are checked with tsc, the
# package packed (npm pack --dry-run) and run in Node.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

apt_install() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "scripts/web-test.sh needs $* (Debian: apt-get install $*)" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt_install chromium chromium-driver
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    apt_install nodejs npm
fi

bash scripts/web.sh

# The bindings: wasm-bindgen-test-runner starts chromedriver, which starts
# Chromium as crates/reversi-wasm/webdriver.json says (headless, no sandbox:
# CI runs as root; no background networking).
CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)} \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test -p reversi-wasm --target wasm32-unknown-unknown --test web

# The page, its scores compared with the CLI's: the command cargo test
# --workspace builds (a no-op after it). Not `cargo build -p reversi-cli`:
# that unifies the features of the CLI's dependencies alone, so it compiled
# reversi-variants, -notation, -engine and the CLI again, and the next
# cargo test compiled them back.
cargo test --workspace --no-run --quiet
target=$(cd "${CARGO_TARGET_DIR:-target}" && pwd)
cd crates/reversi-wasm/web-tests
npm ci --no-audit --no-fund --loglevel=error
# The package's generated TypeScript types, checked; the package (npm pack,
# its web and bundler entries in Node); the viewer in Chromium.
node_modules/.bin/tsc -p tsconfig.json
REVERSI_BIN="$target/debug/reversi" WEB_SITE="$OLDPWD/target/web/site" node --test package.test.mjs viewer.test.mjs
