#!/usr/bin/env python3
"""Checks every relative link in the repository's Markdown files.

A link `[text](path)`, `[text](path#anchor)`, `[text](#anchor)` or `![alt](image.png)` must
name a file that exists (relative to the file the link is in), and an anchor must be a
heading of that file as GitHub names it (or an explicit `<a id>`). Links with a scheme
(https:, mailto:) are not followed. Code blocks and inline code are skipped.

    scripts/check-links.py              # every tracked *.md file; exit 1 with a list if any is broken
    scripts/check-links.py README.md docs/benchmarks.md
"""

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")


def prose_lines(text):
    """The file's lines outside fenced code blocks, with inline code blanked out."""
    in_fence = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence or line.startswith("    ") and not line.lstrip().startswith(("-", "*", "|")):
            continue
        yield number, re.sub(r"`[^`]*`", "``", line)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "").replace("*", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        names, seen = set(), {}
        for _, line in prose_lines(path.read_text(encoding="utf-8")):
            names.update(EXPLICIT_ANCHOR.findall(line))
        in_fence = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if FENCE.match(line):
                in_fence = not in_fence
                continue
            match = None if in_fence else HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                names.add(base if count == 0 else f"{base}-{count}")
        cache[path] = names
    return cache[path]


def broken_links(path):
    text = path.read_text(encoding="utf-8")
    for number, line in prose_lines(text):
        targets = INLINE_LINK.findall(line)
        definition = REFERENCE_DEFINITION.match(line)
        if definition:
            targets.append(definition.group(1))
        for target in targets:
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if not linked.exists():
                yield number, target, "no such file"
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                yield number, target, "no such heading"


def markdown_files(arguments):
    if arguments:
        return [Path(a).resolve() for a in arguments]
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout.split()
    return [REPO / name for name in listed if (REPO / name).exists()]


def main():
    files = markdown_files(sys.argv[1:])
    problems = [(path, *problem) for path in files for problem in broken_links(path)]
    for path, number, target, reason in problems:
        print(f"{path.relative_to(REPO)}:{number}: {target}: {reason}")
    print(f"links: {len(files)} files checked, {len(problems)} broken")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
