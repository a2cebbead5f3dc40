#!/usr/bin/env bash
# The layout conventions CI keeps (issue 29), each failing with a one-line reason:
# - every game crate (one with docs/rules/<game>.md) has its clause tests under one name,
#   tests/clauses.rs or tests/clauses/main.rs;
# - its tests/scenarios.rs is the one scenario glue, pbp_core::engine::testing::scenario_tests!;
# - every path docs/, the README and the CHANGELOG name exists (.ci/doc-paths.py);
# - the table server's copy of the desk's style sheet is the desk's (pbp-server builds from its
#   package, which holds no file outside crates/server; issue 41).
# The rules pages' links to scenario files, both ways, are checked by the games' scenarios test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

status=0
for page in docs/rules/*.md; do
    game="$(basename "$page" .md)"
    crate="crates/$game"
    [ -d "$crate" ] || continue
    if [ ! -f "$crate/tests/clauses.rs" ] && [ ! -f "$crate/tests/clauses/main.rs" ]; then
        echo "error: $crate has no tests/clauses.rs (or tests/clauses/main.rs): the clause tests of every game go by that name" >&2
        status=1
    fi
    if ! grep -q 'pbp_core::engine::testing::scenario_tests!' "$crate/tests/scenarios.rs" 2>/dev/null; then
        echo "error: $crate/tests/scenarios.rs is not pbp_core::engine::testing::scenario_tests!(...): every game plays its scenarios through the one glue" >&2
        status=1
    fi
done
.ci/doc-paths.py || status=1
if [ "$status" -eq 0 ]; then
    echo "clause tests, scenario glue, and the docs' paths follow the conventions"
fi
exit "$status"
