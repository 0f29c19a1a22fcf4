#!/usr/bin/env python3
"""The XML row of scripts/bench: one table of the readers of the same ratings.

Reads RUNS/<size>/ as scripts/bench leaves it: c-r<R>.json (bench/xmlreader_loop.c),
lxml-r<R>.json (bench/lxml_peer.py), bookrec-<xml|csv>-t<T>-r<R>/latest/summary.json
(bookrec's own stage seconds), and each run's .time file (/usr/bin/time -v: peak RSS
of the whole process). Of repeated runs the fastest is reported; every run is kept
in the JSON.

For bookrec the seconds are its ingest stage; for the C loop and lxml, their loop
over the file. Peak RSS is the whole process's: for bookrec, a whole
`recommend --no-reports` run (the model, not ingest, sets it).

Prints the Markdown to stdout and writes it to --markdown, the data to --json.
"""

import argparse
import datetime
import json
import os
import platform
import re
import sys


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", required=True)
    parser.add_argument("--sizes", required=True)
    parser.add_argument("--threads", required=True)
    parser.add_argument("--command", required=True, help="the command line, for the record")
    parser.add_argument("--markdown", required=True)
    parser.add_argument("--json", required=True)
    return parser.parse_args(argv)


def peak_rss_mb(path):
    """Peak RSS in MB (10^6 bytes) from a /usr/bin/time -v file, or None."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", handle.read())
    except OSError:
        return None
    return round(int(match.group(1)) * 1024 / 1e6, 1) if match else None


def load_json(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, json.JSONDecodeError):
        return None


def runs_of(folder, size, threads):
    """Every run in folder as {reader, threads, run, seconds, rssMB, ratings}; failed runs have seconds None."""
    runs = []
    names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    for name in names:
        if match := re.fullmatch(r"(c|lxml)-r(\d+)\.json", name):
            data = load_json(os.path.join(folder, name)) or {}
            reader = "C xmlTextReader loop" if match.group(1) == "c" else "lxml.etree.iterparse"
            runs.append({"reader": reader, "threads": 1, "run": int(match.group(2)), "seconds": data.get("seconds"),
                         "ratings": data.get("ratings"), "versions": data.get("versions"),
                         "rssMB": peak_rss_mb(os.path.join(folder, name[:-5] + ".time"))})
        elif match := re.fullmatch(r"bookrec-(xml|csv)-t(\d+)-r(\d+)\.time", name):
            base = os.path.join(folder, name[:-5])
            summary = load_json(os.path.join(base, "latest", "summary.json")) or {}
            reader = "bookrec, ratings XML" if match.group(1) == "xml" else "bookrec, the same ratings as CSV"
            runs.append({"reader": reader, "threads": int(match.group(2)), "run": int(match.group(3)),
                         "seconds": summary.get("seconds", {}).get("ingest"),
                         "ratings": summary.get("records", {}).get("used"), "rssMB": peak_rss_mb(base + ".time")})
    for run in runs:
        run["size"] = size
    return [run for run in runs if run["threads"] in threads or run["reader"].startswith(("C ", "lxml"))]


def fastest(runs):
    """Per (reader, threads), the run with the fewest seconds (failed runs last)."""
    best = {}
    for run in runs:
        key = (run["reader"], run["threads"])
        if key not in best or (run["seconds"] or float("inf")) < (best[key]["seconds"] or float("inf")):
            best[key] = run
    return best


def cell(value, digits=2):
    return "—" if value is None else f"{value:.{digits}f}"


def ratio(numerator, denominator):
    if numerator is None or not denominator:
        return None
    return numerator / denominator


def table(size, best, threads):
    """The Markdown rows of one size, and the two target ratios at the highest thread count."""
    order = ["C xmlTextReader loop", "lxml.etree.iterparse", "bookrec, ratings XML", "bookrec, the same ratings as CSV"]
    c_loop = best.get(("C xmlTextReader loop", 1), {}).get("seconds")
    lines = []
    for reader in order:
        for count in ([1] if reader.startswith(("C ", "lxml")) else threads):
            run = best.get((reader, count))
            if run is None:
                continue
            stage = " (ingest stage)" if reader.startswith("bookrec") else ""
            lines.append(f"| {size} | {reader}{stage} | {count} | {cell(run['seconds'])} | "
                         f"{cell(run['rssMB'], 0)} | {cell(ratio(run['seconds'], c_loop))} |")
    top = max(threads)
    xml = best.get(("bookrec, ratings XML", top), {})
    csv = best.get(("bookrec, the same ratings as CSV", top), {})
    targets = {"threads": top, "xmlIngestOverCLoop": ratio(xml.get("seconds"), c_loop),
               "xmlPeakRSSOverCSV": ratio(xml.get("rssMB"), csv.get("rssMB"))}
    return lines, targets


def main(argv):
    args = parse_arguments(argv)
    sizes = args.sizes.split(",")
    threads = [int(count) for count in args.threads.split(",")]
    load = [round(value, 2) for value in os.getloadavg()]
    out = ["### XML", "",
           f"`{args.command.strip()}`, {datetime.date.today().isoformat()}, {os.cpu_count()} cores, "
           f"load average {load[0]} / {load[1]} / {load[2]} when written (other work on the machine inflates "
           "every figure; the ratios compare runs made one after another).", "",
           "| ratings | reader | threads | seconds | peak RSS (MB) | ÷ C loop |",
           "| --- | --- | ---: | ---: | ---: | ---: |"]
    result = {"command": args.command.strip(), "date": datetime.date.today().isoformat(), "loadAverage": load,
              "system": platform.platform(), "sizes": {}}
    notes = []
    for size in sizes:
        runs = runs_of(os.path.join(args.runs, size), size, threads)
        best = fastest(runs)
        lines, targets = table(size, best, threads)
        out.extend(lines)
        notes.append(f"- {size}, {targets['threads']} thread(s): bookrec's XML ingest ÷ the C loop "
                     f"{cell(targets['xmlIngestOverCLoop'])} (target ≤ 1); its peak RSS ÷ the CSV run's "
                     f"{cell(targets['xmlPeakRSSOverCSV'])} (target ≤ 1).")
        result["sizes"][size] = {"runs": runs, "targets": targets}
    out.extend([""] + notes)
    text = "\n".join(out) + "\n"
    print(text)
    with open(args.markdown, "w", encoding="utf-8") as handle:
        handle.write(text)
    with open(args.json, "w", encoding="utf-8") as handle:
        json.dump(result, handle, indent=2)


if __name__ == "__main__":
    main(sys.argv[1:])
