#!/usr/bin/env python3
"""Collects the runs of scripts/bench into one table, the ratios and a JSON file.

Reads RUNS/<size>/bookrec-t<T>-r<R>/latest/summary.json (bookrec's own stage seconds
and peak memory), RUNS/<size>/implicit-t<T>-r<R>.json (bench/implicit_peer.py's)
and each run's .time file (/usr/bin/time -v: peak RSS of the whole process, and
the wall time measured by the shell). Of repeated runs the one with the smallest
sum of the three stages is reported; every run is kept in the JSON.

With --reports SIZE it also reads the whole runs with reports written
(RUNS/<SIZE>/reports-t<T>-r<R>.{time,summary.json,pages.json,stderr}; the fastest
by wall time is reported) and the sharded run (RUNS/<SIZE>/shards-t<T>/shard-<I>.*
and merge.*), and checks the issue's targets against implicit's figures of the
same benchmark run.

Prints the Markdown to stdout and writes it to --markdown, the data to --json.
"""

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys

STAGES = {"bookrec": ("ingest", "model", "recommend"), "implicit": ("load", "fit", "recommend")}


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", required=True)
    parser.add_argument("--sizes", required=True)
    parser.add_argument("--threads", required=True)
    parser.add_argument("--reports", default="none", help="the size measured with reports written, or none")
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--bookrec", required=True, help="the binary that was measured")
    parser.add_argument("--command", required=True, help="the command line, for the record")
    parser.add_argument("--markdown", required=True)
    parser.add_argument("--json", required=True)
    return parser.parse_args(argv)


def read_time_file(path):
    """Peak RSS (MB, 10^6 bytes), CPU seconds (user + system, and each), shell wall seconds and exit
    status from a .time file."""
    facts = {"rssMB": None, "cpu": None, "user": None, "system": None, "wall": None, "exit": None}
    if not os.path.exists(path):
        return facts
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    if match := re.search(r"Maximum resident set size \(kbytes\): (\d+)", text):
        facts["rssMB"] = round(int(match.group(1)) * 1024 / 1e6, 1)
    times = [float(value) for value in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", text)]
    if len(times) == 2:
        facts["cpu"] = round(sum(times), 2)
        facts["user"], facts["system"] = times
    if match := re.search(r"Shell wall seconds: ([\d.]+)", text):
        facts["wall"] = float(match.group(1))
    if match := re.search(r"Exit status: (\d+)", text):
        facts["exit"] = int(match.group(1))
    return facts


def read_run(base, tool):
    """One run as a flat record; `ok` is false when the tool failed or wrote nothing."""
    record = {"tool": tool, "ok": False}
    record.update(read_time_file(base + ".time"))
    path = os.path.join(base, "latest", "summary.json") if tool == "bookrec" else base + ".json"
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, json.JSONDecodeError):
        return record
    seconds = data["seconds"]
    for slot, stage in zip(("stage1", "stage2", "stage3"), STAGES[tool]):
        record[slot] = seconds[stage]
    record["stages"] = round(record["stage1"] + record["stage2"] + record["stage3"], 3)
    record["ownTotal"] = seconds["total"]
    record["inProcessMB"] = data["peakMemoryMB"]
    record["users"] = data["users"]
    record["items"] = data["items"]
    record["recommendations"] = data["recommendations"]
    record["ratings"] = data["records"]["used"] if tool == "bookrec" else data["ratings"]
    if tool == "implicit":
        record["peer"] = {key: data[key] for key in ("versions", "environment", "blas", "settings")}
        record["importSeconds"] = seconds["import"]
    if record["rssMB"] is None:
        record["rssMB"] = record["inProcessMB"]
    record["ok"] = record["exit"] in (None, 0)
    return record


