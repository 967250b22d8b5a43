#!/usr/bin/env python3
"""Writes the link order of the functions that runs of `wayfinder` execute, from callgrind outputs.

usage: startup_order.py BINARY_NAME CALLGRIND_OUT [CALLGRIND_OUT ...] > startup.order

One symbol a line (lld's `--symbol-ordering-file`: the linker places the section that holds
each symbol in this order), in the order of the outputs given (the runs that matter most
first), each function once. Only functions of the object named BINARY_NAME count (not
those of the shared libraries it loads).
"""
import re
import sys

# `fn=(12) name` defines id 12 the first time it appears (callgrind's name compression);
# later lines say `fn=(12)`. Called functions (`cfn=`) define names the same way.
LINE = re.compile(r"^(fn|cfn|ob|cob)=\((\d+)\)(?: (.*))?$")
# callgrind marks recursion levels (`'2`) and nothing else in a symbol's name.
RECURSION = re.compile(r"'\d+$")


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


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2])
    binary_name = sys.argv[1]
    seen = set()
    for path in sys.argv[2:]:
        for symbol in functions(path, binary_name):
            if symbol not in seen:
                seen.add(symbol)
                print(symbol)


if __name__ == "__main__":
    main()
