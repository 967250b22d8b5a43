#!/usr/bin/env python3
"""Writes Benchmarks/RESULTS.md and Benchmarks/chart.svg from the raw outputs of the last
`make bench` run (Benchmarks/results/). Standard library only.

usage: report.py BENCHMARKS_DIRECTORY
"""
import glob
import json
import math
import os
import re
import statistics
import sys

UNITS_NS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
COUNT_SCALE = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
SIZES = [10, 100, 1000, 10000]


def parse_benchmarks(path):
    """{name: {"time": {"p50": ns, ...}, "mallocs": {"p50": n, ...}, "samples": n}} from the markdown export."""
    results, name = {}, None
    columns = ["p0", "p25", "p50", "p75", "p90", "p99", "p100", "samples"]
    for line in open(path, encoding="utf-8"):
        if line.startswith("### "):
            name = line[4:].strip()
            results[name] = {}
            continue
        if not name or not line.startswith("|") or line.startswith("|:") or "Metric" in line:
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        metric, values = cells[0], [float(value) for value in cells[1:9]]
        unit = re.search(r"\(([^)]*)\)\s*\*?$", metric)
        unit = unit.group(1) if unit else ""
        if metric.startswith("Time"):
            scale, key = UNITS_NS[unit], "time"
        elif metric.startswith("Malloc"):
            scale, key = COUNT_SCALE.get(unit, 1), "mallocs"
        elif metric.startswith(("First", "Second")):
            # A paired benchmark's custom metrics (Paired.swift): picoseconds per operation
            # for each side, and the second's time over the first's in hundredths; a
            # trailing "(K)" scales by 1,000. Stored as ns and as a plain ratio.
            key = "ratio" if "/" in metric else ("first" if metric.startswith("First") else "second")
            scale = COUNT_SCALE.get(unit, 1) / (100 if key == "ratio" else 1e3)
        else:
            continue
        results[name][key] = {column: value * (scale if column != "samples" else 1) for column, value in zip(columns, values)}
    return results


def read_lines(path):
    return [json.loads(line) for line in open(path) if line.strip().startswith("{")]


def read_machine(path):
    machine = {}
    for line in open(path):
        key, _, value = line.rstrip("\n").partition("=")
        machine[key] = value
    return machine


def ns(value):
    if value >= 1e6:
        return f"{value / 1e6:,.2f} ms"
    if value >= 1e4:
        return f"{value / 1e3:,.1f} µs"
    return f"{value:,.0f} ns"


def chart(path, wayfinder, routing_kit, hummingbird):
    """Time per lookup against table size, the three routers, log-log."""
    width, height, left, right, top, bottom = 820, 420, 80, 230, 50, 60
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for v in wayfinder + routing_kit + hummingbird if v]
    low = 10 ** math.floor(math.log10(min(values) * 0.8))
    high = 10 ** math.ceil(math.log10(max(values) * 1.25))

    def x(size):
        return left + plot_w * (math.log10(size) - 1) / 3

    def y(value):
        return top + plot_h * (1 - (math.log10(value) - math.log10(low)) / (math.log10(high) - math.log10(low)))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="28" font-size="16" font-weight="bold">Full resolution, URL → typed state: median time per lookup</text>']
    decade = low
    while decade <= high:
        for step in range(1, 10):
            value = decade * step
            if value < low or value > high:
                continue
            out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
                       f'stroke="{"#bbb" if step == 1 else "#eee"}"/>')
            if step in (1, 2, 5):
                label = f"{value / 1e6:g} ms" if value >= 1e6 else f"{value / 1e3:g} µs" if value >= 1e4 else f"{value:,.0f} ns"
                out.append(f'<text x="{left - 8}" y="{y(value) + 4:.1f}" text-anchor="end">{label}</text>')
        decade *= 10
    for size in SIZES:
        out.append(f'<line x1="{x(size):.1f}" x2="{x(size):.1f}" y1="{top}" y2="{top + plot_h}" stroke="#eee"/>')
        out.append(f'<text x="{x(size):.1f}" y="{top + plot_h + 20}" text-anchor="middle">{size:,}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 18}" text-anchor="middle">routes in the table (N)</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>')
    # Each series' values are written above its points, routing-kit's below (Hummingbird's
    # line starts just above it).
    for label, series, colour, offset in (("Hummingbird 2.28.1 RouterTrie", hummingbird, "#2e8b57", -8),
                                          ("routing-kit 4.9.3 TrieRouter", routing_kit, "#c0392b", 17),
                                          ("Wayfinder", wayfinder, "#1f5fbf", -8)):
        points = [(x(size), y(value)) for size, value in zip(SIZES, series) if value]
        out.append('<polyline fill="none" stroke="{}" stroke-width="2.5" points="{}"/>'.format(
            colour, " ".join(f"{px:.1f},{py:.1f}" for px, py in points)))
        for (px, py), value in zip(points, [v for v in series if v]):
            out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="4" fill="{colour}"/>')
            out.append(f'<text x="{px + 6:.1f}" y="{py + offset:.1f}" fill="{colour}" font-size="11">{ns(value)}</text>')
        out.append(f'<text x="{left + plot_w + 12}" y="{points[-1][1] + 4:.1f}" fill="{colour}">{label}</text>')
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(out) + "\n")