def collect(runs, sizes, threads):
    """The fastest successful run per (size, tool, threads), else the first failed one; and every run."""
    best, every = {}, []
    for size in sizes:
        for tool in STAGES:
            for thread in threads:
                repeat = 1
                while True:
                    base = os.path.join(runs, size, f"{tool}-t{thread}-r{repeat}")
                    if not os.path.exists(base + ".time"):
                        break
                    record = read_run(base, tool)
                    record.update(size=size, threads=thread, repeat=repeat)
                    every.append(record)
                    known = best.get((size, tool, thread))
                    if known is None or (record["ok"] and (not known["ok"] or record["stages"] < known["stages"])):
                        best[(size, tool, thread)] = record
                    repeat += 1
    return best, every


def read_json(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, json.JSONDecodeError):
        return None


def committed_seconds(path):
    """The seconds of the run's commit (flush, rename, switch of latest) from its log."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if match := re.search(r"stage=run event=committed seconds=([\d.]+)", line):
                    return float(match.group(1))
    except OSError:
        pass
    return None


def read_whole_run(base):
    """One run of bookrec with reports: its time file, summary, page sizes and commit seconds."""
    record = read_time_file(base + ".time")
    summary = read_json(base + ".summary.json")
    record["ok"] = summary is not None and record["exit"] in (None, 0)
    if summary:
        seconds = summary["seconds"]
        record.update(ingest=seconds["ingest"], model=seconds["model"], recommend=seconds["recommend"],
                      stages=round(seconds["ingest"] + seconds["model"] + seconds["recommend"], 3),
                      enrich=seconds["enrich"], report=seconds["report"], ownTotal=seconds["total"],
                      users=summary["users"], inProcessMB=summary["peakMemoryMB"])
    record["pages"] = read_json(base + ".pages.json")
    record["commit"] = committed_seconds(base + ".stderr")
    return record


def collect_reports(runs, size, threads, shards):
    """The fastest whole run with reports per thread count, every one of them, and the sharded run."""
    best, every = {}, []
    for thread in threads:
        repeat = 1
        while os.path.exists(os.path.join(runs, size, f"reports-t{thread}-r{repeat}.time")):
            record = read_whole_run(os.path.join(runs, size, f"reports-t{thread}-r{repeat}"))
            record.update(threads=thread, repeat=repeat)
            every.append(record)
            known = best.get(thread)
            if known is None or (record["ok"] and (not known["ok"] or record["wall"] < known["wall"])):
                best[thread] = record
            repeat += 1
    sharded = None
    folder = os.path.join(runs, size, f"shards-t{max(threads)}")
    if os.path.isdir(folder):
        parts = [read_whole_run(os.path.join(folder, f"shard-{index}")) for index in range(shards)]
        merge = read_time_file(os.path.join(folder, "merge.time"))
        merge["pages"] = read_json(os.path.join(folder, "merge.pages.json"))
        merge["identical"] = read_identical(folder)
        sharded = {"threads": max(threads), "shards": parts, "merge": merge}
        sharded["withModel"] = collect_model_shards(os.path.join(runs, size), max(threads), shards)
        singles = [run for run in every if run["threads"] == max(threads) and run["ok"] and run.get("cpu")]
        sharded["singles"] = [{key: run[key] for key in ("repeat", "cpu", "user", "system")} for run in singles]
    return best, every, sharded


def read_identical(folder):
    """Whether the merged run in `folder` matched the single run (diff.txt), or None when not compared."""
    try:
        with open(os.path.join(folder, "diff.txt"), encoding="utf-8") as handle:
            return handle.read().strip() == "identical"
    except OSError:
        return None


def collect_model_shards(folder, threads, shards):
    """The sharded runs scoring with a model trained once (the train step, the shards, the merge),
    one per repeat, the one with the least process CPU first; None without any."""
    pipelines = []
    repeat = 1
    while os.path.isdir(os.path.join(folder, f"model-shards-t{threads}-r{repeat}")):
        base = os.path.join(folder, f"model-shards-t{threads}-r{repeat}")
        merge = read_time_file(os.path.join(base, "merge.time"))
        merge["identical"] = read_identical(base)
        pipeline = {"repeat": repeat, "train": read_time_file(os.path.join(base, "train.time")),
                    "shards": [read_whole_run(os.path.join(base, f"shard-{index}")) for index in range(shards)],
                    "merge": merge}
        steps = [pipeline["train"], merge] + pipeline["shards"]
        complete = all(step.get("cpu") is not None for step in steps) and all(part["ok"] for part in pipeline["shards"])
        for key in ("cpu", "user", "system"):
            pipeline[key] = round(sum(step[key] for step in steps), 2) if complete else None
        pipelines.append(pipeline)
        repeat += 1
    pipelines.sort(key=lambda pipeline: (pipeline["cpu"] is None, pipeline["cpu"] or 0))
    return pipelines or None


def kilobytes(value):
    return "—" if value is None else f"{value / 1000:.1f}"


def report_tables(best, peer, sharded, size, shards):
    """The whole-run table, the sharded table and the targets, as Markdown lines, and the targets as data."""
    lines = ["", f"Whole run with reports ({size}, `--no-enrich --top 10`), next to implicit's load + fit + recommend:", "",
             "| threads | ingest + model + recommend s | report s | commit s | whole run wall s | process CPU s "
             "| peak RSS MB | reader pages | median page KB | p90 KB | largest KB | output MB "
             "| implicit 3 stages s | implicit peak RSS MB |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for thread in sorted(best):
        run, theirs = best[thread], peer.get(thread)
        if not run["ok"]:
            lines.append(f"| {thread} | failed (exit {run['exit']}) | | | | | | | | | | | | |")
            continue
        pages = run["pages"] or {}
        implicit = (seconds(theirs["stages"]), cell(theirs["rssMB"])) if theirs and theirs["ok"] else ("—", "—")
        lines.append(
            f"| {thread} | {seconds(run['stages'])} | **{seconds(run['report'])}** | {seconds(run['commit'])} "
            f"| **{seconds(run['wall'])}** | {seconds(run['cpu'])} | **{cell(run['rssMB'])}** | {pages.get('pages', '—')} "
            f"| **{kilobytes(pages.get('median'))}** | {kilobytes(pages.get('p90'))} | {kilobytes(pages.get('max'))} "
            f"| {pages.get('bytes', 0) / 1e6:.0f} | {implicit[0]} | {implicit[1]} |")
    if sharded:
        lines += ["", f"The same run as {shards} shards run one after another (`--shard I/{shards}`, "
                  f"{sharded['threads']} threads each), then `bookrec merge`:", "",
                  "| step | ingest s | model s | recommend s | report s | commit s | wall s | peak RSS MB |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        lines += shard_rows(sharded["shards"], shards, ("ingest", "model", "recommend", "report", "commit", "wall", "rssMB"))
        merge = sharded["merge"]
        lines.append(f"| **merge** | | | | | | **{seconds(merge['wall'])}** | {cell(merge['rssMB'])} |")
        lines += ["", merged_line(merge)]
        lines += model_shards_table(sharded, shards)
    targets = []
    two = best.get(2) or best.get(max(best)) if best else None
    if two and two["ok"]:
        theirs = peer.get(two["threads"])
        pages = two["pages"] or {}
        targets.append(("report stage ≤ 5 s", two["report"], two["report"] <= 5))
        if theirs and theirs["ok"]:
            targets.append((f"whole run < implicit's 3 stages ({theirs['stages']:.2f} s)", two["wall"],
                            two["wall"] < theirs["stages"]))
            targets.append((f"peak RSS ≤ implicit's ({theirs['rssMB']} MB)", two["rssMB"],
                            two["rssMB"] <= theirs["rssMB"]))
        if pages.get("median") is not None:
            targets.append(("median page ≤ 16 KB", round(pages["median"] / 1000, 1), pages["median"] <= 16000))
    if sharded and sharded["merge"].get("wall") is not None:
        targets.append((f"merge of {shards} parts ≤ 10 s", sharded["merge"]["wall"], sharded["merge"]["wall"] <= 10))
    if targets:
        lines += ["", f"Targets at {two['threads'] if two else '—'} threads: " + "; ".join(
            f"{name}: {value} ({'met' if met else 'NOT met'})" for name, value, met in targets) + "."]
    return lines, [{"target": name, "value": value, "met": met} for name, value, met in targets]


def model_shards_table(sharded, shards):
    """Markdown lines for one `train`, the shards with `--model` and the merge (the repeat with the
    least CPU), and every repeat's CPU beside the single run's least."""
    pipelines = sharded.get("withModel")
    if not pipelines:
        return []
    model = pipelines[0]
    lines = ["", f"The same {shards} shards scoring with a model trained once (`bookrec train`, then "
             f"`--model FILE --shard I/{shards}`, {sharded['threads']} threads each), then `bookrec merge`; "
             f"of {len(pipelines)} repeats, the one with the least process CPU:", "",
             "| step | model s | recommend s | report s | wall s | process CPU s | peak RSS MB |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    train = model["train"]
    lines.append(f"| train | | | | {seconds(train['wall'])} | {seconds(train['cpu'])} | {cell(train['rssMB'])} |")
    lines += shard_rows(model["shards"], shards, ("model", "recommend", "report", "wall", "cpu", "rssMB"))
    merge = model["merge"]
    lines.append(f"| merge | | | | {seconds(merge['wall'])} | {seconds(merge['cpu'])} | {cell(merge['rssMB'])} |")
    if model["cpu"] is not None:
        summed = round(sum(part["model"] for part in model["shards"]), 3)
        line = f"Shards' summed model seconds: **{summed}**; the pipeline's process CPU: **{model['cpu']} s**"
        single = min((run["cpu"] for run in sharded["singles"]), default=None)
        if single:
            share = model["cpu"] / single
            line += (f", {share:.2f}× the single run's least, {single} s "
                     f"(target ≤ 1.3×: {'met' if share <= 1.3 else 'NOT met'})")
        lines += ["", line + "."] + repeats_table(sharded)
    lines += ["", merged_line(merge)]
    return lines


def repeats_table(sharded):
    """Markdown lines: each repeat's single run (highest thread count) beside the pipeline run just
    after it, CPU split into user and system seconds (system time is where a busy host shows)."""
    singles = {run["repeat"]: run for run in sharded["singles"]}

    def split(run):
        if not run or run.get("cpu") is None:
            return "failed"
        return f"{run['cpu']:.2f} ({run['user']:.2f} + {run['system']:.2f})"

    lines = ["", "Each repeat, the single run and the pipeline run after it (process CPU = user + system):", "",
             "| repeat | single run CPU s (user + system) | pipeline CPU s (user + system) | ratio | ratio of user s |",
             "| ---: | ---: | ---: | ---: | ---: |"]
    for pipeline in sorted(sharded["withModel"], key=lambda pipeline: pipeline["repeat"]):
        single = singles.get(pipeline["repeat"])
        both = single and single.get("cpu") and pipeline["cpu"] is not None
        lines.append(f"| {pipeline['repeat']} | {split(single)} | {split(pipeline)} | "
                     f"{times(ratio(pipeline['cpu'], single['cpu'])) if both else '—'} | "
                     f"{times(ratio(pipeline['user'], single['user'])) if both else '—'} |")
    return lines


def shard_rows(parts, shards, keys):
    """One table row per shard: its `keys` in order (`rssMB` as is, the others as seconds)."""
    rows = []
    for index, part in enumerate(parts):
        values = (["failed"] + [""] * (len(keys) - 1) if not part["ok"] else
                  [cell(part[key]) if key == "rssMB" else seconds(part[key]) for key in keys])
        rows.append(f"| shard {index}/{shards} | " + " | ".join(values) + " |")
    return rows


def merged_line(merge):
    identical = {True: "byte-identical to the single run's (summary.json apart)", False: "DIFFERENT from the single run's",
                 None: "not compared"}[merge.get("identical")]
    return f"Merged run: {identical}."


def ratio(numerator, denominator, digits=2):
    if numerator is None or denominator in (None, 0):
        return None
    return round(numerator / denominator, digits)


def cell(value, suffix=""):
    return "—" if value is None else f"{value}{suffix}"


def times(value):
    return "—" if value is None else f"{value:.2f}×"


def seconds(value):
    return "—" if value is None else f"{value:.2f}"


def tables(best, sizes, threads):
    lines = [
        "| ratings | tool | threads | ingest / load s | model / fit s | recommend s | 3 stages s | process wall s "
        "| process CPU s | peak RSS MB |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for size in sizes:
        for tool in ("bookrec", "implicit"):
            for thread in threads:
                run = best.get((size, tool, thread))
                if run is None:
                    continue
                if not run["ok"]:
                    lines.append(f"| {size} | {tool} | {thread} | failed (exit {run['exit']}) | | | | | | |")
                    continue
                lines.append(
                    f"| {size} | {tool} | {thread} | {run['stage1']:.2f} | {run['stage2']:.2f} | {run['stage3']:.2f} "
                    f"| **{run['stages']:.2f}** | {seconds(run['wall'])} | {seconds(run['cpu'])} | {cell(run['rssMB'])} |")
    ratios, summary = ["", "| ratings | threads | implicit ÷ bookrec, 3 stages | implicit ÷ bookrec, wall "
                       "| implicit ÷ bookrec, CPU | bookrec RSS ÷ implicit RSS |",
                       "| --- | ---: | ---: | ---: | ---: | ---: |"], []
    for size in sizes:
        for thread in threads:
            ours, theirs = best.get((size, "bookrec", thread)), best.get((size, "implicit", thread))
            if not (ours and theirs and ours["ok"] and theirs["ok"]):
                continue
            entry = {
                "size": size, "threads": thread,
                "speed": ratio(theirs["stages"], ours["stages"]),
                "wall": ratio(theirs["wall"], ours["wall"]),
                "cpu": ratio(theirs["cpu"], ours["cpu"]),
                "memory": ratio(ours["rssMB"], theirs["rssMB"]),
            }
            summary.append(entry)
            ratios.append(f"| {size} | {thread} | {times(entry['speed'])} | {times(entry['wall'])} | {times(entry['cpu'])} "
                          f"| {seconds(entry['memory'])} |")
    scaling = []
    if len(threads) > 1:
        low, high = min(threads), max(threads)
        scaling = ["", f"| ratings | bookrec {low} → {high} threads | implicit {low} → {high} threads |",
                   "| --- | ---: | ---: |"]
        for size in sizes:
            speedups = []
            for tool in ("bookrec", "implicit"):
                slow, fast = best.get((size, tool, low)), best.get((size, tool, high))
                ok = slow and fast and slow["ok"] and fast["ok"]
                speedups.append(ratio(slow["stages"], fast["stages"]) if ok else None)
            if speedups != [None, None]:
                scaling.append(f"| {size} | {times(speedups[0])} | {times(speedups[1])} |")
                summary.append({"size": size, "speedup": {"from": low, "to": high, "bookrec": speedups[0],
                                                          "implicit": speedups[1]}})
    if len(ratios) == 3:
        ratios = []
    return lines + ratios + scaling + growth(best, sizes, max(threads)), summary


def growth(best, sizes, thread):
    """Seconds per million ratings and peak RSS per file, at the highest thread count (not the small file)."""
    lines = ["", "| ratings | bookrec 3 stages s / 1M ratings | implicit 3 stages s / 1M ratings "
             "| bookrec CPU s / 1M | implicit CPU s / 1M | bookrec RSS MB | implicit RSS MB |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for size in sizes:
        runs = [best.get((size, tool, thread)) for tool in ("bookrec", "implicit")]
        if size == "small" or not any(run and run["ok"] for run in runs):
            continue

        def per_million(run, key):
            ok = run and run["ok"] and run.get(key) is not None
            return seconds(run[key] / run["ratings"] * 1e6) if ok else "—"

        cells = [per_million(run, key) for key in ("stages", "cpu") for run in runs]
        cells += [cell(run["rssMB"]) if run and run["ok"] else "—" for run in runs]
        lines.append(f"| {size} | " + " | ".join(cells) + " |")
    if len(lines) == 3:
        return []
    return lines + ["", f"Growth at {thread} thread{'s' if thread > 1 else ''}: a flat per-1M column means cost "
                    "linear in the ratings."]


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "loadAverage": [round(x, 2) for x in os.getloadavg()],
            "system": platform.platform()}


def bookrec_version(binary):
    try:
        version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        version = "unknown"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                timeout=30).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "Sources", "Package.swift"],
                               capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit, dirty = "unknown", ""
    return f"{version} (commit {commit}{', Sources modified' if dirty else ''})"


def main(argv):
    args = parse_arguments(argv)
    sizes = args.sizes.split(",")
    threads = [int(t) for t in args.threads.split(",")]
    best, every = collect(args.runs, sizes, threads)
    lines, summary = tables(best, sizes, threads)
    whole, every_whole, sharded, targets = {}, [], None, []
    if args.reports != "none":
        whole, every_whole, sharded = collect_reports(args.runs, args.reports, threads, args.shards)
        peer_runs = {thread: best.get((args.reports, "implicit", thread)) for thread in threads}
        more, targets = report_tables(whole, {t: r for t, r in peer_runs.items() if r}, sharded, args.reports,
                                      args.shards)
        lines += more
    peer = next((run["peer"] for run in every if run.get("peer")), None)
    host = machine()
    ours = bookrec_version(args.bookrec)
    shapes = sorted({(run["size"], run["users"], run["items"], run["ratings"]) for run in every if run["ok"]},
                    key=lambda shape: sizes.index(shape[0]))
    header = [
        f"Command: `{args.command.strip()}` ({datetime.date.today().isoformat()}; fastest of the repeats).",
        f"Machine: {host['cpu']}, {host['cores']} cores, load average {host['loadAverage'][0]} when the report was "
        "written (other work on the machine inflates every figure).",
        f"bookrec: {ours}, release build, `--no-enrich --no-reports --top 10 --threads T` (the whole runs below "
        "write every report).",
    ]
    if peer:
        env = peer["environment"]
        blas = ", ".join(sorted({f"{p['internal_api']} {p['version'] or ''} {p['architecture'] or ''}".strip()
                                 for p in peer["blas"]}))
        versions = peer["versions"]
        header.append(
            f"implicit {versions['implicit']} (numpy {versions['numpy']}, scipy {versions['scipy']}, Python "
            f"{versions['python']}, CSV read with {peer['settings']['reader']}): `CosineRecommender(K=64, "
            "num_threads=T)`, `recommend(all users, N=10, filter_already_liked_items=True)`; "
            "OMP_NUM_THREADS = OPENBLAS_NUM_THREADS = MKL_NUM_THREADS = T for both tools; "
            f"OPENBLAS_CORETYPE {env['OPENBLAS_CORETYPE'] or 'unset'} (left as the environment set it); "
            f"BLAS: {blas}.")
    header.append("Files: " + "; ".join(f"{size} = {users:,} users × {items:,} books, {ratings:,} ratings"
                                         for size, users, items, ratings in shapes) + ".")
    header.append("3 stages = ingest + model + recommend (bookrec, from its summary.json) or load + fit + recommend "
                  "(implicit, timed in the script); process wall includes start-up and, for implicit, imports "
                  "(~0.5 s), for bookrec assembling picks and writing summary.json. Process CPU = user + system "
                  "seconds, less disturbed by other work than wall time. Peak RSS: /usr/bin/time -v.")
    markdown = "\n".join(header) + "\n\n" + "\n".join(lines) + "\n"
    print(markdown)
    with open(args.markdown, "w", encoding="utf-8") as handle:
        handle.write(markdown)
    result = {"command": args.command.strip(), "date": datetime.date.today().isoformat(), "machine": host,
              "bookrec": ours, "peer": peer, "best": [best[key] for key in sorted(best, key=str)],
              "ratios": summary, "wholeRuns": [whole[key] for key in sorted(whole)], "everyWholeRun": every_whole, "sharded": sharded,
              "targets": targets, "runs": every}
    with open(args.json, "w", encoding="utf-8") as handle:
        json.dump(result, handle, indent=2, sort_keys=True)
        handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
