#!/usr/bin/env bash
# The instruction-count regression check: runs every scenario of benches/examples/icount.rs
# under valgrind's callgrind, counting only the instructions of its measured work, and compares
# each count with benches/icount/baseline.txt. Fails if any scenario rose by more than 3%
# (ICOUNT_TOLERANCE percent), or if a scenario has no baseline.
#
#     benches/icount/check.sh            # check against the baseline
#     benches/icount/check.sh --bless    # write the current counts as the new baseline
#
# Counts depend on the compiler (pinned by rust-toolchain.toml) and valgrind, not on the load
# of the machine. Bless a new baseline only with the reason in the commit message.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

baseline=benches/icount/baseline.txt
tolerance="${ICOUNT_TOLERANCE:-3}"
bless=false
[ "${1:-}" = "--bless" ] && bless=true

if ! command -v valgrind >/dev/null 2>&1; then
    echo "error: valgrind is not installed (Debian: apt-get install valgrind)" >&2
    exit 1
fi
cargo build --profile bench -p pbp-benches --example icount
bin="${CARGO_TARGET_DIR:-target}/release/examples/icount"
if [ ! -x "$bin" ]; then
    echo "error: $bin was not built" >&2
    exit 1
fi
scenarios="$("$bin" --list)"
if [ -z "$scenarios" ]; then
    echo "error: $bin --list names no scenario" >&2
    exit 1
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

failed=0
current="$out/current.txt"
: >"$current"
printf '%-32s %14s %14s %9s %12s\n' scenario baseline now change "per op"
while read -r name operations; do
    valgrind --tool=callgrind --callgrind-out-file="$out/$name.out" --collect-atstart=no \
        --toggle-collect='*icount::measured*' "$bin" "$name" >/dev/null 2>"$out/$name.log" || {
        cat "$out/$name.log" >&2
        echo "error: scenario $name failed under valgrind" >&2
        exit 1
    }
    count="$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out/$name.out")"
    if [ -z "$count" ] || [ "$count" -eq 0 ]; then
        echo "error: no instructions counted for $name (is the measured function inlined?)" >&2
        exit 1
    fi
    echo "$name $count" >>"$current"
    base="$(awk -v n="$name" '$1 == n { print $2 }' "$baseline" 2>/dev/null || true)"
    per_op=$((count / operations))
    if [ -z "$base" ]; then
        printf '%-32s %14s %14s %9s %12s\n' "$name" "-" "$count" "new" "$per_op"
        $bless || failed=1
        continue
    fi
    change="$(awk -v a="$base" -v b="$count" 'BEGIN { printf "%+.2f%%", 100 * (b - a) / a }')"
    verdict=""
    if awk -v a="$base" -v b="$count" -v t="$tolerance" 'BEGIN { exit !(b > a * (1 + t / 100)) }'; then
        verdict="  ROSE more than ${tolerance}%"
        failed=1
    fi
    printf '%-32s %14s %14s %9s %12s%s\n' "$name" "$base" "$count" "$change" "$per_op" "$verdict"
done <<<"$scenarios"

if $bless; then
    cp "$current" "$baseline"
    echo "wrote $baseline"
    exit 0
fi
if [ "$failed" -ne 0 ]; then
    echo "instruction-count check FAILED: a scenario rose by more than ${tolerance}% or has no baseline" >&2
    echo "(if the rise is intended, run benches/icount/check.sh --bless and say why in the commit)" >&2
    exit 1
fi
echo "instruction-count check passed (no scenario rose by more than ${tolerance}%)"
