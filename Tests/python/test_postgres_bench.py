"""`checkwire bench --url A --url B` against two real nodes on one real PostgreSQL
(postgres_server.py), at a small size: the writers and each checklist's subscribers are
spread over both nodes, every subscriber gets every event once and in order, and the report
gives edit → delivery latency for the same node and across nodes apart.

    CHECKWIRE_BIN=.build/debug/checkwire python3 -m pytest -q Tests/python/test_postgres_bench.py
"""

import json
import os
import subprocess

from postgres_server import postgres_server, postgres_url  # noqa: F401  (fixtures used by name)
from test_postgres_serve import start, stop
from test_protocol_flow import DEFAULT_BIN

LISTS = 4
SUBSCRIBERS = 16
WRITERS = 4
EDITS = 300


def bench(*arguments):
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    return subprocess.run([binary, "bench", *arguments], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=120)


def test_bench_spreads_over_two_nodes_and_reports_same_and_cross_node_latency(postgres_url, tmp_path):
    a, port_a = start(postgres_url, tmp_path, "a")
    b, port_b = start(postgres_url, tmp_path, "b")
    try:
        urls = [f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws"]
        result = bench("lists", "--url", urls[0], "--url", urls[1], "--lists", str(LISTS), "--subscribers",
                       str(SUBSCRIBERS), "--writers", str(WRITERS), "--edits", str(EDITS), "--rate", "200",
                       "--duration", "10", "--timeout", "100", "--json", "--quiet", "--strict")
        assert result.returncode == 0, result.stdout + result.stderr
        report = json.loads(result.stdout)
    finally:
        stop(a)
        stop(b)

    assert [node["url"] for node in report["nodes"]] == urls
    for node in report["nodes"]:
        assert node["subscribers"] == SUBSCRIBERS // 2 and node["liveSubscribers"] == SUBSCRIBERS // 2, node
        assert node["writers"] == WRITERS // 2, node
    assert report["edits"]["acked"] == EDITS and report["edits"]["errors"] == 0, report["edits"]
    assert report["verification"]["passed"], report["verification"]
    deliveries = report["deliveries"]
    # Each edit reaches its checklist's SUBSCRIBERS / LISTS subscribers, half on each node.
    assert deliveries["count"] == EDITS * SUBSCRIBERS // LISTS, deliveries
    same, cross = deliveries["sameNode"], deliveries["crossNode"]
    assert same["count"] == cross["count"] == deliveries["latency"]["count"] // 2, (same, cross)
    assert same["count"] > 0 and 0 < same["p50"] <= same["p99"] <= same["max"], same
    assert 0 < cross["p50"] <= cross["p99"] <= cross["max"], cross


def test_several_urls_need_checkwire_nodes_the_bench_does_not_start(tmp_path):
    urls = ["--url", "ws://127.0.0.1:9/ws", "--url", "ws://127.0.0.1:10/ws"]
    refused = bench("lists", *urls, "--serve", os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN))
    assert refused.returncode != 0 and "give --url once per node" in refused.stderr, refused.stderr
    refused = bench("reconnect", *urls)
    assert refused.returncode != 0 and "give --url once" in refused.stderr, refused.stderr
