#!/usr/bin/env python3
"""Every path docs/ and the README name exists (issue 29).

A path is a backticked word or a markdown link target made of path segments with a slash, whose
last segment has a file extension or which ends with a slash (`crates/core/src/game.rs`,
`[WEB.md](WEB.md)`, `docs/rules/clan-war/`). It must exist relative to the repository root, the
document's folder, `crates/` (docs name a crate's files as `render/src/post.rs`), or a crate,
its `src/` or its `tests/` (a doc about one crate names `engine/roll.rs`). Words with
placeholders (`<game>`, `*`, `{a,b}`, `...`, a segment in capitals such as `GAME`), URLs and what
builds write (`pkg/`, `screenshots/`) are not paths. Prints one line per
missing path (`docs/WEB.md:12: no render/src/catalog.rs`) and exits 1 if there is any.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXTENSIONS = {
    "rs", "md", "txt", "json", "toml", "sh", "js", "mjs", "html", "css", "csv", "svg", "py",
    "lua", "yml", "yaml", "lock", "sql",
}
SEGMENT = r"[A-Za-z0-9_.\-]+"
PATH = re.compile(rf"^(\./|\.\./)*{SEGMENT}(/{SEGMENT})*/?$")


def candidates(line):
    for word in re.findall(r"`([^`]+)`", line):
        yield word
    for target in re.findall(r"\]\(([^)\s]+)\)", line):
        yield target.split("#")[0]


# What builds and tests write (the page's modules, screenshots): named, never committed.
GENERATED = ("pkg/", "www/pkg/", "screenshots/", "target/")


# Placeholder names a doc writes for "any game" or "a file" (`docs/rules/GAME.md`).
PLACEHOLDERS = {"GAME", "NAME", "FILE", "ID", "SEAT", "STEP"}


def is_path(word):
    if any(g in word for g in GENERATED) or any(
        (seg.isupper() and len(seg) > 2) or seg.split(".")[0] in PLACEHOLDERS
        for seg in word.split("/")
    ):
        return False
    if "://" in word or not PATH.match(word) or "/" not in word.strip("/"):
        return False
    if word.endswith("/"):
        return True
    last = word.rsplit("/", 1)[-1]
    return "." in last and last.rsplit(".", 1)[-1] in EXTENSIONS


# A doc that is about one crate names its files from the crate or its src/ (`src/map.rs`,
# `engine/roll.rs`): such a path must exist in some crate.
CRATE_DIRS = [
    d / sub
    for d in sorted((ROOT / "crates").iterdir())
    if d.is_dir()
    for sub in ("", "src", "tests")
]


def main():
    docs = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md", ROOT / "CHANGELOG.md"]
    missing = []
    for doc in docs:
        if not doc.exists():
            continue
        in_code = False
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            for word in candidates(line):
                if not is_path(word):
                    continue
                bases = [ROOT, doc.parent, ROOT / "crates", ROOT / "benches", *CRATE_DIRS]
                if not any((base / word).exists() for base in bases):
                    missing.append(f"{doc.relative_to(ROOT)}:{n}: no {word}")
    for line in missing:
        print(line)
    if missing:
        print(f"error: {len(missing)} path(s) named in the docs do not exist", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
