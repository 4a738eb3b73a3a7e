#!/usr/bin/env bash
# Builds the npm package of crates/reversi-wasm into target/web/pkg/ (the
# `--target web` module at its root, the `--target bundler` one in bundler/;
# package.json, .wasm, JS glue, .d.ts, the <reversi-viewer> element; `npm
# pack` in it gives the tarball; the viewer's solver worker beside it) and
# the viewer's static site into
# target/web/site/ (index.html works from any static server).
# Needs rustup's wasm32-unknown-unknown target and wasm-bindgen-cli at the
# version of the wasm-bindgen crate in Cargo.lock; both are installed here
# when missing (crates.io only: no tool that downloads binaries).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
    # Exactly as the tool's lock file says. The crate and the tool move
    # together (Cargo.lock): 0.2.129, because the lock of wasm-bindgen-cli
    # 0.2.130 names webpki-roots 1.0.11 (through ureq 3.5.0), which the
    # registry we install from did not list (December 2026: 1.0.10 its
    # newest), so its --locked install failed.
    cargo install wasm-bindgen-cli --version "$version" --locked
fi

target=${CARGO_TARGET_DIR:-target}
cargo build -p reversi-wasm --target wasm32-unknown-unknown --release
wasm="$target/wasm32-unknown-unknown/release/reversi_wasm.wasm"

web=target/web
rm -rf "$web/pkg" "$web/site"
wasm-bindgen --target web --out-dir "$web/pkg" "$wasm"
wasm-bindgen --target bundler --out-dir "$web/pkg/bundler" "$wasm"
cp crates/reversi-wasm/web/reversi-viewer.js crates/reversi-wasm/web/reversi-solver.js crates/reversi-wasm/README.md \
    crates/reversi-wasm/LICENSE-MIT crates/reversi-wasm/LICENSE-APACHE "$web/pkg/"

crate_version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
cat >"$web/pkg/package.json" <<JSON
{
  "name": "reversi-rules-wasm",
  "version": "$crate_version",
  "description": "The rules of Reversi (Othello), Reversitacks and Attacks on any board, game records in every format (PGN, GGF, WTHOR, transcripts, OBF), replay, perft and exact endgame scores, in WebAssembly; and a <reversi-viewer> element.",
  "license": "MIT OR Apache-2.0",
  "keywords": ["reversi", "othello", "ataxx", "wthor", "pgn", "ggf", "wasm", "solver"],
  "type": "module",
  "main": "reversi_wasm.js",
  "module": "reversi_wasm.js",
  "types": "reversi_wasm.d.ts",
  "exports": {
    ".": { "types": "./reversi_wasm.d.ts", "default": "./reversi_wasm.js" },
    "./bundler": { "types": "./bundler/reversi_wasm.d.ts", "default": "./bundler/reversi_wasm.js" },
    "./viewer": "./reversi-viewer.js",
    "./reversi_wasm_bg.wasm": "./reversi_wasm_bg.wasm"
  },
  "files": [
    "reversi_wasm.js", "reversi_wasm.d.ts", "reversi_wasm_bg.wasm", "reversi_wasm_bg.wasm.d.ts",
    "bundler/", "reversi-viewer.js", "reversi-solver.js", "README.md", "LICENSE-MIT", "LICENSE-APACHE"
  ],
  "sideEffects": ["./reversi-viewer.js", "./bundler/reversi_wasm.js"]
}
JSON

mkdir -p "$web/site"
cp "$web/pkg/reversi_wasm.js" "$web/pkg/reversi_wasm_bg.wasm" crates/reversi-wasm/web/reversi-viewer.js \
    crates/reversi-wasm/web/reversi-solver.js \
    crates/reversi-wasm/web/index.html "$web/site/"
echo "built $web/pkg ($(du -h "$web/pkg/reversi_wasm_bg.wasm" | cut -f1) of wasm) and $web/site"
