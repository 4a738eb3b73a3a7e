#!/usr/bin/env bash
# Measures the figures quoted in README.md and BENCHMARKS.md, one after the
# other on this machine, with the CLI's own timing (CPU-bound, one thread unless
# --threads says otherwise). Usage: bash scripts/figures.sh [--deep]
# --deep adds perft 15 (about two minutes on two threads).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build -q --release -p reversi-cli
RUSTFLAGS="-C target-cpu=native" cargo build -q --release -p reversi-cli --target-dir target/native
r=target/release/reversi
run() { printf '%-62s ' "$*"; "$@" | tail -n 1; }

echo "## 8x8 perft 12 (reversi-core)"
run $r perft 12
run $r perft 12 --backend portable
run $r perft 12 --backend x86-64-v3
run target/native/release/reversi perft 12

echo "## deep perft (transposition table, threads)"
run $r perft 13 --hash 1024
run $r perft 14 --hash 1024
run $r perft 14 --hash 1024 --threads 2
if [ "${1:-}" = "--deep" ]; then run $r perft 15 --hash 2048 --threads 2; fi

echo "## generic engine (reversi-variants) against reversi-core, per leaf"
run $r perft 12 --engine generic
run $r perft 12 --board 10x10
run $r perft 7 --variant attacks --board 7x7
run $r perft 6 --variant attacks --board 8x8
run $r perft 6 --variant reversitacks --board 8x8
