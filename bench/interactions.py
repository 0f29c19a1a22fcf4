#!/usr/bin/env python3
"""Accuracy on interactions (issue 28): five seeded holdouts, implicit's 29 variants, a picks scorer.

Subcommands (scripts/accuracy-interactions runs them in order):

  split OUTDIR [--data ../shared/data] [--bx-dump FILE] [--seed 1] [--validation-seed 7]
      Builds the five holdouts, each in OUTDIR/NAME/ with train.csv, test.csv and
      validation/{train,test}.csv (the training part split again the same way, for
      choosing hyperparameters without looking at the test part), and writes
      OUTDIR/split.json with the counts.

        ml-interactions  ml-latest-small reduced to user,item: every row is a bare interaction.
        ml-partial       ml-latest-small with a seeded 60 % of its rows' stars removed
                         (those rows become read-but-unrated interactions).
        bx-dump          the real Book-Crossing dump (BX-Book-Ratings.csv), 0 = interaction.
        ml-stars         ml-latest-small, stars only (the same split as scripts/accuracy).
        bx-stars         book-crossing/top_ratings.csv, stars 1-10 only.

      Split rule: a reader with at least 5 books holds out round(0.2 n) of them (kept
      within 1..n-1, bookrec's HoldoutSplit.testCount); a reader with fewer keeps all
      for training and is not evaluated. Readers go in (len(id), id) order, each
      reader's books in id order, and every reader draws one numpy PCG64 permutation
      (seed 1), so on MovieLens (every reader has >= 20 ratings) the split is
      row for row the one `bench/accuracy.py split --seed 1` makes, and the three
      MovieLens holdouts hold out the same (reader, movie) pairs.

      train.csv is `user_id,item_id,rating` with an EMPTY rating for an interaction
      without stars; ratings are on the source's own scale (MovieLens 0.5-5,
      Book-Crossing 1-10, which bookrec halves). test.csv adds a `relevant` column
      (1/0). Relevance:
        ml-interactions: every held-out book;
        ml-partial: held-out interactions, and held-out ratings >= 3.5;
        bx-dump: held-out 0s (interactions), and held-out ratings >= 6 (3 on bookrec's
                 0-5 scale); held-out ratings 1-5 are not relevant;
        ml-stars: held-out ratings >= 3.5; bx-stars: held-out ratings >= 6.

  implicit HOLDOUT [--part test|validation] [--threads 2] [--picks FILE] [--only NAMES]
      Fits implicit's 29 variants (see VARIANTS) on HOLDOUT's training file, recommends
      the top 10 to every reader with filter_already_liked_items=True, and scores each
      list on its test file. Prints JSON. --picks writes the best variant's lists.

  report OUTDIR [--names a,b]
      Markdown tables of the implicit-test.json files.

  score HOLDOUT PICKS.csv [--part test|validation]
      Scores a CSV of picks `user_id,item_id,rank` (rank 1 = best; any other columns
      ignored) against HOLDOUT's test file with the same metric code: how bookrec's
      output is to be scored. Picks of books the reader has in training are dropped
      before the cut to 10 (bookrec never makes them), and so are repeats.

Metric definitions, as in bookrec's RankingMetrics (bench/accuracy.py score): only
readers with a relevant held-out book count; precision = |L ∩ R| / 10, recall =
|L ∩ R| / |R|, NDCG with binary gains and IDCG over min(10, |R|) ranks; coverage =
distinct picked books / books with a training interaction.

Confidence weights (implicit's "confidence" variants and ALS): a rated row is
1 + r with r on bookrec's 0-5 scale (MovieLens as is, Book-Crossing r/2); a row
without stars is 1. Binary weights: every row 1.
"""

import argparse
import csv
import json
import math
import os
import platform
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

HOLDOUTS = ("ml-interactions", "ml-partial", "bx-dump", "ml-stars", "bx-stars")
TOP = 10
MIN_BOOKS = 5
FRACTION = 0.2


# ---------------------------------------------------------------- sources

def ml_rows(data):
    """(user, item, rating text) of ml-latest-small."""
    with open(f"{data}/ml-latest-small/ratings.csv", newline="") as handle:
        reader = csv.reader(handle)
        next(reader)
        return [(row[0], row[1], row[2]) for row in reader if row]


