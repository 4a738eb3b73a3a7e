#!/bin/sh
# scripted.py behind a shell wrapper, as engines are often installed: the
# wrapper forks a helper, and outlives its engine, deaf to the end of its
# input. Writes "WRAPPER HELPER" (process ids) to the file $1 first.
#     wrapper.sh PIDFILE gtp|nboard MODE[:N]
pids=$1
shift
sleep 600 &
echo "$$ $!" > "$pids"
python3 "$(dirname "$0")/scripted.py" "$@"
while :; do sleep 1; done
