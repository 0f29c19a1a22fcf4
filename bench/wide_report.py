#!/usr/bin/env python3
"""The wide-catalog rows of scripts/bench: `bookrec train --similarity bm25` on each wide
file and on the goodbooks-size file of the same run, the fit's pair rate, and implicit's
bm25 and cosine K=64 fits on the same files; then, per wide file, one shard of 4 and a run
of every reader scoring with the model (RUNS/NAME/score/*.time), the shard's peak memory as
a fraction of the whole run's.

Reads RUNS/NAME/*.time (/usr/bin/time -v), *.stderr (bookrec's log: the model seconds run
from the last ingest event to `event=fitted`), implicit's *.json, and each file's co-rated
pairs sum(n (n - 1) / 2) over readers from its generator's sidecar. Writes a Markdown table;
rates are pairs over model seconds, and each wide rate is also given as a fraction of the
goodbooks-size rate of the same binary in the same run.

Usage: wide_report.py --runs DIR --names LIST --command TEXT --markdown FILE
"""

import argparse
import datetime
import glob
import json
import os
import re
import sys

from report import read_time_file


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", required=True, help="folder with one subfolder per file")
    parser.add_argument("--names", required=True, help="comma-separated subfolders, goodbooks-size first")
    parser.add_argument("--command", required=True)
    parser.add_argument("--markdown", required=True)
    return parser.parse_args(argv)


def model_seconds(stderr_path):
    """Seconds from the last ingest event to the fitted event of a bookrec log, or None."""
    stamps = {}
    try:
        with open(stderr_path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if match := re.match(r"time=(\S+) .*stage=(\w+) event=(\w+)", line):
                    stamps[match[2], match[3]] = datetime.datetime.fromisoformat(match[1].replace("Z", "+00:00"))
    except OSError:
        return None
    if ("ingest", "file") not in stamps or ("model", "fitted") not in stamps:
        return None
    return (stamps["model", "fitted"] - stamps["ingest", "file"]).total_seconds()


def rows(runs, name):
    """Every run of one file: (tool, run name, facts)."""
    with open(os.path.join(runs, name, "pairs.json"), encoding="utf-8") as handle:
        shape = json.load(handle)
    found = []
    for time_file in sorted(glob.glob(os.path.join(runs, name, "*.time"))):
        base = time_file[: -len(".time")]
        run = os.path.basename(base)
        facts = read_time_file(time_file)
        if run.startswith("implicit"):
            try:
                with open(base + ".json", encoding="utf-8") as handle:
                    facts["model"] = json.load(handle)["seconds"]["fit"]
            except (OSError, ValueError, KeyError):
                facts["model"] = None
        else:
            facts["model"] = model_seconds(base + ".stderr")
        facts["rate"] = shape["pairs"] / facts["model"] if facts["model"] else None
        found.append((run, facts))
    return shape, found


def scoring(runs, names):
    """The table of `recommend --model` runs: every reader, then one shard of 4, per wide file."""
    lines = ["", "| file | run | wall s | CPU s | peak RSS MB | × every reader's peak RSS |", "|" + "---|" * 6]
    for name in names[1:]:
        found = [(os.path.basename(path)[: -len(".time")], read_time_file(path))
                 for path in sorted(glob.glob(os.path.join(runs, name, "score", "*.time")))]
        everyone = [facts["rssMB"] for run, facts in found if "-all-" in run and facts["rssMB"]]
        for run, facts in found:
            ratio = facts["rssMB"] / min(everyone) if everyone and facts["rssMB"] and "-all-" not in run else None
            cells = [name, run, facts["wall"], facts["cpu"], facts["rssMB"], None if ratio is None else f"{ratio:.2f}"]
            lines.append("| " + " | ".join("–" if cell is None else str(cell) for cell in cells) + " |")
    return lines if len(lines) > 3 else []


def main(argv):
    args = parse_arguments(argv)
    names = args.names.split(",")
    lines = [f"Command: `{args.command}` ({datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC)", ""]
    lines += ["| file | run | readers | books | ratings | pairs | wall s | CPU s | peak RSS MB | model s "
              "| pairs/s | × goodbooks-size |", "|" + "---|" * 12]
    reference = {}
    for name in names:
        shape, found = rows(args.runs, name)
        for run, facts in found:
            binary = re.sub(r"-r\d+$", "", run)
            if name == names[0] and facts["rate"]:
                reference[binary] = max(reference.get(binary, 0), facts["rate"])
            ratio = facts["rate"] / reference[binary] if facts["rate"] and reference.get(binary) else None
            cells = [name, run, f"{shape['readers']:,}", f"{shape['books']:,}", f"{shape['ratings']:,}",
                     f"{shape['pairs']:.3g}", facts["wall"], facts["cpu"], facts["rssMB"],
                     None if facts["model"] is None else round(facts["model"], 1),
                     None if facts["rate"] is None else f"{facts['rate']:.3g}",
                     None if ratio is None or name == names[0] else f"{ratio:.2f}"]
            lines.append("| " + " | ".join("–" if cell is None else str(cell) for cell in cells) + " |")
    lines += scoring(args.runs, names)
    with open(args.markdown, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
