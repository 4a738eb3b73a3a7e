#!/usr/bin/env bash
# Times `reversi perft` beside the peers of ../shared/PEERS.md in one run,
# interleaved (ours, then the peer, RUNS times), and prints the medians and
# their ratio. The peers are built outside this repository (PEERS.md says
# how) and named by environment variables; a peer left unset is skipped:
#   EGAROUCID=/path/Egaroucid_for_Console.out     (perft 12, mode 1)
#   EDAX=/path/lEdax-native EDAX_EVAL=/path/eval  (count games 13 and 14)
#   ATAXX=/path/binary [ATAXX_NATIVE=/path/binary] (a scratch crate running ataxx::perft from
#       x5o/7/7/7/7/7/o5x x 0 1 to the depth given as its argument, printing "... in S s")
# REVERSI_ARGS adds arguments to our perft 12 (for example `--backend x86-64-v3`, to time the
# AVX2 code against an Egaroucid built with -march=x86-64-v3 on a CPU that has AVX-512; the
# native row then runs that backend's source compiled with every feature of the CPU, not AVX2 code).
# Usage: bash scripts/peers.sh [--deep]   (--deep adds depth 14 against Edax)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build -q --release -p reversi-cli
RUSTFLAGS="-C target-cpu=native" cargo build -q --release -p reversi-cli --target-dir target/native
r=target/release/reversi
native=target/native/release/reversi
runs=${RUNS:-5}
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
# The seconds our CLI reports for a count: its last line is `perft D: N leaves in S s (...)`.
ours() { "$@" | tail -n 1 | sed -E 's/.* in ([0-9.]+) s.*/\1/'; }
# The seconds Egaroucid reports for `-perft DEPTH 1`.
egaroucid() { "$EGAROUCID" -perft "$1" 1 | sed -nE 's/.* in ([0-9]+) ms.*/\1/p' | awk '{ print $1 / 1000 }'; }
# The seconds Edax reports for depth DEPTH of `count games DEPTH` (its 8th field, m:ss.sss).
edax() {
    (cd "$(dirname "$EDAX")" && "$EDAX" -eval-file "$EDAX_EVAL" -n 1 -count games "$1") |
        awk -F, -v d="$1" '$1 + 0 == d { split($8, t, ":"); print t[1] * 60 + t[2] }'
}
# compare LABEL "OUR COMMAND" "PEER COMMAND": RUNS interleaved pairs.
compare() {
    local a=() b=()
    for _ in $(seq "$runs"); do
        a+=("$(eval "$2")")
        b+=("$(eval "$3")")
    done
    local ma mb
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    printf '%-52s ours %7.3f s | peer %7.3f s | ratio %.3f  (medians of %s; ours: %s; peer: %s)\n' \
        "$1" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" "$runs" "${a[*]}" "${b[*]}"
}

if [ -n "${EGAROUCID:-}" ]; then
    compare "perft 12 ${REVERSI_ARGS:-}${REVERSI_ARGS:+ }(dispatched) / Egaroucid -perft 12 1" "ours $r perft 12 ${REVERSI_ARGS:-}" "egaroucid 12"
    compare "perft 12 ${REVERSI_ARGS:-}${REVERSI_ARGS:+ }(native) / Egaroucid -perft 12 1" "ours $native perft 12 ${REVERSI_ARGS:-}" "egaroucid 12"
fi
if [ -n "${EDAX:-}" ]; then
    runs=${EDAX_RUNS:-3} compare "perft 13 --hash 1024 --threads 1 / Edax count games 13" \
        "ours $r perft 13 --hash 1024 --threads 1" "edax 13"
    if [ "${1:-}" = "--deep" ]; then
        runs=1 compare "perft 14 --hash 1024 --threads 1 / Edax count games 14" \
            "ours $r perft 14 --hash 1024 --threads 1" "edax 14"
    fi
fi
if [ -n "${ATAXX:-}" ]; then
    compare "Attacks 7x7 perft 7 / ataxx crate perft 7" "ours $r perft 7 --variant attacks --board 7x7" "ours $ATAXX 7"
    if [ -n "${ATAXX_NATIVE:-}" ]; then
        compare "Attacks 7x7 perft 7 / ataxx crate (native) perft 7" \
            "ours $r perft 7 --variant attacks --board 7x7" "ours $ATAXX_NATIVE 7"
    fi
fi
# Two threads against one, same command otherwise.
compare "perft 13 --hash 1024: --threads 2 / --threads 1" "ours $r perft 13 --hash 1024 --threads 2" \
    "ours $r perft 13 --hash 1024 --threads 1"
if [ "${1:-}" = "--deep" ]; then
    runs=1 compare "perft 14 --hash 1024: --threads 2 / --threads 1" "ours $r perft 14 --hash 1024 --threads 2" \
        "ours $r perft 14 --hash 1024 --threads 1"
fi
