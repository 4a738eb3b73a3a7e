#!/usr/bin/env bash
# Every test of the repository: the Rust workspace's, then the Python
# package's (python/tests), then the browser's (scripts/web-test.sh: the wasm
# package and the viewer in headless Chromium). Needs a Rust toolchain,
# crates.io, python3 with venv (Debian: apt-get install python3-venv), PyPI,
# Node and npm's registry; as root it installs Chromium with apt-get. Run it again at will:
# the virtual environment (target/py) is reused, the extension rebuilt only
# when its sources changed.
#
# Each suite's output goes to target/test-logs/SUITE.log; the terminal gets a
# line when a suite starts, one summary line when it ends (passed, failed,
# ignored, time) and a verdict. A suite that fails prints the end of its log.
# VERBOSE=1 streams every suite's output as well.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

target_dir=${CARGO_TARGET_DIR:-target}
venv=target/py
logs=target/test-logs
mkdir -p "$logs"

rust_suite() {
    cargo test --workspace
}

python_suite() {
    # The Python tools, pinned: the same versions on every machine.
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv" || {
            echo "python3 -m venv failed: install python3-venv (Debian, Ubuntu) and run again" >&2
            return 1
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
    REVERSI_CLI="$(cd "$target_dir" && pwd)/debug/reversi" "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests
}

browser_suite() {
    # The WebAssembly package and the viewer, in headless Chromium (installs
    # Chromium, chromedriver, wasm-bindgen-cli and playwright-core if missing).
    bash scripts/web-test.sh
}

# Counts from the runners' own closing lines in a log: "passed failed ignored".
# cargo test and wasm-bindgen-test: "test result: ok. N passed; N failed; N
# ignored"; pytest: "N passed, N skipped"; node --test: "# pass N".
counts() {
    awk '
        /^test result: / {
            for (i = 1; i <= NF; i++) {
                if ($(i + 1) ~ /^passed;?$/) p += $i
                if ($(i + 1) ~ /^failed;?$/) f += $i
                if ($(i + 1) ~ /^ignored;?$/) s += $i
            }
        }
        /^(=+ )?[0-9]+ (passed|failed|skipped|error|errors|deselected)[,; ]/ || / in [0-9.]+s( \([0-9:]+\))?( =+)?$/ {
            if ($0 ~ /^test result: /) next
            for (i = 1; i < NF; i++) {
                word = $(i + 1); sub(/[,;]$/, "", word)
                if ($i !~ /^[0-9]+$/) continue
                if (word == "passed") p += $i
                else if (word == "failed" || word == "error" || word == "errors") f += $i
                else if (word == "skipped" || word == "deselected" || word == "xfailed") s += $i
            }
        }
        /^# pass [0-9]+$/ { p += $3 }
        /^# fail [0-9]+$/ { f += $3 }
        /^# (skipped|todo|cancelled) [0-9]+$/ { if ($2 == "cancelled") f += $3; else s += $3 }
        END { printf "%d %d %d\n", p, f, s }
    ' "$1"
}

summaries=()
total_passed=0 total_failed=0 total_ignored=0
failed_suites=""
run_suite() {
    local name=$1 log="$logs/$1.log" start=$SECONDS status
    echo "$name: running (log: $log)"
    set +e
    if [ "${VERBOSE:-0}" = 1 ]; then
        (set -euo pipefail; "${name}_suite") 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
    else
        (set -euo pipefail; "${name}_suite") >"$log" 2>&1
        status=$?
    fi
    set -e
    local passed failed ignored
    read -r passed failed ignored < <(counts "$log")
    if [ "$status" -ne 0 ]; then
        [ "$failed" -gt 0 ] || failed=1
        failed_suites="$failed_suites $name"
        if [ "${VERBOSE:-0}" != 1 ]; then
            echo "---- $name failed (exit status $status); the end of $log:"
            tail -n 60 "$log"
            echo "----"
        fi
    fi
    local line
    line=$(printf '%s: %d passed, %d failed, %d skipped (%dm %02ds)' \
        "$name" "$passed" "$failed" "$ignored" $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)))
    echo "$line"
    summaries+=("$line")
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
    total_ignored=$((total_ignored + ignored))
}

run_suite rust
run_suite python
run_suite browser

echo
echo "== summary"
printf '%s\n' "${summaries[@]}"
if [ -n "$failed_suites" ]; then
    echo "FAILED:$failed_suites (logs in $logs/)"
    printf 'total: %d passed, %d failed, %d skipped\n' "$total_passed" "$total_failed" "$total_ignored"
    exit 1
fi
printf 'total: %d passed, %d failed, %d skipped\n' "$total_passed" "$total_failed" "$total_ignored"
echo "all suites passed"
