#!/usr/bin/env bash
# Two `pbp` binaries measured with load.py in one interleaved run (docs/BENCHMARKS.md, "Load"):
# A, B, A, B, ... so that a change of the machine's load between rounds falls on both alike.
#
#   crates/server/bench/compare.sh BIN_A BIN_B [ROUNDS] [SECONDS]
#
# Each run is `load.py --game duel --stored 1000 --active 1000 --connections 32` on SQLite
# (a fresh database each time) for SECONDS (default 10); ROUNDS defaults to 3. Prints each run's
# acts/s, p99, the server's and wrk's CPU time per act (load.py's `server_cpu`, `wrk_cpu`) and
# the 1-minute load average, then each binary's medians and the ratio B/A. CPU per act holds on
# a busy machine where acts/s does not (it counts only the time the processes ran). Extra
# load.py arguments may be given in $LOAD_ARGS. Needs python3 and wrk; BIN_A and BIN_B are
# release builds (`cargo build --release -p pbp-cli`, each copied out of the target dir).
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 BIN_A BIN_B [ROUNDS] [SECONDS]" >&2
    exit 2
fi
a=$(realpath "$1")
b=$(realpath "$2")
rounds=${3:-3}
seconds=${4:-10}
here=$(dirname "$(realpath "$0")")
for bin in "$a" "$b"; do
    if [ ! -x "$bin" ]; then
        echo "$bin is not an executable" >&2
        exit 2
    fi
done

results=$(mktemp)
trap 'rm -f "$results"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
    for side in A B; do
        bin=$a
        [ "$side" = B ] && bin=$b
        # shellcheck disable=SC2086 # LOAD_ARGS is a list of arguments.
        line=$(PBP_CLI=$bin python3 "$here/load.py" --game duel --stored 1000 --active 1000 \
            --connections 32 --seconds "$seconds" ${LOAD_ARGS:-})
        field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$line"; }
        acts=$(field 'acts\/s')
        p99=$(field p99)
        server=$(field server_cpu)
        wrk=$(field wrk_cpu)
        echo "round $round $side acts/s=$acts p99=${p99}ms server_cpu=${server}us" \
            "wrk_cpu=${wrk}us load=$(cut -d' ' -f1 /proc/loadavg)"
        echo "$side $acts $p99 $server $wrk" >>"$results"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$results" <<'PY'
import statistics
import sys

runs = {"A": [], "B": []}
with open(sys.argv[1]) as f:
    for line in f:
        side, *figures = line.split()
        runs[side].append([float(x) for x in figures])
median = {side: [statistics.median(run[i] for run in r) for i in range(4)]
          for side, r in runs.items()}
for side in "AB":
    acts, p99, server, wrk = median[side]
    print(f"{side}: median acts/s={acts:.0f} p99={p99:.2f}ms server_cpu={server:.0f}us "
          f"wrk_cpu={wrk:.0f}us")
a, b = median["A"], median["B"]
print(f"B/A: acts/s x{b[0] / a[0]:.2f}, p99 x{b[1] / a[1]:.2f}, server CPU per act "
      f"x{b[2] / a[2]:.2f}")
PY
