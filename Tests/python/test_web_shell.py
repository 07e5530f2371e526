"""The service worker's offline shell lists every file of the web client: a module missing
from it breaks every import chain that reaches it on an offline reload (the page stays
blank). Found when a new view module was added without it."""

import re
from pathlib import Path

PUBLIC = Path(__file__).resolve().parents[2] / "Public"


def test_the_offline_shell_lists_every_web_client_file():
    source = (PUBLIC / "sw.js").read_text()
    shell = set(re.findall(r'"([^"]+)"', source.split("const SHELL = [", 1)[1].split("];", 1)[0]))
    files = {str(path.relative_to(PUBLIC)) for path in PUBLIC.rglob("*") if path.is_file() and path.name != "sw.js"}
    missing = sorted(files - shell)
    assert not missing, f"add these to SHELL in Public/sw.js (and bump CACHE): {missing}"
    stale = sorted(name for name in shell - files if name not in ("./",))
    assert not stale, f"SHELL lists files that do not exist: {stale}"
