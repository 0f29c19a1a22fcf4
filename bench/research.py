#!/usr/bin/env python3
"""Scores the recommended settings of bench/candidates.py on the test part of every
holdout and compares them with implicit's best variant (implicit-test.json beside them).

The settings are the ones chosen on the validation parts (see FINDINGS.md of issue 28);
this script does not tune, it reproduces. Markdown on stdout.

Usage: research.py OUTDIR [--names ml-interactions,...] [--part test|validation]
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import candidates  # noqa: E402
import interactions  # noqa: E402

DEFAULT = {"star": "lin:-2,1,0.1", "read": 3.0, "reader_lam": 2.5}
SETTINGS = [
    ("bookrec today (item-item BM25 K 64, shrinkage 20)", "bookrec", {"star": "r", "read": 4.0}),
    ("item-item BM25 K 200, shrinkage 5 (sparse default)", "bookrec",
     {"star": "r", "read": 4.0, "neighbors": 200, "shrinkage": 5}),
    ("EASE (default strengths and λ, books with ≥ 3 rows)", "ease", dict(DEFAULT, min_count=3)),
    ("local EASE, 200 neighbours from a 400-entry co-occurrence table (dense default)", "local",
     dict(DEFAULT, candidates=200, table=400)),
]
# The rule of FINDINGS.md: local EASE when the median reader has at least this many training books.
DENSE_MEDIAN_BOOKS = 10


def implicit_best(folder):
    path = f"{folder}/implicit-test.json"
    if not os.path.exists(path):
        return None, None
    with open(path) as handle:
        results = json.load(handle)["results"]
    best = max(results, key=lambda run: run["metrics"]["precision"])
    return best["label"], best["metrics"]["precision"]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--names", default=",".join(interactions.HOLDOUTS))
    parser.add_argument("--part", choices=("test", "validation"), default="test")
    args = parser.parse_args(argv)
    print("| holdout | method | P@10 | R@10 | NDCG@10 | s | × implicit's best |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for name in args.names.split(","):
        folder = f"{args.outdir}/{name}"
        data = interactions.load(folder, args.part)
        label, best = implicit_best(folder)
        import numpy as np

        per_reader = float(np.median(np.bincount(data.users, minlength=data.shape[0])))
        dense = per_reader >= DENSE_MEDIAN_BOOKS
        if best is not None:
            print(f"| {name} | implicit: {label} | {best:.4f} | | | | 1.000 |")
        for title, method, settings in SETTINGS:
            metrics = candidates.run(method, data, **settings)
            chosen = (method == "local") if dense else ("K 200" in title)
            ratio = f"{metrics['precision'] / best:.3f}" if best else "–"
            mark = " **(default: median %g books/reader)**" % per_reader if chosen else ""
            print(f"| {name} | {title}{mark} | {metrics['precision']:.4f} | {metrics['recall']:.4f} | "
                  f"{metrics['ndcg']:.4f} | {metrics['seconds']:.1f} | {ratio} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
