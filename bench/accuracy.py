#!/usr/bin/env python3
"""Accuracy comparison of bookrec and the Python peer implicit (item-item models).

Subcommands (scripts/accuracy runs them in order):

  split RATINGS OUTDIR [--holdout 0.2] [--seed 1] [--sparse-share 0.8] [--sparse-keep 5] [--sparse-seed 2]
      Per-user random holdout of a MovieLens-style ratings file (userId,movieId,rating,...).
      Writes OUTDIR/train.csv, OUTDIR/test.csv and OUTDIR/train-sparse.csv, each as
      `user_id,item_id,rating`. A user with n >= 2 ratings holds out round(holdout * n)
      of them, kept within 1..n-1 (the same count rule as `bookrec evaluate --holdout`);
      a user with one rating keeps it for training. The sparse training file keeps,
      for a seeded `sparse-share` of the users, a random 1..`sparse-keep` of their
      training ratings (uniform count, then a uniform subset); everyone else keeps all.
      The test file is the same for both training files.

  implicit TRAIN TEST [--ks 20,32,48,64] [--top 10] [--relevant-min 3.5] [--threads 2]
      Fits implicit's CosineRecommender, BM25Recommender (K1 1.2, B 0.75) and
      TFIDFRecommender for every K on TRAIN, twice: with the ratings as weights and
      with binary 1.0 confidence (the same weights go to `recommend`). Recommends
      top-N for every user with filter_already_liked_items=True and scores the lists
      on TEST with bookrec's metric definitions (RankingMetrics.swift). Prints JSON.

  report FOLDER
      Prints the markdown tables of the work folder scripts/accuracy filled.

Metric definitions, as in bookrec's RankingMetrics: for user u, L_u is the list cut to
N and R_u the held-out books rated >= relevant-min; only users with R_u non-empty
count. precision = mean |L_u & R_u| / N; recall = mean |L_u & R_u| / |R_u|;
NDCG = mean DCG/IDCG with binary gains and 1/log2(rank + 1) discounts, IDCG over
min(N, |R_u|) ranks; hit rate = share of users with a hit; coverage = distinct books in
every user's list (evaluated or not) / books with at least one training rating.
"""

import argparse
import csv
import json
import math
import platform
import sys
import time
import warnings


def read_ratings(path):
    """(user, item, rating text) rows of a CSV whose first three columns are user, item, rating."""
    with open(path, newline="") as handle:
        reader = csv.reader(handle)
        next(reader)
        return [(row[0], row[1], row[2]) for row in reader if row]


def write_ratings(path, rows):
    with open(path, "w", newline="") as handle:
        handle.write("user_id,item_id,rating\n")
        for user, item, rating in rows:
            handle.write(f"{user},{item},{rating}\n")


def held_out_count(ratings, fraction):
    """bookrec's HoldoutSplit.testCount."""
    if ratings < 2 or fraction <= 0:
        return 0
    share = int(math.floor(min(fraction, 1.0) * ratings + 0.5))
    return min(ratings - 1, max(1, share))


