#!/usr/bin/env python3
"""Load figures of `pbp serve` (docs/BENCHMARKS.md): acts per second and latency percentiles.

Starts the release `pbp serve` on a fresh database in a temporary directory, creates the stored
tables over the API, and runs wrk (Debian's `wrk`) against the active ones on loopback, in a
bounded run. Usage:

    cargo build --release -p pbp-cli
    python3 crates/server/bench/load.py --game duel --stored 100 --active 100 --seconds 10

Prints one line of figures. Only 200 answers count as acts; wrk's non-2xx count is printed.
It also prints the CPU time each act cost, while wrk ran: `server_cpu` (the `pbp serve`
processes' user and system time, from /proc, divided by the acts) and `wrk_cpu` (the load
generator's, from its rusage), in microseconds, and `cpu_limit`: the acts per second the
machine's cores (`os.cpu_count()`) could do at most at those costs, cores / (server_cpu +
wrk_cpu). These hold on a shared machine where acts/s does not: CPU time counts only the time
the process ran. `--verbose` adds the server's CPU per act by thread name (the hub, tokio's
workers, the SQLite writes).

On PostgreSQL (`--db postgres`, with `PBP_BENCH_POSTGRES=postgres://...` naming a database the
script may create a schema in; it drops it at the end), `--instances 2` starts two servers on
the one database and runs one wrk per instance at the same time: with `--route spread` (the
default) each posts to every active table (as a load balancer that spreads requests would,
so that every instance finds most tables changed by the other), with `--route tables` each
to its own share of the tables (as a balancer that sends a table's requests to one instance,
by its id). acts/s is their sum, p50 and p99 the larger of the wrk runs' figures.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
# The release binary; PBP_CLI names another (a debug build, to try the script itself).
PBP = os.environ.get("PBP_CLI", os.path.join(ROOT, "target", "release", "pbp"))


def default_config(game):
    out = subprocess.run([PBP, "games", "--json"], check=True, capture_output=True, text=True)
    return next(g["default_config"] for g in json.loads(out.stdout) if g["name"] == game)


def twelve_player_ws():
    """Twelve players on the standard map, every sixth state a start (as benches/games.rs)."""
    config = default_config("warring-states")
    colours = ["red", "yellow", "green", "cyan", "orange", "silver", "purple", "white", "teal",
               "pink", "blue", "grey"]
    schools = ["legalist", "taoist", "confucian", "mohist", "militarist"]
    # The default config leaves the default map out: its file is in the crate.
    with open(os.path.join(ROOT, "crates", "warring-states", "src", "default_map.json")) as f:
        states = json.load(f)["states"]
    starts = [s["name"] for s in states if s["name"] != "Zhou"][::6][:12]
    config["players"] = [
        {"name": f"P{i}", "state": state, "colour": colours[i], "school": schools[i % 5]}
        for i, state in enumerate(starts)
    ]
    config["rules"]["turn_limit"] = 100000
    return config


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def parse(out):
    total = int(re.search(r"(\d+) requests in", out).group(1))
    duration = float(re.search(r"requests in ([0-9.]+)s", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    bad = int(bad.group(1)) if bad else 0

    def percentile(name):
        m = re.search(rf"^\s+{name}%\s+([0-9.]+)(us|ms|s)", out, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    return total, duration, bad, percentile(50), percentile(99)


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """A process's user + system CPU time so far, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def thread_cpu(pid):
    """CPU seconds so far of each thread name of a process (threads of one name added)."""
    times = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                text = f.read()
        except FileNotFoundError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text.rsplit(")", 1)[1].split()
        times[name] = times.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / TICK
    return times


