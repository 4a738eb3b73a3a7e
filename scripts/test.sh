#!/usr/bin/env bash
# Every test of the repository: the Rust workspace's, then the Python
# package's (python/tests), then the browser's (scripts/web-test.sh: the wasm
# package and the viewer in headless Chromium). Needs a Rust toolchain,
# crates.io, python3 with venv (Debian: apt-get install python3-venv), PyPI,
# Node and npm's registry; as root it installs Chromium with apt-get. Run it again at will:
# the virtual environment (target/py) is reused, the extension rebuilt only
# when its sources changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo test --workspace

# The Python tools, pinned: the same versions on every machine.
venv=target/py
mkdir -p target
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" || {
        echo "python3 -m venv failed: install python3-venv (Debian, Ubuntu) and run again" >&2
        exit 1
    }
fi
# pip from 25.1 reads pyproject.toml's dependency groups; the pins are there.
"$venv/bin/python" -m pip install --disable-pip-version-check -q pip==26.3
"$venv/bin/python" -m pip install --disable-pip-version-check -q --group test

"$venv/bin/ruff" check python benches/python
"$venv/bin/ruff" format --check python benches/python

# The extension, built optimised into the virtual environment (the same
# target directory as cargo's above: CARGO_TARGET_DIR is honoured).
VIRTUAL_ENV="$PWD/$venv" PATH="$PWD/$venv/bin:$PATH" "$venv/bin/maturin" develop --release --quiet
# The types: the stub of the native module against the module itself, then
# the package strictly (pyproject.toml's [tool.mypy]).
"$venv/bin/python" -m mypy.stubtest reversi_rules._native
"$venv/bin/python" -m mypy
# REVERSI_CLI: the command cargo built above, for the tests that compare
# the package with it (python/tests/test_play_cli.py).
target_dir=${CARGO_TARGET_DIR:-target}
REVERSI_CLI="$(cd "$target_dir" && pwd)/debug/reversi" "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests

# The WebAssembly package and the viewer, in headless Chromium (installs
# Chromium, chromedriver, wasm-bindgen-cli and playwright-core if missing).
bash scripts/web-test.sh
