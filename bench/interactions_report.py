#!/usr/bin/env python3
"""The interactions row of scripts/bench: bookrec's whole run on a file of interactions
(user, book; no rating column) beside implicit's ALS and cosine item-item on the same file.

Reads RUNS/ as scripts/bench leaves it: bookrec-r<R>.{time,summary.json} (the whole run,
reports written) and implicit-<als|cosine>-r<R>.{time,json} (bench/implicit_peer.py: load,
fit and recommend-all). Of repeated runs the fastest by wall time is reported. Wall and
peak RSS come from /usr/bin/time -v, so both tools are measured the same way, interpreter
start and imports included.

Prints the Markdown to stdout and writes it to --markdown.
"""

import argparse
import datetime
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import read_json, read_time_file  # noqa: E402


def fastest(runs, prefix):
    """The run of PREFIX-r<R> with the smallest wall time: its time facts and JSON (or None)."""
    best = None
    for path in sorted(glob.glob(os.path.join(runs, prefix + "-r*.time"))):
        facts = read_time_file(path)
        if facts["exit"] not in (None, 0) or facts["wall"] is None:
            continue
        base = path[: -len(".time")]
        facts["json"] = read_json(base + (".summary.json" if prefix == "bookrec" else ".json"))
        if best is None or facts["wall"] < best["wall"]:
            best = facts
    return best


def stages(name, facts):
    data = facts.get("json") or {}
    seconds = data.get("seconds", {})
    if name == "bookrec":
        keys = ("ingest", "model", "recommend", "report")
    else:
        keys = ("load", "fit", "recommend")
    return ", ".join(f"{key} {seconds[key]:.1f}" for key in keys if key in seconds)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--threads", required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--markdown", required=True)
    args = parser.parse_args(argv)
    rows = [
        ("bookrec, whole run with reports (fit + every reader's top 10)", "bookrec"),
        ("implicit ALS f=32, 15 iterations: fit + recommend-all", "implicit-als"),
        ("implicit CosineRecommender K=64: fit + recommend-all", "implicit-cosine"),
    ]
    lines = [
        f"Interactions ({args.size} file without its rating column), {args.threads} threads, "
        f"{datetime.date.today().isoformat()}: `{args.command}`",
        "",
        "| run | wall s | CPU s | peak RSS MB | stages (s) |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    measured = {}
    for title, prefix in rows:
        facts = fastest(args.runs, prefix)
        if facts is None:
            lines.append(f"| {title} | failed | | | |")
            continue
        measured[prefix] = facts
        lines.append(f"| {title} | {facts['wall']:.1f} | {facts['cpu']} | {facts['rssMB']} | {stages(prefix, facts)} |")
    if "bookrec" in measured and "implicit-als" in measured:
        ours, als = measured["bookrec"], measured["implicit-als"]
        lines += [
            "",
            f"bookrec ÷ implicit ALS: wall {ours['wall'] / als['wall']:.2f}×, CPU {ours['cpu'] / als['cpu']:.2f}×, "
            f"peak RSS {ours['rssMB'] / als['rssMB']:.2f}× (target: below 1 on wall and not above 1 on memory)",
        ]
    text = "\n".join(lines) + "\n"
    with open(args.markdown, "w", encoding="utf-8") as handle:
        handle.write(text)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
