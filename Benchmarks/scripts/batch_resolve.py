#!/usr/bin/env python3
"""Measures `wayfinder resolve -` (batch resolution) on the app's table: links per second with
the output to /dev/null, and peak resident memory, for each N links piped in.

usage: batch_resolve.py WAYFINDER_BINARY N [N ...]   -> one JSON object per N on stdout

The links cycle through the app's URL space, custom-scheme and web forms, with one bad link in
ten (an unknown screen, a type mismatch, a bad escape, a non-link). They are written by a
thread of this script into the pipe as the binary reads them, so that 10 million lines need
no file of their own; the time is from start to exit.
"""
import json
import resource
import subprocess
import sys
import threading
import time

GOOD = [
    "wayfinder://main/feed",
    "wayfinder://main/feed/post/{n}",
    "wayfinder://main/feed/post/{n}/comments",
    "wayfinder://main/feed/post/{n}/user/7",
    "wayfinder://main/search?q=swift",
    "wayfinder://main/search/post/{n}?q=a%20b",
    "https://wayfinder.example/main/me",
    "https://wayfinder.example/main/feed/post/{n}",
    "wayfinder://settings/profile",
]
BAD = [
    "wayfinder://main/feed/nope",
    "wayfinder://main/feed/post/x{n}",
    "wayfinder://main/search?q=%ZZ",
    "not a link {n}",
]


def lines(count):
    """The input, in blocks of about 64 KiB."""
    block = []
    for i in range(count):
        pattern = BAD[i % len(BAD)] if i % 10 == 9 else GOOD[i % len(GOOD)]
        block.append(pattern.format(n=i % 100_000))
        if len(block) == 2000:
            yield ("\n".join(block) + "\n").encode()
            block = []
    if block:
        yield ("\n".join(block) + "\n").encode()


def measure(binary, count):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    process = subprocess.Popen([binary, "resolve", "-"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)

    def feed():
        for block in lines(count):
            process.stdin.write(block)
        process.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    status = process.wait()
    writer.join()
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if status != 65:  # one link in ten is bad
        sys.exit(f"resolve - exited {status}, expected 65")
    return {
        "links": count,
        "seconds": round(elapsed, 3),
        "links_per_second": round(count / elapsed),
        # ru_maxrss of all children so far: the largest of the runs, so far.
        "peak_rss_mib": round(max(peak, before) / 1024, 1),
    }


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    for count in sys.argv[2:]:
        print(json.dumps(measure(sys.argv[1], int(count))), flush=True)


if __name__ == "__main__":
    main()