def bx_star_rows(data):
    with open(f"{data}/book-crossing/top_ratings.csv", newline="") as handle:
        reader = csv.reader(handle)
        next(reader)
        return [(row[0], row[1], row[2]) for row in reader if row]


def bx_dump_rows(path):
    """Rows of the spreadsheet-saved Book-Crossing dump: CR line ends, `\"\"\"ISBN\"\"\"`
    quoting, empty `,,` rows. Returns (rows, notes): rows as (user, isbn, rating text),
    with "" for a 0 (an interaction without a rating); ISBNs are opaque ids (quotes
    stripped, nothing else changed). Rows without a numeric user or a rating 0-10 are
    dropped and counted; a repeated (user, isbn) keeps its last row."""
    with open(path, "rb") as handle:
        text = handle.read().decode("latin-1")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    notes = {"lines": len(lines), "empty": 0, "malformed": 0, "repeats": 0, "header": lines[0].strip()}
    kept = {}
    for line in lines[1:]:
        if not line.strip(", \t"):
            notes["empty"] += 1
            continue
        parts = line.split(",")
        if len(parts) != 3:
            notes["malformed"] += 1
            continue
        user, isbn, rating = (part.strip().strip('"').strip() for part in parts)
        if not user.isdigit() or not isbn or not rating.isdigit() or not 0 <= int(rating) <= 10:
            notes["malformed"] += 1
            continue
        if (user, isbn) in kept:
            notes["repeats"] += 1
        kept[(user, isbn)] = "" if int(rating) == 0 else rating
    return [(user, isbn, rating) for (user, isbn), rating in kept.items()], notes


def strip_stars(rows, share, seed):
    """A seeded `share` of the rows (exactly round(share * n), a uniform subset) lose their stars."""
    import numpy as np

    chosen = np.random.default_rng(seed).permutation(len(rows))[: int(round(share * len(rows)))]
    stripped = set(chosen.tolist())
    return [(u, i, "" if index in stripped else r) for index, (u, i, r) in enumerate(rows)]


# ---------------------------------------------------------------- split

def held_out_count(books, fraction):
    """bookrec's HoldoutSplit.testCount."""
    if books < 2 or fraction <= 0:
        return 0
    share = int(math.floor(min(fraction, 1.0) * books + 0.5))
    return min(books - 1, max(1, share))


def holdout(rows, seed, min_books=MIN_BOOKS, fraction=FRACTION):
    """(train, test) row lists; see the module documentation for the rule."""
    import numpy as np

    by_user = {}
    for row in rows:
        by_user.setdefault(row[0], []).append(row)
    random = np.random.default_rng(seed)
    train, test = [], []
    for user in sorted(by_user, key=lambda text: (len(text), text)):
        books = sorted(by_user[user], key=lambda row: row[1])
        order = random.permutation(len(books))
        count = held_out_count(len(books), fraction) if len(books) >= min_books else 0
        held = set(order[:count].tolist())
        for index, row in enumerate(books):
            (test if index in held else train).append(row)
    return train, test


def relevance_rule(name):
    """Function of a held-out rating text -> relevant?"""
    if name == "ml-interactions":
        return lambda rating: True
    if name == "ml-partial":
        return lambda rating: rating == "" or float(rating) >= 3.5
    if name == "bx-dump":
        return lambda rating: rating == "" or float(rating) >= 6
    if name == "ml-stars":
        return lambda rating: float(rating) >= 3.5
    if name == "bx-stars":
        return lambda rating: float(rating) >= 6
    raise ValueError(name)


def write_part(folder, train, test, relevant):
    os.makedirs(folder, exist_ok=True)
    with open(f"{folder}/train.csv", "w", newline="") as handle:
        handle.write("user_id,item_id,rating\n")
        for user, item, rating in train:
            handle.write(f"{user},{item},{rating}\n")
    with open(f"{folder}/test.csv", "w", newline="") as handle:
        handle.write("user_id,item_id,rating,relevant\n")
        for user, item, rating in test:
            handle.write(f"{user},{item},{rating},{1 if relevant(rating) else 0}\n")