def verdict(met):
    return "**met**" if met else "**missed**"


def read_startup(results_dir):
    """The cold starts: hyperfine's rounds (`startup-N.json`) pooled per command. `median`,
    `mean` and `stddev` are over every run; `ratio` (to hello) is the median of the rounds'
    ratios of medians, with its quartiles; `toParsed` the same against `hello-parsed`."""
    rounds = [json.load(open(path))["results"]
              for path in sorted(glob.glob(os.path.join(results_dir, "startup-*.json")))]
    parsed = next(i for i, r in enumerate(rounds[0]) if r["command"] == "hello-parsed URL")
    commands = []
    for index, first in enumerate(rounds[0]):
        times = [t for results in rounds for t in results[index]["times"]]
        ratios = sorted(results[index]["median"] / results[0]["median"] for results in rounds)
        to_parsed = sorted(results[index]["median"] / results[parsed]["median"] for results in rounds)
        quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
        parsed_quartiles = statistics.quantiles(to_parsed, n=4) if len(to_parsed) > 1 else [to_parsed[0]] * 3
        commands.append({
            "command": first["command"], "median": statistics.median(times),
            "mean": statistics.mean(times), "stddev": statistics.pstdev(times), "runs": len(times),
            "ratio": statistics.median(ratios), "ratioP25": quartiles[0], "ratioP75": quartiles[2],
            "toParsed": statistics.median(to_parsed), "toParsedP25": parsed_quartiles[0],
            "toParsedP75": parsed_quartiles[2],
        })
    return commands, len(rounds)


