#!/usr/bin/env python3
"""Writes the link order of the functions that runs of `wayfinder` execute, from callgrind outputs.

usage: startup_order.py BINARY_NAME [--map LINK_MAP] CALLGRIND_OUT [CALLGRIND_OUT ...] [+ CALLGRIND_OUT ...] > startup.order

One symbol a line (lld's `--symbol-ordering-file`: the linker places the section that holds
each symbol in this order), in the order of the outputs given (the runs that matter most
first), each function once. Only functions of the object named BINARY_NAME count (not
those of the shared libraries it loads).

`+` separates groups of runs (the short runs, then the REPL session). With `--map` (lld's
`-Map` output of a link of the same code), each group lists first the functions whose
section is small, then those in a large section shared with many others: the linker moves
a section whole (each of SQLite's objects, CoreFoundation's, the standard library's main
object: up to 1.6 MB), so listed among the others they would spread them apart; after
them, the functions a run executes lie side by side and a run touches fewer pages of code.
"""
import re
import sys

# `fn=(12) name` defines id 12 the first time it appears (callgrind's name compression);
# later lines say `fn=(12)`. Called functions (`cfn=`) define names the same way.
LINE = re.compile(r"^(fn|cfn|ob|cob)=\((\d+)\)(?: (.*))?$")
# callgrind marks recursion levels (`'2`) and nothing else in a symbol's name.
RECURSION = re.compile(r"'\d+$")
# A line of lld's map: VMA, LMA, size, alignment, then the output section (no indent), an
# input section (8 spaces) or a symbol (16 spaces).
MAP_LINE = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ ( *)(.*)$")


def functions(path, binary_name):
    names, objects = {}, {}
    current_object = None
    with open(path, errors="replace") as f:
        for line in f:
            match = LINE.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            if kind in ("ob", "cob"):
                if name is not None:
                    objects[number] = name
                if kind == "ob":
                    current_object = objects.get(number, "")
                continue
            if name is not None:
                names[number] = name
            if kind == "fn" and current_object and current_object.rsplit("/", 1)[-1] == binary_name:
                symbol = names.get(number)
                if symbol:
                    yield RECURSION.sub("", symbol)


# A section larger than this, holding more than one function, is laid out after the others.
LARGE_SECTION = 16 * 1024


def shared_sections(map_path):
    """The symbols of the link map's `.text` that share a large input section with others."""
    shared, current, in_text, size = set(), [], False, 0
    with open(map_path, errors="replace") as f:
        for line in f:
            match = MAP_LINE.match(line.rstrip("\n"))
            if not match:
                continue
            section_size, indent, text = match.groups()
            if len(indent) == 0:
                in_text = text == ".text"
            if not in_text or len(indent) < 16:
                if len(current) > 1 and size > LARGE_SECTION:
                    shared.update(current)
                current, size = [], int(section_size, 16)
            elif len(indent) == 16:
                current.append(text)
    if len(current) > 1 and size > LARGE_SECTION:
        shared.update(current)
    return shared


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__.strip().splitlines()[2])
    binary_name = args.pop(0)
    shared = set()
    if args and args[0] == "--map":
        shared = shared_sections(args[1])
        args = args[2:]
    groups = [[]]
    for arg in args:
        if arg == "+":
            groups.append([])
        else:
            groups[-1].append(arg)
    seen = set()
    for group in groups:
        listed = []
        for path in group:
            for symbol in functions(path, binary_name):
                if symbol not in seen:
                    seen.add(symbol)
                    listed.append(symbol)
        for symbol in [s for s in listed if s not in shared] + [s for s in listed if s in shared]:
            print(symbol)


if __name__ == "__main__":
    main()
