#!/usr/bin/env bash
# Fails when a Rust source file of the workspace (crates/, benches/, fuzz/; target and
# node_modules folders left out) is longer than 600 lines and does not say why at its top.
#
#     .ci/file-length.sh
#
# The rule (issue 15): small modules with one job, no source file over about 600 lines without a
# reason stated at its top. The stated form is a line among the file's first 20 that starts with
# `//! Long file:` followed by the reason, for example
#
#     //! Long file: one table of the 52 cards, which reads best whole.
#
# A file over the limit without it is listed with its length; split it along its jobs (a folder
# of modules, or its inline tests moved to a `tests.rs` of their own) or state the reason.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

limit=600
failed=0
checked=0
while IFS= read -r -d '' file; do
    checked=$((checked + 1))
    lines=$(wc -l <"$file")
    if [ "$lines" -le "$limit" ]; then
        continue
    fi
    if head -n 20 "$file" | grep -Eq '^//! Long file: *[^ ]'; then
        echo "long but explained: $file ($lines lines)"
        continue
    fi
    echo "error: $file has $lines lines (over $limit) and no '//! Long file: <reason>' line in its first 20" >&2
    failed=$((failed + 1))
done < <(find crates benches fuzz \( -name target -o -name node_modules \) -prune -o -type f -name '*.rs' -print0 | sort -z)

if [ "$failed" -gt 0 ]; then
    echo "$failed of $checked Rust files are over $limit lines without a stated reason" >&2
    exit 1
fi
echo "all $checked Rust files are within $limit lines or state why not"
