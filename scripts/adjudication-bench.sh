#!/usr/bin/env bash
# What adjudication saves, the figure in BENCHMARKS.md ("The referee"): a
# match of Edax against itself (`reversi tournament` with two engines), GAMES
# games (default 200: GAMES/2 random openings of 8 plies, --seed 1, each
# played with both colours), one game at a time, played once to the end and
# once with `--adjudicate K` (default 14: the game ends by exact solve at K
# empties). Prints each run's wall and CPU time (the referee's and the
# engines'), the saving, whether every game has the same winner and score
# in both runs (game N is the same opening and colours in both), and how
# much of the engines' move times in the played-out games fell at K empties
# or fewer: what adjudication can save. For the same scores Edax must play
# the last K plies perfectly, so LEVEL must be exact from at least K
# empties: Edax's levels 1 to 10 solve exactly from 2 x LEVEL empties.
#
# Edax plays over NBoard, which has no clock commands, so its own level
# holds (over GTP, Edax turns the referee's `time_left` into level 60 on a
# clock). Edax is not part of this repository; name it:
#   REVERSI_EDAX=/path/edax/bin/lEdax-x86-64-v3   the binary (required)
#   REVERSI_EDAX_EVAL=/path/eval.dat              its evaluation file (default: Edax's own,
#                                                 data/eval.dat in its directory)
#   REVERSI_EDAX_DIR=/path/edax                   where it runs (default: the binary's
#                                                 directory's parent, as Edax's build lays it out)
#   LEVEL (default 9: exact from 18 empties), GAMES (default 200), K (default 14),
#   TIME (each side's clock in seconds, default 600)
# Usage: REVERSI_EDAX=... bash scripts/adjudication-bench.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
edax=${REVERSI_EDAX:?set REVERSI_EDAX to the Edax binary}
edax_dir=${REVERSI_EDAX_DIR:-$(dirname "$(dirname "$edax")")}
level=${LEVEL:-9}
games=${GAMES:-200}
k=${K:-14}
time=${TIME:-600}
cargo build -q --release -p reversi-cli
r=$PWD/target/release/reversi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
engine="nboard:$edax${REVERSI_EDAX_EVAL:+ -eval-file $REVERSI_EDAX_EVAL} -nboard -l $level -n 1 -book-usage off"
# run NAME [ARGS...]: the match into $dir/NAME.{ggf,json}; its wall seconds and
# CPU seconds (user + system, the referee's and the engines', which it waits
# for) into $dir/NAME.time.
run() {
    local name=$1
    shift
    /usr/bin/time -f "%e %U %S" -o "$dir/$name.time" "$r" tournament "$engine" "$engine" \
        --dir "1=$edax_dir" --dir "2=$edax_dir" --openings-random 8 --seed 1 \
        --games "$games" --time "$time" --concurrency 1 --json -o "$dir/$name.ggf" "$@" >"$dir/$name.json"
}
run played
run adjudicated --adjudicate "$k"
python3 - "$dir" "$k" "$level" <<'EOF'
import json
import re
import sys

folder, k, level = sys.argv[1], sys.argv[2], sys.argv[3]


def games(name):
    lines = [json.loads(line) for line in open(f"{folder}/{name}.json")]
    return {g["game"]: g for g in lines if "game" in g}


def seconds(name):
    wall, user, system = (float(x) for x in open(f"{folder}/{name}.time").read().split()[-3:])
    return wall, user + system


played, adjudicated = games("played"), games("adjudicated")
(a, cpu_a), (b, cpu_b) = seconds("played"), seconds("adjudicated")


def score(result):
    """Black's disc difference with the empty squares to the winner (the
    Othello convention), from a result as `B-W`."""
    black, white = (int(x) for x in result.split("-"))
    empties = 64 - black - white
    margin = black - white
    return margin + empties if margin > 0 else margin - empties if margin < 0 else 0


same_winner = sum(played[n]["first_score"] == adjudicated[n]["first_score"] for n in played)
same_score = sum(score(played[n]["result"]) == score(adjudicated[n]["result"]) for n in played)
same_result = sum(played[n]["result"] == adjudicated[n]["result"] for n in played)
ended = sum(1 for g in adjudicated.values() if (g["termination"] or "").startswith("adjudicated"))
print(f"Edax level {level} against itself, {len(played)} games, one at a time")
print(f"played out:        {a:.1f} s wall, {cpu_a:.1f} s CPU")
print(f"--adjudicate {k}:   {b:.1f} s wall, {cpu_b:.1f} s CPU ({ended} games adjudicated)")
print(f"saving:            {100 * (a - b) / a:.1f}% of wall time, {100 * (cpu_a - cpu_b) / cpu_a:.1f}% of CPU time")
print(f"same winner:       {same_winner} of {len(played)}")
print(f"same score:        {same_score} of {len(played)} (disc difference, the empty squares to the winner)")
print(f"same discs:        {same_result} of {len(played)} (adjudicated: the end of a perfect line)")
for n in sorted(played):
    if score(played[n]["result"]) != score(adjudicated[n]["result"]):
        print(f"  game {n}: {played[n]['result']} played, {adjudicated[n]['result']} adjudicated")

# Where the played-out games' time went: the engines' move times (GGF's
# MOVE/EVAL/TIME), split at K empties (the standard start: 60 empties less
# the squares played; the opening's moves carry no time).
think, end = 0.0, 0.0
for game in open(f"{folder}/played.ggf").read().split("(;")[1:]:
    empties = 60
    for move in re.findall(r"(?<=\])[BW]\[([^\]]*)\]", game):
        parts = move.split("/")
        if len(parts) == 3 and parts[2]:
            think += float(parts[2])
            end += float(parts[2]) if empties <= int(k) else 0.0
        if parts[0].upper() != "PA":
            empties -= 1
print(f"played out, the engines' move times: {think:.1f} s, {end:.1f} s of them ({100 * end / think:.1f}%) at {k} empties or fewer")
EOF
