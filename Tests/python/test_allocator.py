"""The checkwire binary allocates with jemalloc.

It is linked for speed and memory (docs/benchmarks.md, "jemalloc": an event is just past
the largest size glibc's per-thread cache serves). A build that lost the link would still
work, only slower and larger, so nothing else would notice: this does. jemalloc prints its
statistics at exit when MALLOC_CONF asks; glibc's malloc ignores the variable.
"""

import os
import subprocess

DEFAULT_BIN = "/work/main/.build/debug/checkwire"


def test_the_binary_allocates_with_jemalloc():
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    result = subprocess.run(
        [binary, "--help"],
        env={**os.environ, "MALLOC_CONF": "stats_print:true"},
        capture_output=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr[-500:]
    assert b"Begin jemalloc statistics" in result.stderr, result.stderr[-500:]
