#!/usr/bin/env bash
# perft(17) of 8x8 Othello counted twice through the split path (issue 38),
# resumable across machines: the plans and every finished shard's result are
# committed under data/perft/17/ (its README says what each count is).
#
#   bash scripts/perft17.sh [run]      counts the shards still missing, one after
#                                      the other, at nice 19 (Ctrl-C or a killed
#                                      session loses only the shard under way)
#   bash scripts/perft17.sh status     how many shards of each count are done
#   bash scripts/perft17.sh merge      merges each finished count; compares them
#
# Environment: HASH_MB (table per shard, default 8192), THREADS (default 2),
# REVERSI (the binary; default: target/release/reversi, built here),
# ONLY (a or b: run one count), STOP_AFTER (seconds: start no shard after).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dir=data/perft/17
shards=40
# count name, split ply, table key seed
counts=("a 7 1" "b 6 2")
hash_mb=${HASH_MB:-8192}
threads=${THREADS:-2}
mode=${1:-run}

reversi=${REVERSI:-}
if [ -z "$reversi" ]; then
    cargo build -q --release -p reversi-cli
    reversi=target/release/reversi
fi

result() { echo "$dir/$1/shard-$2-of-$shards.json"; }

done_count() {
    local n=0 i
    for i in $(seq 0 $((shards - 1))); do
        [ -f "$(result "$1" "$i")" ] && n=$((n + 1))
    done
    echo "$n"
}

case "$mode" in
status)
    for spec in "${counts[@]}"; do
        read -r name split seed <<<"$spec"
        echo "count $name (split $split, hash seed $seed): $(done_count "$name") of $shards shards done"
    done
    ;;
merge)
    totals=()
    for spec in "${counts[@]}"; do
        read -r name split seed <<<"$spec"
        if [ "$(done_count "$name")" -lt "$shards" ]; then
            echo "count $name: $(done_count "$name") of $shards shards done, not merged"
            continue
        fi
        files=()
        for i in $(seq 0 $((shards - 1))); do files+=("$(result "$name" "$i")"); done
        line=$("$reversi" perft 17 --merge "${files[@]}")
        echo "count $name: $line"
        totals+=("$(sed -E 's/^perft 17: ([0-9]+) leaves.*/\1/' <<<"$line")")
    done
    if [ "${#totals[@]}" -eq 2 ]; then
        if [ "${totals[0]}" = "${totals[1]}" ]; then
            echo "the two counts agree: perft(17) = ${totals[0]}"
        else
            echo "THE TWO COUNTS DISAGREE: ${totals[0]} and ${totals[1]}" >&2
            exit 1
        fi
    fi
    ;;
run)
    started=$SECONDS
    for spec in "${counts[@]}"; do
        read -r name split seed <<<"$spec"
        [ -n "${ONLY:-}" ] && [ "$ONLY" != "$name" ] && continue
        plan=$dir/$name.plan
        mkdir -p "$dir/$name"
        # What a killed shard left: its result's temporary file, never a result.
        find "$dir/$name" -maxdepth 1 -name '.*.tmp-*' -delete
        for i in $(seq 0 $((shards - 1))); do
            out=$(result "$name" "$i")
            [ -f "$out" ] && continue
            if [ -n "${STOP_AFTER:-}" ] && [ $((SECONDS - started)) -ge "$STOP_AFTER" ]; then
                echo "STOP_AFTER reached: not starting count $name shard $i"
                exit 0
            fi
            nice -n 19 "$reversi" perft 17 --plan "$plan" --shard "$i/$shards" -o "$out" \
                --hash "$hash_mb" --hash-seed "$seed" --threads "$threads"
        done
    done
    "$0" status
    ;;
*)
    echo "usage: bash scripts/perft17.sh [run|status|merge]" >&2
    exit 2
    ;;
esac
