#!/usr/bin/env bash
# The tournament's speed, the figure in BENCHMARKS.md ("The referee"): a
# round robin of about GAMES games (default 1000) between four instant
# engines (this project's random player over GTP, `reversi gtp`, four seeds),
# two games at once. Every ply costs the referee's work (legality, clock,
# record, crosstable) and three GTP round trips through pipes (play,
# time_left, genmove). Usage: bash scripts/tournament-bench.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build -q --release -p reversi-cli
r=$PWD/target/release/reversi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
games=${GAMES:-1000}
per=$(((games + 5) / 6))
start=$(date +%s.%N)
"$r" tournament "gtp:$r gtp --seed 1" "gtp:$r gtp --seed 2" "gtp:$r gtp --seed 3" "gtp:$r gtp --seed 4" \
    --games "$per" --concurrency 2 -o "$dir/games.ggf" >"$dir/out.txt"
end=$(date +%s.%N)
played=$(grep -c '^game ' "$dir/out.txt")
plies=$("$r" replay "$dir/games.ggf" | tail -n 1 | sed -E 's/.* ([0-9,]+) plies.*/\1/' | tr -d ,)
awk -v g="$played" -v p="$plies" -v s="$start" -v e="$end" 'BEGIN {
    t = e - s
    printf "%d games, %d plies in %.2f s (2 at once): %.2f ms a game, %.1f us a ply\n", g, p, t, 1000 * t / g, 1e6 * t / p
}'
tail -n 5 "$dir/out.txt"
