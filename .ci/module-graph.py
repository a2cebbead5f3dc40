#!/usr/bin/env python3
"""The table server's modules point one way (issue 38).

Reads every source file of crates/server/src, finds which of the crate's top-level modules each
top-level module names (`crate::x`, `crate::{x, y::z}`, and the names lib.rs re-exports, such
as `crate::Store`), and fails when that graph has a cycle, printing one, or when a module other
than the hub (src/hub.rs, src/hub/) adds to the hub's type (`impl Hub`: a venue calls the hub,
it does not extend it). Comments are left out:
a doc link to another module is not a dependency. `--print` prints the graph (one module and
what it uses per line) and the layers it sorts into, lowest first.

    .ci/module-graph.py [--print] [crates/server/src]
"""

import os
import re
import sys


def strip_comments(text):
    """The source without its comments. A line's `//` starts a comment unless a quote comes
    before it on the line (a string such as "postgres://"): such a line is kept whole."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//", 1)[0] if "//" in line and '"' not in line.split("//", 1)[0] else line
                     for line in text.splitlines())


def braced(text, start):
    """The text inside the braces opening at `start`, and the index after the closing one."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1:i], i + 1
    return text[start + 1:], len(text)


def top_items(inside):
    """The first path segment of each comma-separated item at the top level of a `{...}` list."""
    items, depth, current = [], 0, ""
    for ch in inside:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += ch
    items.append(current)
    names = []
    for item in items:
        m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", item)
        if m:
            names.append(m.group(1))
    return names


def crate_names(text):
    """Every first segment after `crate::` in the text."""
    names = []
    for m in re.finditer(r"\bcrate::", text):
        rest = m.end()
        if rest < len(text) and text[rest] == "{":
            inside, _ = braced(text, rest)
            names.extend(top_items(inside))
        else:
            n = re.match(r"([A-Za-z_][A-Za-z0-9_]*)", text[rest:])
            if n:
                names.append(n.group(1))
    return names


def main():
    args = [a for a in sys.argv[1:] if a != "--print"]
    show = "--print" in sys.argv[1:]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..", "crates", "server", "src")
    lib = strip_comments(open(os.path.join(root, "lib.rs"), encoding="utf-8").read())
    modules = set(re.findall(r"^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+([a-z_0-9]+)\s*;", lib, flags=re.M))
    # Names lib.rs re-exports, each to the module it comes from.
    exported = {}
    for m in re.finditer(r"pub use\s+([a-z_0-9]+)::", lib):
        module = m.group(1)
        after = m.end()
        if after < len(lib) and lib[after] == "{":
            inside, _ = braced(lib, after)
            for name in top_items(inside):
                exported[name] = module
        else:
            n = re.match(r"([A-Za-z_][A-Za-z0-9_]*)", lib[after:])
            if n:
                exported[n.group(1)] = module
    graph = {module: set() for module in modules}
    extends_hub = []
    for dirpath, _, files in os.walk(root):
        for file in files:
            if not file.endswith(".rs"):
                continue
            path = os.path.join(dirpath, file)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            owner = rel.split("/", 1)[0].removesuffix(".rs")
            if owner not in modules:
                continue
            text = strip_comments(open(path, encoding="utf-8").read())
            if owner != "hub" and re.search(r"^\s*impl(?:<[^>]*>)?\s+Hub\b", text, flags=re.M):
                extends_hub.append(rel)
            for name in crate_names(text):
                target = name if name in modules else exported.get(name)
                if target and target != owner:
                    graph[owner].add(target)
    if extends_hub:
        print("error: only the hub's own modules may `impl Hub`; found in: " + ", ".join(sorted(extends_hub)),
              file=sys.stderr)
        return 1
    if show:
        for module in sorted(graph):
            print(f"{module}: {' '.join(sorted(graph[module]))}")
    # Layers: a module's layer is one above the highest module it uses; a cycle has none.
    layer, visiting, cycle = {}, [], None

    def visit(module):
        nonlocal cycle
        if module in layer or cycle:
            return
        if module in visiting:
            cycle = visiting[visiting.index(module):] + [module]
            return
        visiting.append(module)
        for used in sorted(graph[module]):
            visit(used)
        visiting.pop()
        if not cycle:
            layer[module] = 1 + max((layer[u] for u in graph[module]), default=-1)

    for module in sorted(graph):
        visit(module)
    if cycle:
        print("error: the server's modules form a cycle: " + " -> ".join(cycle), file=sys.stderr)
        print("(crate::x paths per top-level module of crates/server/src; see docs/ARCHITECTURE.md)",
              file=sys.stderr)
        return 1
    if show:
        for level in range(max(layer.values(), default=-1) + 1):
            print(f"layer {level}: {' '.join(sorted(m for m in layer if layer[m] == level))}")
    print(f"the server's {len(modules)} top-level modules form no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
