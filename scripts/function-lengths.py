#!/usr/bin/env python3
"""Lists Swift functions longer than a bound (80 lines by default) and exits 1 if any is.

A function is a `func`, an `init`, a `subscript` or a computed property (`var x: T {`), from
its declaration's first line to its closing brace, its doc comment not counted. A nested
function counts inside its outer one too. Braces inside string literals and comments are
skipped, so the count is of code, not of what a string says.

    scripts/function-lengths.py [--max N] [PATH ...]    (default: Sources)
"""

import argparse
import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|open|static|class|final|override|mutating|"
    r"nonmutating|nonisolated|convenience|required|dynamic|lazy|indirect)(?:\([^)]*\))?\s+)*"
    r"(?:func\s|init[?!]?\s*[(<]|subscript\s*[(<]|var\s+\w+\s*:[^=]*\{\s*$|deinit\b)"
)


def code_only(lines):
    """The lines with string literals and comments blanked out (multi-line ones too)."""
    out = []
    in_block_comment = False
    in_multiline_string = False
    for line in lines:
        result = []
        i = 0
        while i < len(line):
            if in_block_comment:
                end = line.find("*/", i)
                if end < 0:
                    i = len(line)
                else:
                    in_block_comment = False
                    i = end + 2
                continue
            if in_multiline_string:
                end = line.find('"""', i)
                if end < 0:
                    i = len(line)
                else:
                    in_multiline_string = False
                    i = end + 3
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block_comment = True
                i += 2
                continue
            if line.startswith('"""', i):
                in_multiline_string = True
                i += 3
                continue
            if line[i] == '"':
                i = skip_string(line, i + 1)
                result.append('""')
                continue
            result.append(line[i])
            i += 1
        out.append("".join(result))
    return out


def skip_string(line, i):
    """The index after the string literal whose contents begin at `i` (interpolations included)."""
    depth = 0
    while i < len(line):
        c = line[i]
        if c == "\\" and i + 1 < len(line):
            if line[i + 1] == "(":
                depth += 1
                i += 2
                continue
            i += 2
            continue
        if depth and c == "(":
            depth += 1
        elif depth and c == ")":
            depth -= 1
        elif not depth and c == '"':
            return i + 1
        i += 1
    return i


def functions(path):
    """(name, first line, length) of every function in the file."""
    raw = path.read_text(encoding="utf-8").splitlines()
    code = code_only(raw)
    found = []
    for start, line in enumerate(code):
        if not DECLARATION.match(line):
            continue
        depth = 0
        opened = False
        for index in range(start, len(code)):
            text = code[index]
            if not opened and index > start and DECLARATION.match(text):
                break  # a requirement without a body (a protocol's)
            for c in text:
                if c == "{":
                    depth += 1
                    opened = True
                elif c == "}":
                    depth -= 1
            if opened and depth <= 0:
                found.append((raw[start].strip(), start + 1, index - start + 1))
                break
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=80)
    parser.add_argument("paths", nargs="*", default=["Sources"])
    arguments = parser.parse_args()
    over = []
    for root in arguments.paths:
        root = pathlib.Path(root)
        files = [root] if root.is_file() else sorted(root.rglob("*.swift"))
        for path in files:
            for name, line, length in functions(path):
                if length > arguments.max:
                    over.append((length, f"{path}:{line}", name))
    for length, place, name in sorted(over, reverse=True):
        print(f"{length:4d}  {place}  {name}")
    if over:
        print(f"{len(over)} function(s) over {arguments.max} lines", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