def psql(url, sql):
    subprocess.run(["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True,
                   capture_output=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=["duel", "ws12"], default="duel")
    parser.add_argument("--stored", type=int, default=100)
    parser.add_argument("--active", type=int, default=100)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--route", choices=["spread", "tables"], default="spread",
                        help="with several instances: every instance posts to every table, "
                             "or each to its own share of them")
    parser.add_argument("--verbose", action="store_true", help="print wrk's own output too")
    args = parser.parse_args()
    active = min(args.active, args.stored)

    with tempfile.TemporaryDirectory() as tmp:
        schema = None
        if args.db == "sqlite":
            db = os.path.join(tmp, "load.sqlite")
        else:
            base_url = os.environ["PBP_BENCH_POSTGRES"]
            schema = "pbp_bench_" + uuid.uuid4().hex[:12]
            psql(base_url, f"CREATE SCHEMA {schema}")
            db = base_url + ("&" if "?" in base_url else "?") + \
                f"options=-csearch_path%3D{schema}"
        servers = []
        try:
            bases = []
            for _ in range(args.instances):
                server = subprocess.Popen([PBP, "serve", "--db", db, "--addr", "127.0.0.1:0",
                                           "--create-rate", "0", "--create-mib", "0"],
                                          stdout=subprocess.PIPE, text=True)
                servers.append(server)
                line = server.stdout.readline()
                bases.append(re.search(r"(http://[0-9.:]+)", line).group(1))
            base = bases[0]
            if args.game == "duel":
                body = {"game": "duel",
                        "config": {"first_to": 255, "focus_tokens": 2, "rolled": 2, "kept": 1}}
                action = json.dumps("strike")
            else:
                body = {"game": "warring-states", "config": twelve_player_ws()}
                action = json.dumps("[b]No orders.[/b]")
            started = time.time()
            lines = []
            for _ in range(active):
                created = post(base, "/api/tables", body)
                lines.append(" ".join([created["id"]] + created["seat_tokens"]))
            filler = {"game": "duel"}
            for _ in range(args.stored - active):
                post(base, "/api/tables", filler)
            setup = time.time() - started
            threads = max(1, args.threads // len(bases))
            connections = max(threads, args.connections // len(bases))
            runs = []
            server_before = sum(cpu_seconds(server.pid) for server in servers)
            threads_before = thread_cpu(servers[0].pid)
            for index, b in enumerate(bases):
                share = lines
                if args.route == "tables" and len(bases) > 1:
                    share = lines[index::len(bases)]
                tables = os.path.join(tmp, f"tables-{index}.txt")
                with open(tables, "w") as f:
                    f.write("\n".join(share) + "\n")
                env = dict(os.environ, PBP_TABLES=tables, PBP_ACTION=action,
                           PBP_THREADS=str(threads))
                runs.append(subprocess.Popen(
                    ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{args.seconds}s",
                     "--latency", "-s", os.path.join(HERE, "act.lua"), b],
                    env=env, stdout=subprocess.PIPE, text=True))
            outs = [run.stdout.read() for run in runs]
            server_cpu = sum(cpu_seconds(server.pid) for server in servers) - server_before
            threads_after = thread_cpu(servers[0].pid)
            wrk_cpu = 0.0
            for run in runs:
                _, status, usage = os.wait4(run.pid, 0)
                run.returncode = os.waitstatus_to_exitcode(status)
                wrk_cpu += usage.ru_utime + usage.ru_stime
            if any(run.returncode != 0 for run in runs):
                sys.exit("wrk failed")
        finally:
            for server in servers:
                server.terminate()
                server.wait()
            if schema:
                psql(os.environ["PBP_BENCH_POSTGRES"], f"DROP SCHEMA {schema} CASCADE")
    figures = [parse(out) for out in outs]
    acts = sum((total - bad) / duration for total, duration, bad, _, _ in figures)
    rejected = sum(bad for _, _, bad, _, _ in figures)
    duration = max(f[1] for f in figures)
    p50 = max(f[3] for f in figures)
    p99 = max(f[4] for f in figures)
    done = sum(total - bad for total, _, bad, _, _ in figures)
    server_us = server_cpu / max(done, 1) * 1e6
    wrk_us = wrk_cpu / max(done, 1) * 1e6
    limit = (os.cpu_count() or 1) / max((server_cpu + wrk_cpu) / max(done, 1), 1e-9)
    print(f"game={args.game} db={args.db} instances={args.instances} route={args.route} "
          f"stored={args.stored} "
          f"active={active} connections={args.connections} seconds={duration:.1f} "
          f"acts/s={acts:.0f} rejected={rejected} "
          f"p50={p50:.2f}ms p99={p99:.2f}ms setup={setup:.1f}s "
          f"server_cpu={server_us:.0f}us wrk_cpu={wrk_us:.0f}us cpu_limit={limit:.0f}")
    if args.verbose:
        names = sorted(threads_after, key=lambda n: threads_before.get(n, 0) - threads_after[n])
        print("server CPU per act by thread (first instance): " + ", ".join(
            f"{name} {(threads_after[name] - threads_before.get(name, 0)) / max(done, 1) * 1e6:.1f}us"
            for name in names))
        for out in outs:
            print(out)


if __name__ == "__main__":
    main()
