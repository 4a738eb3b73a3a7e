#!/usr/bin/env bash
# The tests against Edax (crates/reversi-cli/tests/edax.rs: a round robin and
# a gauntlet with Edax over GTP and over NBoard beside this project's
# engines, and the draw rule on Edax's NBoard evaluations), which `cargo
# test` skips: Edax is no part of this repository.
# Name it by arguments or by the environment the tests read:
#   bash scripts/edax-tests.sh /path/edax/bin/lEdax-x86-64-v3 [EVAL_FILE]
#   REVERSI_EDAX=/path/edax/bin/lEdax-x86-64-v3 [REVERSI_EDAX_EVAL=EVAL_FILE] \
#       [REVERSI_EDAX_DIR=/path/edax] bash scripts/edax-tests.sh
# EVAL_FILE is absolute or relative to where Edax runs (REVERSI_EDAX_DIR,
# default the binary's directory's parent, as Edax's build lays it out);
# without it Edax reads its own data/eval.dat.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export REVERSI_EDAX=${1:-${REVERSI_EDAX:-}}
export REVERSI_EDAX_EVAL=${2:-${REVERSI_EDAX_EVAL:-}}
if [ -z "$REVERSI_EDAX" ] || [ ! -x "$REVERSI_EDAX" ]; then
    echo "usage: bash scripts/edax-tests.sh /path/to/lEdax [EVAL_FILE] (or set REVERSI_EDAX)" >&2
    exit 2
fi
cargo test -p reversi-cli --test edax -- --ignored
