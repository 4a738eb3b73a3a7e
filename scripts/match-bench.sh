#!/usr/bin/env bash
# The referee's speed, the figure in BENCHMARKS.md ("The referee"): a match of
# GAMES games (default 1000) between two instant engines (this project's
# random player over GTP, `reversi gtp`), one game at a time. Every ply costs
# the referee's work (legality, clock, record) and three GTP round trips
# through pipes (play, time_left, genmove), the engines' own work being a
# random choice. Usage: bash scripts/match-bench.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build -q --release -p reversi-cli
r=$PWD/target/release/reversi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
games=${GAMES:-1000}
start=$(date +%s.%N)
"$r" match "gtp:$r gtp" "gtp:$r gtp --seed 1" --games "$games" -o "$dir/games.ggf" >"$dir/out.txt"
end=$(date +%s.%N)
plies=$("$r" replay "$dir/games.ggf" | tail -n 1 | sed -E 's/.* ([0-9,]+) plies.*/\1/' | tr -d ,)
awk -v g="$games" -v p="$plies" -v s="$start" -v e="$end" 'BEGIN {
    t = e - s
    printf "%d games, %d plies in %.2f s: %.2f ms a game, %.1f us a ply\n", g, p, t, 1000 * t / g, 1e6 * t / p
}'
tail -n 1 "$dir/out.txt"
