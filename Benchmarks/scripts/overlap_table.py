#!/usr/bin/env python3
"""Writes a .routes "star" table whose patterns all overlap, to standard output.

    python3 Benchmarks/scripts/overlap_table.py 800 > /tmp/star800.routes
    wayfinder routes check /tmp/star800.routes
    wayfinder resolve --routes /tmp/star800.routes star://app/a

One root screen `home` and N push screens after it (N >= 1, 800 by default). Every two
of the N patterns can match the same segments: each is built of sets that share the word
`a` (`{w:a|c7}`), string parameters and the literal `a`, in five shapes, so there are
N(N-1)/2 overlapping pairs, all in one group. No pattern has an int, double or uuid
parameter, so the table has no errors; the link `star://app/a` opens screen s0.

With --mixed, the patterns are `x<i>/{s:string}` and `{s:string}/x<i>` in turn: each of
one kind overlaps every one of the other and none of its own (N²/4 pairs, one group),
and the first segments are N/2 different literals.
"""
import sys


def pattern(index: int) -> str:
    words = f"a|c{index}"
    shapes = [
        f"{{w:{words}}}",
        f"{{w:{words}}}/{{s:string}}",
        f"{{s:string}}/{{w:{words}}}",
        f"{{w:{words}}}/{{v:a|d{index}}}",
        f"a/{{w:{words}}}",
    ]
    return shapes[index % len(shapes)]


def mixed(index: int) -> str:
    return f"x{index}/{{s:string}}" if index % 2 == 0 else f"{{s:string}}/x{index}"


def main() -> None:
    arguments = sys.argv[1:]
    shape = mixed if "--mixed" in arguments else pattern
    numbers = [argument for argument in arguments if argument != "--mixed"]
    if len(numbers) > 1 or (numbers and not numbers[0].isdigit()):
        sys.exit("usage: overlap_table.py [--mixed] [SCREENS >= 1]")
    count = int(numbers[0]) if numbers else 800
    if count < 1:
        sys.exit("usage: overlap_table.py [--mixed] [SCREENS >= 1]")
    lines = ["scheme star", "flow app", "screen home app root"]
    lines += [f"screen s{index} app push {shape(index)} after home" for index in range(count)]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