def split(args):
    import numpy as np

    rows = read_ratings(args.ratings)
    by_user = {}
    for row in rows:
        by_user.setdefault(row[0], []).append(row)
    random = np.random.default_rng(args.seed)
    train, test = [], []
    for user in sorted(by_user, key=lambda text: (len(text), text)):
        ratings = sorted(by_user[user], key=lambda row: row[1])
        held = set(random.permutation(len(ratings))[: held_out_count(len(ratings), args.holdout)].tolist())
        for index, row in enumerate(ratings):
            (test if index in held else train).append(row)
    train_by_user = {}
    for row in train:
        train_by_user.setdefault(row[0], []).append(row)
    sparse_random = np.random.default_rng(args.sparse_seed)
    sparse = []
    thinned = 0
    for user in sorted(train_by_user, key=lambda text: (len(text), text)):
        ratings = train_by_user[user]
        chosen = sparse_random.random() < args.sparse_share
        keep = int(sparse_random.integers(1, args.sparse_keep + 1))
        if chosen and len(ratings) > keep:
            picked = sorted(sparse_random.choice(len(ratings), size=keep, replace=False).tolist())
            ratings = [ratings[index] for index in picked]
            thinned += 1
        sparse.extend(ratings)
    write_ratings(f"{args.outdir}/train.csv", train)
    write_ratings(f"{args.outdir}/test.csv", test)
    write_ratings(f"{args.outdir}/train-sparse.csv", sparse)
    summary = {
        "users": len(by_user),
        "ratings": len(rows),
        "train": len(train),
        "test": len(test),
        "trainSparse": len(sparse),
        "usersThinned": thinned,
        "holdout": args.holdout,
        "seed": args.seed,
        "sparseShare": args.sparse_share,
        "sparseKeep": args.sparse_keep,
        "sparseSeed": args.sparse_seed,
    }
    json.dump(summary, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


def score(lists, relevant, top, training_items):
    """bookrec's RankingMetrics.score: lists and relevant are per user index."""
    sums = {"precision": 0.0, "recall": 0.0, "ndcg": 0.0, "hits": 0}
    users = 0
    for user, wanted in enumerate(relevant):
        if not wanted:
            continue
        users += 1
        chosen = lists[user][:top] if user < len(lists) else []
        found = 0
        dcg = 0.0
        for position, item in enumerate(chosen):
            if item in wanted:
                found += 1
                dcg += 1.0 / math.log2(position + 2)
        ideal = sum(1.0 / math.log2(rank + 2) for rank in range(min(top, len(wanted))))
        sums["precision"] += found / top if top > 0 else 0.0
        sums["recall"] += found / len(wanted)
        sums["ndcg"] += dcg / ideal if ideal > 0 else 0.0
        if found > 0:
            sums["hits"] += 1
    recommended = set()
    for chosen in lists:
        recommended.update(chosen[:top])

    def mean(value):
        return value / users if users else 0.0

    return {
        "users": users,
        "precision": round(mean(sums["precision"]), 6),
        "recall": round(mean(sums["recall"]), 6),
        "ndcg": round(mean(sums["ndcg"]), 6),
        "hitRate": round(mean(sums["hits"]), 6),
        "coverage": round(len(recommended) / training_items, 6) if training_items else 0.0,
    }


def implicit_models(args):
    # implicit's normalize() hands its kernel a COO matrix and warns about it.
    warnings.filterwarnings("ignore", message="Method expects CSR input")
    import implicit
    import numpy as np
    import scipy
    from implicit.nearest_neighbours import BM25Recommender, CosineRecommender, TFIDFRecommender
    from scipy.sparse import csr_matrix

    train = read_ratings(args.train)
    test = read_ratings(args.test)
    user_ids = sorted({row[0] for row in train} | {row[0] for row in test})
    item_ids = sorted({row[1] for row in train} | {row[1] for row in test})
    user_index = {user: index for index, user in enumerate(user_ids)}
    item_index = {item: index for index, item in enumerate(item_ids)}
    users = np.array([user_index[row[0]] for row in train], dtype=np.int32)
    items = np.array([item_index[row[1]] for row in train], dtype=np.int32)
    ratings = np.array([float(row[2]) for row in train], dtype=np.float32)
    shape = (len(user_ids), len(item_ids))
    owned = [set() for _ in user_ids]
    for user, item in zip(users.tolist(), items.tolist()):
        owned[user].add(item)
    training_items = len(set(items.tolist()))
    relevant_by_user = {}
    for user, item, rating in test:
        relevant_by_user.setdefault(user_index[user], {})[item_index[item]] = float(rating)
    relevant = [set() for _ in user_ids]
    for user, latest in relevant_by_user.items():
        relevant[user] = {item for item, rating in latest.items() if rating >= args.relevant_min}

    results = []
    all_users = np.arange(shape[0], dtype=np.int32)
    for weighting in ("ratings", "binary"):
        values = ratings if weighting == "ratings" else np.ones_like(ratings)
        matrix = csr_matrix((values, (users, items)), shape=shape, dtype=np.float32)
        matrix.sum_duplicates()
        for name, make in (
            ("CosineRecommender", lambda k: CosineRecommender(K=k, num_threads=args.threads)),
            ("BM25Recommender", lambda k: BM25Recommender(K=k, K1=1.2, B=0.75, num_threads=args.threads)),
            ("TFIDFRecommender", lambda k: TFIDFRecommender(K=k, num_threads=args.threads)),
        ):
            for k in args.ks:
                started = time.perf_counter()
                model = make(k)
                model.fit(matrix, show_progress=False)
                ids, scores = model.recommend(all_users, matrix, N=args.top, filter_already_liked_items=True)
                seconds = time.perf_counter() - started
                lists = []
                short = 0
                for user in range(shape[0]):
                    # implicit zeroes the user's own books but may still return them at
                    # score 0 when it has fewer than N candidates; they are not picks.
                    picks = [
                        int(item)
                        for item, value in zip(ids[user], scores[user])
                        if item >= 0 and int(item) not in owned[user] and math.isfinite(value)
                    ]
                    if len(picks) < args.top:
                        short += 1
                    lists.append(picks)
                metrics = score(lists, relevant, args.top, training_items)
                metrics["seconds"] = round(seconds, 3)
                results.append(
                    {"model": name, "K": k, "weights": weighting, "shortLists": short, "metrics": metrics}
                )
    document = {
        "train": args.train,
        "test": args.test,
        "users": shape[0],
        "items": shape[1],
        "trainingItems": training_items,
        "top": args.top,
        "relevantMin": args.relevant_min,
        "results": results,
        "versions": {
            "implicit": implicit.__version__,
            "numpy": np.__version__,
            "scipy": scipy.__version__,
            "python": platform.python_version(),
        },
    }
    json.dump(document, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


COLUMNS = ("precision", "recall", "ndcg", "hitRate", "coverage")


def table(rows, top):
    """Markdown table of (tool, model, settings, metrics) rows."""
    header = f"| tool | model | settings | P@{top} | R@{top} | NDCG@{top} | hit rate | coverage |"
    lines = [header, "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for tool, model, settings, metrics in rows:
        cells = " | ".join(f"{metrics[column]:.4f}" for column in COLUMNS)
        lines.append(f"| {tool} | {model} | {settings} | {cells} |")
    return "\n".join(lines)


def bookrec_row(path):
    """(settings text, item-item metrics, popularity metrics) of a `bookrec evaluate --json` file."""
    with open(path) as handle:
        document = json.load(handle)
    settings = document["settings"]
    text = f"K={settings['neighbors']}, shrinkage {settings['shrinkage']:g}"
    return settings["similarity"], text, document["models"]["itemItem"], document["models"]["popularity"]


def report(args):
    """Markdown of a work folder that scripts/accuracy filled: split.json, validation-*.json,
    implicit-{full,sparse}.json and bookrec-{full,sparse}-*.json."""
    import glob
    import os

    folder = args.folder
    with open(f"{folder}/split.json") as handle:
        split_info = json.load(handle)
    out = []
    versions = None
    for name, title in (("full", "Full split"), ("sparse", "Sparse split")):
        with open(f"{folder}/implicit-{name}.json") as handle:
            peer = json.load(handle)
        versions = peer["versions"]
        top = peer["top"]
        training = "train.csv" if name == "full" else "train-sparse.csv"
        out.append(f"### {title}: training `{training}`, test `test.csv`\n")
        rows = []
        popularity = None
        for path in sorted(glob.glob(f"{folder}/bookrec-{name}-*.json")):
            similarity, text, model, popularity = bookrec_row(path)
            label = os.path.basename(path)[len(f"bookrec-{name}-") : -len(".json")]
            rows.append(("bookrec", f"{similarity}{' (default)' if label == 'default' else ''}", text, model))
        rows.sort(key=lambda row: -row[3]["ndcg"])
        rows.append(("bookrec", "popularity baseline", "damped mean rating, m = 10", popularity))
        means = {}
        for weights in ("ratings", "binary"):
            chosen = [run["metrics"]["ndcg"] for run in peer["results"] if run["weights"] == weights]
            means[weights] = sum(chosen) / len(chosen)
        weights = max(means, key=means.get)
        other = "binary" if weights == "ratings" else "ratings"
        for run in peer["results"]:
            if run["weights"] == weights:
                short = f", {run['shortLists']} lists < {top}" if run["shortLists"] else ""
                rows.append(("implicit", run["model"], f"K={run['K']}, {weights} weights{short}", run["metrics"]))
        out.append(table(rows, top) + "\n")
        out.append(
            f"implicit with {other} weights instead (mean NDCG@{top} over its 12 models {means[other]:.4f}, "
            f"against {means[weights]:.4f} with {weights} weights, so the table above uses {weights}):\n"
        )
        rows = [
            ("implicit", run["model"], f"K={run['K']}, {other} weights", run["metrics"])
            for run in peer["results"]
            if run["weights"] == other
        ]
        out.append(table(rows, top) + "\n")
    out.append("### Validation on training data only (how the defaults were chosen)\n")
    out.append(
        "`bookrec evaluate TRAIN --holdout 0.2 --seed 7`: the training file split again; the test file is not read.\n"
    )
    for name, training in (("full", "train.csv"), ("sparse", "train-sparse.csv")):
        rows = []
        for path in sorted(glob.glob(f"{folder}/validation-{name}-*.json")):
            similarity, text, model, popularity = bookrec_row(path)
            rows.append(("bookrec", similarity, text, model))
        rows.sort(key=lambda row: -row[3]["ndcg"])
        rows.append(("bookrec", "popularity baseline", "damped mean rating, m = 10", popularity))
        out.append(f"Validation of `{training}`:\n")
        out.append(table(rows, top) + "\n")
    out.append(
        f"Data: {split_info['ratings']} ratings by {split_info['users']} users; per-user holdout "
        f"{split_info['holdout']} (seed {split_info['seed']}): {split_info['train']} training, {split_info['test']} "
        f"test ratings. Sparse training file: {split_info['usersThinned']} of the users (share "
        f"{split_info['sparseShare']}, seed {split_info['sparseSeed']}) keep 1–{split_info['sparseKeep']} of their "
        f"training ratings: {split_info['trainSparse']} training ratings.\n"
    )
    out.append(
        "Versions: implicit {implicit}, numpy {numpy}, scipy {scipy}, Python {python}.".format(**versions)
    )
    print("\n".join(out))
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("split")
    make.add_argument("ratings")
    make.add_argument("outdir")
    make.add_argument("--holdout", type=float, default=0.2)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--sparse-share", type=float, default=0.8)
    make.add_argument("--sparse-keep", type=int, default=5)
    make.add_argument("--sparse-seed", type=int, default=2)
    peer = commands.add_parser("implicit")
    peer.add_argument("train")
    peer.add_argument("test")
    peer.add_argument("--ks", type=lambda text: [int(part) for part in text.split(",")], default=[20, 32, 48, 64])
    peer.add_argument("--top", type=int, default=10)
    peer.add_argument("--relevant-min", type=float, default=3.5)
    peer.add_argument("--threads", type=int, default=2)
    show = commands.add_parser("report")
    show.add_argument("folder")
    args = parser.parse_args(argv)
    return {"split": split, "implicit": implicit_models, "report": report}[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
