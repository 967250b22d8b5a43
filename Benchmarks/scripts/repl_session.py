#!/usr/bin/env python3
"""Pipes a generated REPL session of N navigation commands into the real `wayfinder` binary
(output to /dev/null) and reports commands per second and peak resident memory.

usage: repl_session.py WAYFINDER_BINARY N [N ...]   -> one JSON object per N on stdout
       repl_session.py --script N                   -> the script of N commands (sign-in first)

Each session signs in (`login alice`, `wonderland`) and then cycles through navigation
commands (post, comments, back, tab, open <url>, root, author). The data directory is a
fresh temporary one, prepared once by a short warm-up session, so that every measured
session starts from the same database; `--fresh` starts it on the first screen.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

CYCLE = [
    "post 3",
    "comments",
    "back",
    "back",
    "tab search",
    "tab feed",
    "open wayfinder://main/feed/post/5/comments",
    "root",
    "post 7",
    "author",
    "back",
    "root",
]


def script(count, sign_out=False):
    lines = ["login alice", "wonderland"]
    lines += [CYCLE[i % len(CYCLE)] for i in range(count)]
    if sign_out:
        lines.append("logout")
    return "\n".join(lines) + "\n"


def run(binary, data, count, workdir, sign_out=False):
    path = os.path.join(workdir, f"session-{count}.txt")
    with open(path, "w") as f:
        f.write(script(count, sign_out))
    errors = os.path.join(workdir, f"session-{count}.err")
    with open(path) as stdin, open(os.devnull, "w") as stdout, open(errors, "w") as stderr:
        start = time.perf_counter()
        process = subprocess.Popen([binary, "--data-dir", data, "--fresh"], stdin=stdin, stdout=stdout, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
    with open(errors) as f:
        error_lines = f.read().splitlines()
    return {
        "commands": count,
        "seconds": round(elapsed, 4),
        "commandsPerSecond": round(count / elapsed),
        "peakRSSMiB": round(usage.ru_maxrss / 1024, 1),
        "exitStatus": os.waitstatus_to_exitcode(status),
        "stderrLines": len(error_lines),
        "firstError": error_lines[0] if error_lines else None,
    }


def main():
    if sys.argv[1] == "--script":
        # The same session, for other tools.
        sys.stdout.write(script(int(sys.argv[2])))
        return
    binary = os.path.abspath(sys.argv[1])
    counts = [int(n) for n in sys.argv[2:]]
    workdir = tempfile.mkdtemp(prefix="wayfinder-repl-bench-")
    try:
        template = os.path.join(workdir, "template")
        os.mkdir(template)
        warm_up = run(binary, template, len(CYCLE), workdir, sign_out=True)  # makes the database
        if warm_up["exitStatus"] != 0 or warm_up["stderrLines"]:
            sys.exit(f"warm-up session failed: {warm_up}")
        for count in counts:
            data = os.path.join(workdir, f"data-{count}")
            shutil.copytree(template, data)
            print(json.dumps(run(binary, data, count, workdir)), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