def main():
    directory = sys.argv[1]
    results_dir = os.path.join(directory, "results")
    bench = parse_benchmarks(os.path.join(results_dir, "benchmarks.md"))
    check = read_lines(os.path.join(results_dir, "check.jsonl"))
    repl = read_lines(os.path.join(results_dir, "repl.jsonl"))
    batch = read_lines(os.path.join(results_dir, "batch.jsonl"))
    startup, startup_rounds = read_startup(results_dir)
    machine = read_machine(os.path.join(results_dir, "machine.txt"))

    def p50(name, key="time"):
        return bench[name][key]["p50"]

    def worst(name, key="mallocs"):
        return bench[name][key]["p100"]

    wayfinder = [p50(f"Resolve.Wayfinder.N{size}") for size in SIZES]
    routing_kit = [p50(f"Resolve.RoutingKit.N{size}") for size in SIZES]
    hummingbird = [p50(f"Resolve.Hummingbird.N{size}") for size in SIZES]
    chart(os.path.join(directory, "chart.svg"), wayfinder, routing_kit, hummingbird)

    # The three ratio targets, from the paired benchmarks (both sides timed batch by batch in
    # turn, the median of the per-batch ratios); the separate benchmarks' ratios are shown too.
    paired_kit = bench["Paired.Resolve.Wayfinder.RoutingKit.N1000"]
    paired_bird = bench["Paired.Resolve.Wayfinder.Hummingbird.N1000"]
    ratio_bird = paired_bird["ratio"]["p50"]
    separate_ratio_bird = hummingbird[2] / wayfinder[2]
    paired_flat = bench["Paired.Resolve.Wayfinder.N10.N10000"]
    paired_print = bench["Paired.Resolve.Print.N1000"]
    ratio_1000 = paired_kit["ratio"]["p50"]
    flatness = paired_flat["ratio"]["p50"]
    print_state_ratio = paired_print["ratio"]["p50"]
    separate_ratio_1000 = routing_kit[2] / wayfinder[2]
    separate_flatness = wayfinder[3] / wayfinder[0]
    accepted = p50("Resolve.Wayfinder.accepted.N1000")
    print_ratio = p50("Print.routes.N1000") / accepted
    separate_print_state_ratio = p50("Print.state.N1000") / accepted

    def spread(result):
        return f"p25–p75 {result['ratio']['p25']:.2f}–{result['ratio']['p75']:.2f}×, {result['ratio']['samples']:,.0f} batches"
    push_ratio = p50("Navigate.pushPop.depth14") / p50("Navigate.pushPop.depth1")
    present_ratio = p50("Navigate.presentDismiss.depth14") / p50("Navigate.presentDismiss.depth1")
    stack_ratio = p50("Stack.pushPop.depth1000") / p50("Stack.pushPop.depth10")
    long_session, short_session = max(repl, key=lambda r: r["commands"]), min(repl, key=lambda r: r["commands"])
    rss_growth = long_session["peakRSSMiB"] - short_session["peakRSSMiB"]
    starts = {r["command"]: r for r in startup}
    hello = starts["hello"]["median"]
    open_start = starts["wayfinder open URL --format json"]
    signed_in_start = starts["wayfinder open URL --format json (signed in)"]
    open_json, signed_in = open_start["median"], signed_in_start["median"]
    open_ratio, signed_in_ratio = open_start["ratio"], signed_in_start["ratio"]
    resolve_ratio = starts["wayfinder resolve URL"]["ratio"]
    linked_ratio, parsed_ratio = starts["hello-linked"]["ratio"], starts["hello-parsed URL"]["ratio"]
    ints_mallocs, strings_mallocs = worst("Resolve.Wayfinder.accepted.ints.N1000"), worst("Resolve.Wayfinder.accepted.strings.N1000")
    stored_mallocs = worst("Resolve.Wayfinder.accepted.stored.N1000")
    accepted_mallocs = max(ints_mallocs, strings_mallocs, stored_mallocs)
    rejected_mallocs = worst("Resolve.Wayfinder.rejected.N1000")
    n1000 = next(c for c in check if c["routes"] == 1000)

    lines = []
    add = lines.append
    add("# Wayfinder benchmarks")
    add("")
    add("Generated by `make bench` (`Benchmarks/scripts/bench.sh`, then `scripts/report.py`) from the run")
    add("whose raw outputs are in `Benchmarks/results/`. Every figure below is from that one run: medians")
    add("(p50) of package-benchmark samples, or of hyperfine runs. Wall-clock figures on these shared")
    add("machines move by up to 2× between runs, and so does the ratio of two benchmarks timed at different")
    add("moments: the targets' ratios come from *paired* benchmarks, which time a batch of each side in turn")
    add("in every iteration (a few milliseconds each) and take the median of the per-iteration ratios")
    add("(`Benchmarks/Benchmarks/WayfinderBenchmarks/Paired.swift`). Malloc counts are exact.")
    add("")
    add(f"- **Machine:** {machine['cpu']}, {machine['cores']} cores, {machine['memory']}; {machine['os']}")
    add(f"- **Toolchain:** {machine['swift']}; package-benchmark 1.38.1 (malloc counts through its MallocInterposer trait); {machine['hyperfine']}")
    add(f"- **Date:** {machine['date']}; **code:** {machine['commit']}")
    add("- **Command:** `make bench` (about five minutes from clean, mostly building)")
    add("")
    add("## Targets")
    add("")
    add("Each target's headline figure beside the previous run's (`results/targets-previous.json`: `make bench` keeps there")
    add("the figures of the run before it; this run's are in `results/targets.json`).")
    previous = {}
    if os.path.exists(os.path.join(results_dir, "targets-previous.json")):
        with open(os.path.join(results_dir, "targets-previous.json"), encoding="utf-8") as file:
            previous = json.load(file)
    headline = {"commit": machine["commit"]}
    if "commit" in previous:
        add("")
        add(f"The previous run was on code {previous['commit']}.")
    add("")
    add("| target | measured | headline | previous run | verdict |")
    add("|---|---|---|---|---|")

    def target(key, text, measured, figure, verdict_text):
        headline[key] = figure
        add(f"| {text} | {measured} | **{figure}** | {previous.get(key, '—')} | {verdict_text} |")

    # 4× since every index of the resolver is checked in every build ("The house II"; 5× before).
    resolution_shortfall = "" if ratio_1000 >= 4 else f" (by {4 / ratio_1000:.2f}×: {ns(paired_kit['first']['p50'] - paired_kit['second']['p50'] / 4)} a lookup too many)"
    target("resolution", "Full resolution at N = 1,000 at least 4× faster than routing-kit's minimal path, every index checked in every build",
           f"paired: {ns(paired_kit['first']['p50'])} against {ns(paired_kit['second']['p50'])} ({spread(paired_kit)}); separate benchmarks {ns(wayfinder[2])} against {ns(routing_kit[2])}: {separate_ratio_1000:.1f}×",
           f"{ratio_1000:.1f}×", verdict(ratio_1000 >= 4) + resolution_shortfall)
    # Refused links cost Hummingbird far more than accepted ones: the headline gives them apart.
    bird_accepted = p50('Resolve.Hummingbird.accepted.N1000') / p50('Resolve.Wayfinder.accepted.N1000')
    bird_rejected = p50('Resolve.Hummingbird.rejected.N1000') / p50('Resolve.Wayfinder.rejected.N1000')
    target("hummingbird", "Full resolution at N = 1,000 at least as fast as Hummingbird's router (its binary trie, used the least way it can be; reported beside routing-kit), accepted and refused links apart",
           f"accepted: {ns(p50('Resolve.Wayfinder.accepted.N1000'))} against {ns(p50('Resolve.Hummingbird.accepted.N1000'))}; refused: {ns(p50('Resolve.Wayfinder.rejected.N1000'))} against {ns(p50('Resolve.Hummingbird.rejected.N1000'))}; all 1,024 links paired: {ns(paired_bird['first']['p50'])} against {ns(paired_bird['second']['p50'])} ({spread(paired_bird)}), {ratio_bird:.1f}×",
           f"{bird_accepted:.1f}× accepted / {bird_rejected:.0f}× refused", verdict(bird_accepted >= 1 and bird_rejected >= 1))
    target("allocations", "At most 2 allocations per resolved link, result included; none for a rejected link",
           f"{ints_mallocs:.0f} for a link whose values are ints, {strings_mallocs:.0f} for one with short strings (both kept in place), {stored_mallocs:.0f} for one that does not fit in place (a 9-byte-or-longer tag with a page number), {rejected_mallocs:.0f} for a rejected one (worst samples)",
           f"{accepted_mallocs:.0f} / {rejected_mallocs:.0f}", verdict(accepted_mallocs <= 2 and rejected_mallocs == 0))
    target("flatness", "Flat in table size: N = 10,000 within 1.5× of N = 10",
           f"paired: {ns(paired_flat['second']['p50'])} against {ns(paired_flat['first']['p50'])} ({spread(paired_flat)}); separate benchmarks {ns(wayfinder[3])} against {ns(wayfinder[0])}: {separate_flatness:.2f}×",
           f"{flatness:.2f}×", verdict(flatness <= 1.5))
    target("printing", "Printing a state costs no more than 2× resolving its link",
           f"paired, each state after its link: `link(for:)` {ns(paired_print['second']['p50'])} against {ns(paired_print['first']['p50'])} ({spread(paired_print)}); separate benchmarks: `link(for:)` {ns(p50('Print.state.N1000'))}, {separate_print_state_ratio:.2f}×, the printer `link(flow:tab:stack:presentation:)` {ns(p50('Print.routes.N1000'))}, {print_ratio:.2f}×, against {ns(accepted)}",
           f"{print_state_ratio:.2f}×", verdict(print_state_ratio <= 2))
    star, dense, dense_link = p50("Load.Star800"), p50("Load.Dense200"), p50("Resolve.Dense200.FiveSegments")
    target("table_size", "Table size: the 800-screen star table and the 200-screen dense table (40,000 edges) each load and check in under 0.5 s; a five-segment link on the dense table resolves in under 100 µs",
           f"loading and checking (parse, then the overlap warnings): star {ns(star)}, dense {ns(dense)} (19,900 warnings); the link `t://app/a/b/a/b/c7` {ns(dense_link)}",
           f"{ns(max(star, dense))} / {ns(dense_link)}", verdict(max(star, dense) < 0.5e9 and dense_link < 100e3))
    target("stack", "Push/pop/present per operation: `Navigator` at depth 14 (the deepest the link limits allow; each intent checks its round trip) against depth 1; the `RouteStack` value at 1,000 within 1.5× of 10",
           f"`Navigator` push+pop {push_ratio:.1f}× ({ns(p50('Navigate.pushPop.depth14'))} against {ns(p50('Navigate.pushPop.depth1'))}); present+dismiss {present_ratio:.2f}×",
           f"{stack_ratio:.2f}×", verdict(stack_ratio <= 1.5) + " for the value; the intents are bounded by the link limits")
    rate = long_session["commandsPerSecond"]
    shortfall = "" if rate >= 15000 else f" (by {15000 / rate:.2f}×)"
    target("repl_rate", "REPL: at least 15,000 commands per second piped",
           f"over {long_session['commands']:,} commands ({long_session['seconds']:.1f} s)", f"{rate:,}/s", verdict(rate >= 15000) + shortfall)
    target("repl_memory", "REPL: peak memory under 40 MiB, not growing with the session",
           f"{short_session['peakRSSMiB']} MiB at {short_session['commands']:,} commands, {long_session['peakRSSMiB']} MiB at {long_session['commands']:,} ({rss_growth:+.1f} MiB)",
           f"{long_session['peakRSSMiB']} MiB", f"{verdict(long_session['peakRSSMiB'] < 40)} for the size; {verdict(rss_growth < 1)} for growth")
    fewest_links, most_links = min(batch, key=lambda r: r["links"]), max(batch, key=lambda r: r["links"])
    batch_rate = min(r["links_per_second"] for r in batch)
    target("batch", "`resolve -`: at least 300,000 links per second to `/dev/null` on the app's table; flat memory for 10 million lines",
           f"the slower of {len(batch)} runs (`scripts/batch_resolve.py`); peak {fewest_links['peak_rss_mib']} MiB at {fewest_links['links']:,} links, {most_links['peak_rss_mib']} MiB at {most_links['links']:,}",
           f"{batch_rate:,}/s", f"{verdict(batch_rate >= 300000)} for speed; {verdict(most_links['peak_rss_mib'] - fewest_links['peak_rss_mib'] < 1)} for memory")

    def quartiles(start):
        return f"p25–p75 {start['toParsedP25']:.2f}–{start['toParsedP75']:.2f}× over {startup_rounds} rounds"

    out_to_parsed, in_to_parsed = open_start["toParsed"], signed_in_start["toParsed"]
    parsed = starts["hello-parsed URL"]["median"]
    target("cold_start_parsed", "Cold start of `wayfinder open URL --format json` within 1.5× `hello-parsed` (a static binary that parses one argument with ArgumentParser) signed out, 2× signed in (all `swift build -c release --static-swift-stdlib`)",
           f"signed out {ns(open_json * 1e9)} against {ns(parsed * 1e9)}: {out_to_parsed:.2f}× ({quartiles(open_start)}); signed in (the session read from the database) {ns(signed_in * 1e9)}: {in_to_parsed:.2f}× ({quartiles(signed_in_start)}). Against a plain static hello ({ns(hello * 1e9)}): `open` {open_ratio:.2f}× and {signed_in_ratio:.2f}×, `wayfinder resolve URL` {resolve_ratio:.2f}×, hello with `wayfinder`'s libraries linked {linked_ratio:.2f}×, `hello-parsed` {parsed_ratio:.2f}×",
           f"{out_to_parsed:.2f}× / {in_to_parsed:.2f}×", verdict(out_to_parsed <= 1.5 and in_to_parsed <= 2))
    add("")
    with open(os.path.join(results_dir, "targets.json"), "w", encoding="utf-8") as file:
        json.dump(headline, file, indent=1, ensure_ascii=False)
        file.write("\n")
    add("Where a target is missed, see *Where the time goes* below.")
    add("")
    add("## Full resolution: URL string → typed state, side by side with routing-kit and Hummingbird")
    add("")
    add("![Median time per lookup against table size](chart.svg)")
    add("")
    add("| N (routes) | Wayfinder | routing-kit | routing-kit ÷ Wayfinder | Hummingbird | Hummingbird ÷ Wayfinder | mallocs: Wayfinder, routing-kit, Hummingbird |")
    add("|---:|---:|---:|---:|---:|---:|---:|")
    for size, ours, theirs, bird in zip(SIZES, wayfinder, routing_kit, hummingbird):
        mallocs = ", ".join(f"{p50(f'Resolve.{side}.N{size}', 'mallocs'):.0f}" for side in ("Wayfinder", "RoutingKit", "Hummingbird"))
        add(f"| {size:,} | {ns(ours)} | {ns(theirs)} | {theirs / ours:.1f}× | {ns(bird)} | {bird / ours:,.1f}× | {mallocs} |")
    add("")
    add(f"At N = 1,000, resolved links alone: {ns(accepted)}; those whose values are all ints {ns(p50('Resolve.Wayfinder.accepted.ints.N1000'))} and "
        f"{ints_mallocs:.0f} mallocs, those with a string value {ns(p50('Resolve.Wayfinder.accepted.strings.N1000'))} and {strings_mallocs:.0f}, "
        f"those among them that do not fit in place {ns(p50('Resolve.Wayfinder.accepted.stored.N1000'))} and {stored_mallocs:.0f}; "
        f"rejected links alone: {ns(p50('Resolve.Wayfinder.rejected.N1000'))} and {rejected_mallocs:.0f} mallocs. (Malloc counts are per operation, "
        "rounded down over each iteration of 1,000.)")
    add("")
    add("**The table.** N = 10 × sections. Each section `topic<k>` has ten URL shapes: `main/<s>`, `…/post/{id:int}`,")
    add("`…/post/{id}/comments`, `…/post/{id}/comments/{cid:int}`, `…/post/{id}/user/{uid:int}`, `…/user/{uid:int}`,")
    add("`…/tag/{tag}`, `…/tag/{tag}/page/{n:int}`, `…/search?q=` and `…/compose` (a sheet). For Wayfinder it is a generated")
    add("`.routes` graph (eight screens per section with their edges, one `search` screen after every section, as query keys")
    add("are unique in a flow); for routing-kit and Hummingbird the same shapes are registered as `main/<s>/post/:id` and so on")
    add("(`Benchmarks/Sources/BenchTable/RouteTable.swift`).")
    add("")
    add(f"**The inputs.** 1,024 deterministic links per table size (SplitMix64): nine in ten well-formed, uniform over sections and")
    add(f"shapes with random ids and some escapes (`server%20side`, `caf%C3%A9`, `q=hello%20world`); one in ten a near miss (unknown")
    add(f"section, `post/123x`, an unknown last segment, `tag/%ZZ…`, one segment too many). At N = 1,000: {n1000['inputs']} links,")
    add(f"{n1000['withEscapes']} with escapes; Wayfinder resolves {n1000['wayfinderAccepted']} ({100 * n1000['wayfinderAccepted'] / n1000['inputs']:.0f}%), routing-kit {n1000['routingKitAccepted']} (it also takes `%ZZ`, which it")
    add(f"cannot decode and keeps as is), Hummingbird {n1000['hummingbirdAccepted']}. `bench-check` verifies, before the run, that the three routers read every link Wayfinder accepts")
    add(f"into the same route and values, and that each side's benchmarked path accepts the links its full reading does, Hummingbird's")
    add(f"to the value ({sum(c['disagreements'] for c in check)} disagreements over all table sizes).")
    add("")
    add("**What each side does per link** (same process, same inputs, each benchmark iteration 1,000 lookups):")
    add("")
    add("- *Wayfinder:* `RouteGraph.resolve(_:)` — scheme and host (case-insensitive), the 2,048-byte, 32-segment and")
    add("  256-byte limits, raw spaces and controls, splitting, percent-decoding with UTF-8 and control-character checks, the")
    add("  walk through the graph (literals before typed parameters before strings, backtracking), typed conversion, the query,")
    add("  the whole back stack — then every typed value read back through `value(step:slot:)` and the top screen's name, or")
    add("  the `DeepLinkError` for a rejected link (`WayfinderSide.resolve`).")
    add("- *routing-kit:* the least it can do: check the `bench://` prefix, split the path (up to `?`) on `/` into `[String]`,")
    add("  `TrieRouter.route(path:parameters:)` with a `Parameters` reusing one logger (`Parameters()` would make a new one per")
    add("  lookup), then `parameters.get(_:as: Int.self)` for the ints. It checks no limit, no control character and no query,")
    add("  builds no back stack, and percent-decodes every parameter with Foundation (`removingPercentEncoding`) inside")
    add("  `Parameters.set` (`RoutingKitSide.resolve`).")
    add("- *Hummingbird:* the least its router can do: its binary trie (`RouterTrie`, which `Router.buildResponder()` builds and")
    add("  `RouterResponder` resolves each request's path with), built from a `RouterPathTrieBuilder` (`@_spi(Internal)`) and queried")
    add("  with the public `RouterTrie.resolve(_:)`: no request, context, responder or `async`. Per link: check the `bench://` prefix,")
    add("  copy the path (up to `?`) into the `String` that `resolve(_:)` takes (the trie splits it on `/`), `resolve(_:)`, then")
    add("  `parameters.get(_:as: Int.self)` for the ints and the tag percent-decoded (Hummingbird leaves escapes in path")
    add("  parameters; Foundation's `removingPercentEncoding`, only for a tag with a `%`; one that does not decode is refused). It")
    add("  checks no limit, no control character and no query, and builds no back stack (`HummingbirdSide.resolve`).")
    add("")
    add("## Everything measured")
    add("")
    add("| benchmark | median time per operation | mallocs per operation |")
    add("|---|---:|---:|")
    descriptions = {
        "Resolve.Wayfinder.accepted.N1000": "the links Wayfinder resolves",
        "Resolve.Wayfinder.accepted.ints.N1000": "those whose values are all ints or absent",
        "Resolve.Wayfinder.accepted.strings.N1000": "those with a string value (tag, search)",
        "Resolve.Wayfinder.accepted.stored.N1000": "those that do not fit in place (a long tag with a page number)",
        "Resolve.Wayfinder.rejected.N1000": "the links Wayfinder rejects",
        "Resolve.Hummingbird.accepted.N1000": "Hummingbird on the links Wayfinder resolves (it resolves the same)",
        "Resolve.Hummingbird.rejected.N1000": "Hummingbird on the links Wayfinder rejects",
        "Print.routes.N1000": "state → URL: `link(flow:tab:stack:presentation:)` on the states the accepted links open",
        "Print.state.N1000": "state → URL: `link(for: NavigationState)` (what `Navigator.url` does), same states",
        "Navigate.pushPop.depth1": "`Navigator.push` / `pop` alternately, 1 screen deep (checked, round trip checked, recorded for undo)",
        "Navigate.pushPop.depth14": "the same, 14 screens deep (the deepest the link limits allow)",
        "Navigate.presentDismiss.depth1": "`Navigator.present` / `dismiss` a sheet alternately, 1 deep",
        "Navigate.presentDismiss.depth14": "the same, 14 deep",
        "Stack.pushPop.depth10": "`RouteStack.push` / `pop` on the value alone, 10 deep",
        "Stack.pushPop.depth1000": "the same, 1,000 deep",
        "Snapshot.encodeDecode.depth1000": "`NavigationState` 1,000 deep: `JSONEncoder` then `JSONDecoder`",
        "Load.Star800": "parse and check (the overlap warnings) the 800-screen star table, per table (malloc not counted)",
        "Load.Dense200": "the same for the 200-screen dense table (40,000 edges, 19,900 warnings)",
        "Resolve.Dense200.FiveSegments": "`t://app/a/b/a/b/c7` on the dense table",
    }
    for name in sorted(bench):
        if "time" not in bench[name]:
            continue
        mallocs = bench[name].get("mallocs", {}).get("p50")
        description = descriptions.get(name, "")
        counted = "—" if mallocs is None else f"{mallocs:,.0f}"
        add(f"| `{name}`{' — ' + description if description else ''} | {ns(p50(name))} | {counted} |")
    add("")
    add("Paired benchmarks: two operations timed in turn, a batch of one then a batch of the other (the order")
    add("swapping each iteration; 8,000 Wayfinder lookups against 800 of routing-kit's, 8,000 against 8,000 for")
    add("the two table sizes, 8,000 lookups against 4,000 printings), so that each side runs for a few")
    add("milliseconds; against Hummingbird, 32 rounds of the 1,024 links against one (about 12 ms a side: its time per link")
    add("varies too much for a part of the round to stand for the whole); per side the median time per operation, and the median")
    add("and quartiles of the per-iteration ratio (second ÷ first):")
    add("")
    add("| benchmark | first | second | second ÷ first, median (p25–p75) | iterations |")
    add("|---|---:|---:|---:|---:|")
    paired_descriptions = {
        "Paired.Resolve.Wayfinder.RoutingKit.N1000": ("Wayfinder", "routing-kit", "all 1,024 links, N = 1,000"),
        "Paired.Resolve.Wayfinder.Hummingbird.N1000": ("Wayfinder", "Hummingbird", "all 1,024 links, N = 1,000"),
        "Paired.Resolve.Wayfinder.N10.N10000": ("Wayfinder N = 10", "Wayfinder N = 10,000", "each table's 1,024 links"),
        "Paired.Resolve.Print.N1000": ("resolving", "`link(for:)`", "the accepted links, then the states they open, N = 1,000"),
    }
    for name in sorted(n for n in bench if "ratio" in bench[n]):
        first, second, what = paired_descriptions.get(name, ("first", "second", ""))
        result = bench[name]
        add(f"| `{name}` — {what} | {first}: {ns(result['first']['p50'])} | {second}: {ns(result['second']['p50'])} | "
            f"{result['ratio']['p50']:.2f}× ({result['ratio']['p25']:.2f}–{result['ratio']['p75']:.2f}×) | {result['ratio']['samples']:,.0f} |")
    add("")
    add("## REPL sessions and cold starts")
    add("")
    add("The real release binary (built as `make release` builds it), a generated script piped in, output to")
    add("`/dev/null` (`scripts/repl_session.py`): `login alice`, `wonderland`, then `post 3`, `comments`, `back`, `back`,")
    add("`tab search`, `tab feed`, `open wayfinder://main/feed/post/5/comments`, `root`, `post 7`, `author`, `back`, `root` in a")
    add("loop; each session starts from a copy of one prepared data directory, with `--fresh`. Peak memory is the child's")
    add("`ru_maxrss`.")
    add("")
    add("| session | time | commands per second | peak RSS | exit status, lines on stderr |")
    add("|---:|---:|---:|---:|---|")
    for session in sorted(repl, key=lambda r: r["commands"]):
        add(f"| {session['commands']:,} commands | {session['seconds']:.2f} s | {session['commandsPerSecond']:,} | {session['peakRSSMiB']} MiB | {session['exitStatus']}, {session['stderrLines']} |")
    add("")
    add(f"Cold starts, `hyperfine -N --warmup 5 --runs 30` over the commands below in each of {startup_rounds} rounds of one run")
    add("(`open` on prepared data directories, signed out and signed in; `hello` is `print(\"hello\")` built with the same")
    add("flags as `wayfinder`: `make release`'s; `hello-linked` is the same with `wayfinder`'s libraries linked in, and")
    add("`hello-parsed` that parsing its one argument with ArgumentParser). Times are over all the runs; × hello is the median of the rounds' ratios")
    add("of medians (hyperfine times each command's runs in one block, and this machine's speed drifts between blocks):")
    add("")
    add("| command | runs | median | mean ± σ | × hello (p25–p75) |")
    add("|---|---:|---:|---:|---:|")
    for result in startup:
        add(f"| `{result['command']}` | {result['runs']} | {result['median'] * 1e3:.2f} ms | {result['mean'] * 1e3:.2f} ± {result['stddev'] * 1e3:.2f} ms | {result['ratio']:.2f}× ({result['ratioP25']:.2f}–{result['ratioP75']:.2f}) |")
    add("")
    add(f"Binaries: {machine['binary']}.")
    add("")
    with open(os.path.join(directory, "analysis.md"), encoding="utf-8") as analysis:
        add(analysis.read().rstrip())
    add("")
    with open(os.path.join(directory, "RESULTS.md"), "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
