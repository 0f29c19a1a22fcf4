#!/usr/bin/env python3
"""The wide-catalog rows of scripts/bench: `bookrec train --similarity bm25` on each wide
file and on the goodbooks-size file of the same run, the fit's pair rate, and implicit's
bm25 and cosine K=64 fits on the same files; then, per wide file, one shard of 4 and a run
of every reader scoring with the model (RUNS/NAME/score/*.time), the shard's peak memory as
a fraction of the whole run's; and, per wide file and repeat, the new binary's training in
parts (RUNS/NAME/parts/*.time: `train --prepare`, each `--prepared --part I/N`, `--join`),
the CPU seconds of the prepare and the parts together, and of the parts alone, as a fraction
of the single train's (issue 27 asks at most 1.2), and whether the joined model is the single
train's (RUNS/NAME/parts/same-model-rR.txt, bench/same_model.py's line). The single train's
CPU is the mean of the train before the parts (`bookrec-new-tT-rR`, same repeat) and the one
right after them (parts/`bookrec-new-single-after-tT-rR`), where both ran: the machine's speed
drifts within the hour, and the mean puts the drift on both sides of the ratio.

Reads RUNS/NAME/*.time (/usr/bin/time -v), *.stderr (bookrec's log: the model seconds run
from the last ingest event to `event=fitted`), implicit's *.json, and each file's co-rated
pairs sum(n (n - 1) / 2) over readers from its generator's sidecar. Writes Markdown tables;
rates are pairs over model seconds, and each wide rate is also given as a fraction of the
goodbooks-size rate of the same binary in the same run (the best of its fits there).

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


def table_row(cells):
    """One Markdown table row; a cell of None is shown as a dash."""
    return "| " + " | ".join("–" if cell is None else str(cell) for cell in cells) + " |"


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
            lines.append(table_row(cells))
    return lines if len(lines) > 3 else []


PART_STEP = re.compile(r"bookrec-new-(?:(prepare)|part(\d+)of(\d+)|(join)|(single-after))-t(\d+)-r(\d+)$")


def same_model_verdict(path):
    """"yes" or "no: ..." from bench/same_model.py's line, or None when the check did not run."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            line = handle.readline().strip()
    except OSError:
        return None
    if line.startswith("same model"):
        return "yes"
    return "no: " + line.removeprefix("different: ") if line else "no"


def single_train_cpu(before, after):
    """The mean CPU seconds of the single trains that ran to the end, of the one before the parts
    and the one after them, with a label naming those it took; (None, None) when neither did."""
    done = [(when, facts["cpu"]) for when, facts in (("before", before), ("after", after))
            if facts["exit"] in (None, 0) and facts["cpu"]]
    if not done:
        return None, None
    mean = sum(cpu for _, cpu in done) / len(done)
    if len(done) == 1:
        return mean, f"single train, {done[0][0]} the parts"
    return mean, "single train, mean of " + " and ".join(f"{cpu} s {when}" for when, cpu in done)


def parts(runs, names):
    """The table of the training in parts, per wide file and repeat: prepare, each part, the join,
    the single train after them, then the prepare and the parts' CPU seconds together, and the
    parts' alone, against the mean of the single trains before and after."""
    header = "| file | run | wall s | CPU s | peak RSS MB | × single train's CPU | joined = single train |"
    lines = ["", header, "|" + "---|" * 7]
    for name in names[1:]:
        trainings = {}
        for path in glob.glob(os.path.join(runs, name, "parts", "*.time")):
            run = os.path.basename(path)[: -len(".time")]
            if not (match := PART_STEP.match(run)):
                continue
            prepare, part, count, join, after, threads, repeat = match.groups()
            order = 0 if prepare else 1 + int(part) if part is not None else 2_000_000 if after else 1_000_000
            steps = trainings.setdefault((int(repeat), int(threads)), [])
            steps.append((order, run, int(count) if count else None, read_time_file(path)))
        for (repeat, threads), steps in sorted(trainings.items()):
            steps.sort()
            for order, run, count, facts in steps:
                label = run if facts["exit"] in (None, 0) else f"{run} (exit {facts['exit']})"
                cells = [name, label, facts["wall"], facts["cpu"], facts["rssMB"], None, None]
                lines.append(table_row(cells))
            fitted = [(order, count, facts) for order, run, count, facts in steps if order < 1_000_000]
            counts = {count for order, count, facts in fitted if count}
            count = counts.pop() if len(counts) == 1 else None
            # The sum only when the prepare and every part of one training ran to the end.
            complete = (count is not None and [order for order, _, _ in fitted] == list(range(count + 1))
                        and all(facts["exit"] in (None, 0) and facts["cpu"] is not None for _, _, facts in fitted))
            total = round(sum(facts["cpu"] for _, _, facts in fitted), 2) if complete else None
            alone = round(sum(facts["cpu"] for order, _, facts in fitted if order > 0), 2) if complete else None
            before = read_time_file(os.path.join(runs, name, f"bookrec-new-t{threads}-r{repeat}.time"))
            after = read_time_file(os.path.join(runs, name, "parts", f"bookrec-new-single-after-t{threads}-r{repeat}.time"))
            single, label = single_train_cpu(before, after)
            verdict = same_model_verdict(os.path.join(runs, name, "parts", f"same-model-r{repeat}.txt"))
            parted = f"{count if count else '?'} parts (t{threads}-r{repeat})"
            if single is not None:
                lines.append(table_row([name, label, None, f"{single:.2f}", None, None, None]))
            for run, cpu, same in ((f"prepare + {parted}", total, verdict), (parted + " alone", alone, None)):
                ratio = cpu / single if cpu is not None and single else None
                cells = [name, run, None, cpu, None, None if ratio is None else f"{ratio:.2f}", same]
                lines.append(table_row(cells))
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
            # The goodbooks-size file's fits of one binary (-rR, then -rR-2 and -rR-3): the best rate is the reference.
            binary = re.sub(r"-r\d+(?:-\d+)?$", "", run)
            if name == names[0] and facts["rate"]:
                reference[binary] = max(reference.get(binary, 0), facts["rate"])
            ratio = facts["rate"] / reference[binary] if facts["rate"] and reference.get(binary) else None
            cells = [name, run, f"{shape['readers']:,}", f"{shape['books']:,}", f"{shape['ratings']:,}",
                     f"{shape['pairs']:.3g}", facts["wall"], facts["cpu"], facts["rssMB"],
                     None if facts["model"] is None else round(facts["model"], 1),
                     None if facts["rate"] is None else f"{facts['rate']:.3g}",
                     None if ratio is None or name == names[0] else f"{ratio:.2f}"]
            lines.append(table_row(cells))
    lines += scoring(args.runs, names)
    lines += parts(args.runs, names)
    with open(args.markdown, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
