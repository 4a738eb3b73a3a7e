#!/usr/bin/env bash
# Measures the figures quoted in PERFORMANCE.md and BENCHMARKS.md, one after the
# other on this machine: each command runs RUNS times (default 3) and the line
# shows the median wall time the CLI reports, and the median CPU time (user +
# system, from the shell) of the whole process. Usage:
#   bash scripts/figures.sh [--deep]      (--deep adds perft 15, about 2 minutes a run)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build -q --release -p reversi-cli
RUSTFLAGS="-C target-cpu=native" cargo build -q --release -p reversi-cli --target-dir target/native
r=target/release/reversi
runs=${RUNS:-3}
# The CLI's last line is `perft D: N leaves in S s (...)` (replay: `... in S s`):
# the wall time is the number after ` in `.
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
run() {
    local walls=() cpus=() last
    for _ in $(seq "$runs"); do
        TIMEFORMAT='%U %S'
        { time last=$("$@" | tail -n 1); } 2>/tmp/figures.time
        cpus+=("$(awk '{ print $1 + $2 }' /tmp/figures.time)")
        walls+=("$(sed -E 's/.* in ([0-9.]+) s.*/\1/' <<<"$last")")
    done
    printf '%-66s %s | median wall %s s, median CPU %s s (%s runs)\n' "$*" "${last%% in *}" \
        "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$runs"
}
# The same command at a terminal (stderr on a pseudo-terminal, so progress
# shows), its wall time as the CLI reports it: to set beside the piped one.
at_terminal() {
    local walls=() last
    for _ in $(seq "$runs"); do
        last=$(script -qc "$*" /dev/null | tr '\r' '\n' | grep '^perft' | tail -n 1)
        walls+=("$(sed -E 's/.* in ([0-9.]+) s.*/\1/' <<<"$last")")
    done
    printf '%-66s %s | median wall %s s at a terminal (%s runs)\n' "$*" "${last%% in *}" \
        "$(printf '%s\n' "${walls[@]}" | median)" "$runs"
}

echo "## 8x8 perft 12 (reversi-core)"
run $r perft 12
run $r perft 12 --backend portable
run $r perft 12 --backend x86-64-v3
run target/native/release/reversi perft 12

echo "## deep perft (transposition table, threads)"
run $r perft 13 --hash 1024
at_terminal $r perft 13 --hash 1024
run $r perft 13 --hash 1024 --divide
run $r perft 14 --hash 1024
run $r perft 14 --hash 1024 --threads 2
if [ "${1:-}" = "--deep" ]; then run $r perft 15 --hash 2048 --threads 2; fi

echo "## generic engine (reversi-variants) against reversi-core, per leaf"
run $r perft 12 --engine generic
run $r perft 12 --board 10x10
run $r perft 7 --variant attacks --board 7x7
run $r perft 6 --variant attacks --board 8x8
run $r perft 6 --variant reversitacks --board 8x8

echo "## reversi-notation (criterion medians: the middle figure of time and thrpt)"
cargo bench -q --bench notation 2>/dev/null | grep -E '^(wthor|readers)|time:|thrpt:'
run $r replay data/wthor/WTH_1977.wtb data/wthor/WTH_1978.wtb data/wthor/WTH_1979.wtb \
    data/wthor/WTH_1980.wtb data/wthor/WTH_1981.wtb data/wthor/WTH_1982.wtb \
    data/wthor/WTH_1983.wtb data/wthor/WTH_1984.wtb data/wthor/WTH_1985.wtb

echo "## convert's peak memory (2,000,000 short PGN games, 206 MB, in a temporary directory)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN {
    srand(7); split("1. f5 d6 2. c3 d3 3. c4 *|1. f5 f6 2. e6 f4 *|1. d3 c3 2. c4 e3 *|1. c4 e3 2. f6 e6 3. f5 *|1. e6 f4 2. e3 f6 *", o, "|")
    for (i = 0; i < 2000000; i++)
        printf "[Event \"Cup %d\"]\n[Date \"2001.01.01\"]\n[Black \"Player %d\"]\n[White \"Player %d\"]\n\n%s\n\n",
            int(rand() * 100), int(rand() * 1000), int(rand() * 1000), o[i % 5 + 1]
}' >"$tmp/big.pgn"
for out in big.txt big.ggf big.wtb; do
    /usr/bin/time -f %M -o "$tmp/rss" $r convert "$tmp/big.pgn" -o "$tmp/$out" 2>/dev/null
    printf '%-66s peak RSS %s KB\n' "$r convert big.pgn -o $out" "$(cat "$tmp/rss")"
done
/usr/bin/time -f %M -o "$tmp/rss" $r convert "$tmp/big.wtb" -o "$tmp/again.txt" 2>/dev/null
printf '%-66s peak RSS %s KB\n' "$r convert big.wtb -o again.txt" "$(cat "$tmp/rss")"