def describe(train, test, relevant):
    users = {row[0] for row in train} | {row[0] for row in test}
    return {
        "readers": len(users),
        "books": len({row[1] for row in train} | {row[1] for row in test}),
        "train": len(train),
        "trainUnrated": sum(1 for row in train if row[2] == ""),
        "test": len(test),
        "testRelevant": sum(1 for row in test if relevant(row[2])),
        "evaluatedReaders": len({row[0] for row in test if relevant(row[2])}),
    }


def split(args):
    sources = {}
    ml = ml_rows(args.data)
    sources["ml-interactions"] = [(u, i, "") for u, i, _ in ml]
    sources["ml-partial"] = strip_stars(ml, 0.6, args.strip_seed)
    dump, notes = bx_dump_rows(args.bx_dump)
    sources["bx-dump"] = dump
    sources["ml-stars"] = ml
    sources["bx-stars"] = bx_star_rows(args.data)
    summary = {"seed": args.seed, "validationSeed": args.validation_seed, "stripSeed": args.strip_seed,
               "minBooks": MIN_BOOKS, "fraction": FRACTION, "bxDump": args.bx_dump, "bxDumpNotes": notes,
               "holdouts": {}}
    for name in HOLDOUTS:
        relevant = relevance_rule(name)
        train, test = holdout(sources[name], args.seed)
        write_part(f"{args.outdir}/{name}", train, test, relevant)
        inner_train, inner_test = holdout(train, args.validation_seed)
        write_part(f"{args.outdir}/{name}/validation", inner_train, inner_test, relevant)
        summary["holdouts"][name] = {"test": describe(train, test, relevant),
                                     "validation": describe(inner_train, inner_test, relevant)}
    with open(f"{args.outdir}/split.json", "w") as handle:
        json.dump(summary, handle, indent=1, sort_keys=True)
    json.dump(summary, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


# ---------------------------------------------------------------- loaded holdout

class Holdout:
    """One holdout part in memory: dense indices, the training rows as arrays, and
    the relevant held-out books per reader.

    stars: rating on bookrec's 0-5 scale (NaN for an interaction without stars);
    scale: the source's maximum (5 or 10), so stars = rating * 5 / scale."""

    def __init__(self, folder):
        import numpy as np

        self.folder = folder
        with open(f"{folder}/train.csv", newline="") as handle:
            reader = csv.reader(handle)
            next(reader)
            train = [row for row in reader if row]
        with open(f"{folder}/test.csv", newline="") as handle:
            reader = csv.reader(handle)
            next(reader)
            test = [row for row in reader if row]
        raw = [float(row[2]) for row in train if row[2] != ""] + [float(row[2]) for row in test if row[2] != ""]
        self.scale = 10.0 if raw and max(raw) > 5 else 5.0
        self.user_ids = sorted({row[0] for row in train} | {row[0] for row in test}, key=lambda t: (len(t), t))
        self.item_ids = sorted({row[1] for row in train} | {row[1] for row in test})
        self.user_index = {user: index for index, user in enumerate(self.user_ids)}
        self.item_index = {item: index for index, item in enumerate(self.item_ids)}
        self.users = np.array([self.user_index[row[0]] for row in train], dtype=np.int32)
        self.items = np.array([self.item_index[row[1]] for row in train], dtype=np.int32)
        self.stars = np.array([float(row[2]) * 5 / self.scale if row[2] != "" else np.nan for row in train],
                              dtype=np.float64)
        self.shape = (len(self.user_ids), len(self.item_ids))
        self.relevant = [set() for _ in self.user_ids]
        for user, item, _rating, flag in test:
            if flag == "1":
                self.relevant[self.user_index[user]].add(self.item_index[item])
        self.training_items = len(set(self.items.tolist()))
        self.rated = ~np.isnan(self.stars)

    def matrix(self, values):
        """users x items CSR (float32) of `values` aligned with the training rows."""
        import numpy as np
        from scipy.sparse import csr_matrix

        m = csr_matrix((np.asarray(values, dtype=np.float32), (self.users, self.items)), shape=self.shape)
        m.sum_duplicates()
        m.sort_indices()
        return m

    def binary(self):
        import numpy as np

        return self.matrix(np.ones(len(self.users)))

    def confidence(self):
        import numpy as np

        return self.matrix(np.where(self.rated, 1 + np.nan_to_num(self.stars), 1.0))

    def score(self, lists):
        from accuracy import score

        return score(lists, self.relevant, TOP, self.training_items)


def load(holdout_dir, part):
    return Holdout(holdout_dir if part == "test" else f"{holdout_dir}/validation")


# ---------------------------------------------------------------- implicit's 29 variants

# 24 item-item (3 models x K 20/50/100/200 x binary/confidence) + 5 ALS (factors 32, 15 iterations).
ITEM_ITEM = [(model, k, weights) for model in ("cosine", "bm25", "tfidf") for k in (20, 50, 100, 200)
             for weights in ("binary", "confidence")]
ALS = [  # (weights, regularization, alpha): the region that did best on ML-small (see FINDINGS.md)
    ("binary", 0.1, 1.0),
    ("binary", 1.0, 3.0),
    ("binary", 10.0, 3.0),
    ("binary", 10.0, 10.0),
    ("confidence", 10.0, 1.0),
]
VARIANTS = [("item", *variant) for variant in ITEM_ITEM] + [("als", *variant) for variant in ALS]


def variant_label(variant):
    if variant[0] == "item":
        _, model, k, weights = variant
        return f"{model} K={k} {weights}"
    _, weights, reg, alpha = variant
    return f"ALS f=32 it=15 reg={reg:g} alpha={alpha:g} {weights}"


def implicit_lists(data, variant, threads, random_state=1):
    """Top-10 lists (by user index) of one implicit variant, and its seconds."""
    import numpy as np
    from implicit.als import AlternatingLeastSquares
    from implicit.nearest_neighbours import BM25Recommender, CosineRecommender, TFIDFRecommender

    warnings.filterwarnings("ignore", message="Method expects CSR input")
    warnings.filterwarnings("ignore", category=RuntimeWarning, module="implicit")
    weights = variant[1] if variant[0] == "als" else variant[3]
    matrix = data.binary() if weights == "binary" else data.confidence()
    started = time.perf_counter()
    if variant[0] == "item":
        _, model, k, _ = variant
        make = {"cosine": lambda: CosineRecommender(K=k, num_threads=threads),
                "bm25": lambda: BM25Recommender(K=k, K1=1.2, B=0.75, num_threads=threads),
                "tfidf": lambda: TFIDFRecommender(K=k, num_threads=threads)}[model]
        recommender = make()
    else:
        _, _, reg, alpha = variant
        recommender = AlternatingLeastSquares(factors=32, iterations=15, regularization=reg, alpha=alpha,
                                              num_threads=threads, random_state=random_state)
    recommender.fit(matrix, show_progress=False)
    users = np.arange(data.shape[0], dtype=np.int32)
    ids, scores = recommender.recommend(users, matrix, N=TOP, filter_already_liked_items=True)
    seconds = time.perf_counter() - started
    lists = []
    indptr, indices = matrix.indptr, matrix.indices
    for user in range(data.shape[0]):
        owned = set(indices[indptr[user]:indptr[user + 1]].tolist())
        # implicit may pad a short list with owned books or -inf scores; those are not picks.
        lists.append([int(i) for i, s in zip(ids[user], scores[user])
                      if i >= 0 and int(i) not in owned and math.isfinite(s) and s > -1e30])
    return lists, seconds


def write_picks(path, data, lists):
    with open(path, "w") as handle:
        handle.write("user_id,item_id,rank\n")
        for user, chosen in enumerate(lists):
            for rank, item in enumerate(chosen[:TOP]):
                handle.write(f"{data.user_ids[user]},{data.item_ids[item]},{rank + 1}\n")


def implicit_command(args):
    import implicit
    import numpy as np
    import scipy

    data = load(args.holdout, args.part)
    chosen = VARIANTS if not args.only else [VARIANTS[int(index)] for index in args.only.split(",")]
    results = []
    best = None
    for variant in chosen:
        lists, seconds = implicit_lists(data, variant, args.threads)
        metrics = data.score(lists)
        metrics["seconds"] = round(seconds, 3)
        metrics["shortLists"] = sum(1 for chosen_list in lists if len(chosen_list) < TOP)
        results.append({"variant": list(variant), "label": variant_label(variant), "metrics": metrics})
        if best is None or metrics["precision"] > best[0]:
            best = (metrics["precision"], lists)
    if args.picks and best:
        write_picks(args.picks, data, best[1])
    document = {"holdout": args.holdout, "part": args.part, "users": data.shape[0], "items": data.shape[1],
                "trainingItems": data.training_items, "results": results,
                "versions": {"implicit": implicit.__version__, "numpy": np.__version__,
                             "scipy": scipy.__version__, "python": platform.python_version()}}
    json.dump(document, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


# ---------------------------------------------------------------- scorer of picks files

def read_picks(path, data):
    """Lists by user index from `user_id,item_id,rank`; unknown ids, owned books and repeats dropped."""
    import numpy as np

    owned = [set() for _ in data.user_ids]
    for user, item in zip(data.users.tolist(), data.items.tolist()):
        owned[user].add(item)
    ranked = {}
    unknown = 0
    with open(path, newline="") as handle:
        reader = csv.DictReader(handle)
        for row in reader:
            user = data.user_index.get(row["user_id"])
            item = data.item_index.get(row["item_id"])
            if user is None or item is None:
                unknown += 1
                continue
            ranked.setdefault(user, []).append((float(row["rank"]), item))
    lists = [[] for _ in data.user_ids]
    dropped = 0
    for user, entries in ranked.items():
        seen = set()
        for _, item in sorted(entries):
            if item in owned[user] or item in seen:
                dropped += 1
                continue
            seen.add(item)
            lists[user].append(item)
    del np
    return lists, {"unknownIds": unknown, "droppedOwnedOrRepeated": dropped}


def score_command(args):
    data = load(args.holdout, args.part)
    lists, notes = read_picks(args.picks, data)
    metrics = data.score(lists)
    metrics.update(notes)
    json.dump({"holdout": args.holdout, "part": args.part, "picks": args.picks, "metrics": metrics},
              sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


# ---------------------------------------------------------------- report

def report_command(args):
    """Markdown: per holdout, implicit's best item-item and best overall variant, then every variant."""
    out = ["| holdout | readers evaluated | best item-item | P@10 | best of 29 | P@10 | R@10 | NDCG@10 |",
           "| --- | ---: | --- | ---: | --- | ---: | ---: | ---: |"]
    detail = []
    for name in args.names.split(","):
        path = f"{args.outdir}/{name}/implicit-test.json"
        if not os.path.exists(path):
            continue
        with open(path) as handle:
            document = json.load(handle)
        results = document["results"]
        ranked = sorted(results, key=lambda run: -run["metrics"]["precision"])
        item = next(run for run in ranked if run["variant"][0] == "item")
        top = ranked[0]["metrics"]
        out.append(f"| {name} | {top['users']} | {item['label']} | {item['metrics']['precision']:.4f} | "
                   f"{ranked[0]['label']} | {top['precision']:.4f} | {top['recall']:.4f} | {top['ndcg']:.4f} |")
        detail.append(f"\n#### {name}\n\n| variant | P@10 | R@10 | NDCG@10 | coverage | short lists | s |\n"
                      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for run in results:
            m = run["metrics"]
            detail.append(f"| {run['label']} | {m['precision']:.4f} | {m['recall']:.4f} | {m['ndcg']:.4f} | "
                          f"{m['coverage']:.4f} | {m['shortLists']} | {m['seconds']:.1f} |")
    print("\n".join(out + detail))
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("split")
    make.add_argument("outdir")
    make.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "data"))
    make.add_argument("--bx-dump", default=os.path.join(HERE, "..", "..", "shared", "reference", "samples", "real",
                                                        "bx-cyadusha", "BX-Book-Ratings.csv"))
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--validation-seed", type=int, default=7)
    make.add_argument("--strip-seed", type=int, default=3)
    peer = commands.add_parser("implicit")
    peer.add_argument("holdout")
    peer.add_argument("--part", choices=("test", "validation"), default="test")
    peer.add_argument("--threads", type=int, default=2)
    peer.add_argument("--picks")
    peer.add_argument("--only", help="comma-separated indices into VARIANTS")
    scorer = commands.add_parser("score")
    scorer.add_argument("holdout")
    scorer.add_argument("picks")
    scorer.add_argument("--part", choices=("test", "validation"), default="test")
    show = commands.add_parser("report")
    show.add_argument("outdir")
    show.add_argument("--names", default=",".join(HOLDOUTS))
    args = parser.parse_args(argv)
    return {"split": split, "implicit": implicit_command, "score": score_command,
            "report": report_command}[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
