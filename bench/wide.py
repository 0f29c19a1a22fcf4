#!/usr/bin/env python3
"""Seeded synthetic wide-catalog rating file (issue 27), for the benchmark's wide sizes.

Writes `user_id,book_id,rating` (header included), sorted by user then book, no
(user, book) pair twice, ratings 1-5. Every draw comes from one numpy PCG64
generator seeded with --seed, so the same arguments give the same bytes with the
same numpy version.

* Reader activity: a Pareto draw (shape --activity-shape, 1.3) times a scale,
  clipped to --min-per-user..--max-per-user (5..5,000); the scale is found by
  bisection so the total comes near --ratings (within a reader's clip).
* Book popularity: the book of popularity rank r (1-based) has weight
  r^-exponent (--popularity-exponent, 0.9); ranks map to ids by a seeded shuffle.
* Taste: --clusters (40) clusters; each book and each reader belongs to one.
  A reader's book is drawn by popularity among their cluster's books with
  probability --taste (0.6), else among all books.
* Stars: round(3.9 + book quality + reader bias + noise), clipped to 1..5, as
  bench/generate.py.

A sidecar OUT.json records the arguments and counts, including the co-rated
pairs sum(n (n - 1) / 2) over readers; when it matches, nothing is written again.

Usage: wide.py --readers U --books I --ratings N [--seed S] --out FILE.csv
"""

import argparse
import json
import os
import sys

import numpy as np

CHUNK_READERS = 20_000


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, required=True)
    parser.add_argument("--books", type=int, required=True)
    parser.add_argument("--ratings", type=int, required=True, help="target total (met within clipping)")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--activity-shape", type=float, default=1.3)
    parser.add_argument("--min-per-user", type=int, default=5)
    parser.add_argument("--max-per-user", type=int, default=5000)
    parser.add_argument("--popularity-exponent", type=float, default=0.9)
    parser.add_argument("--clusters", type=int, default=40)
    parser.add_argument("--taste", type=float, default=0.6)
    parser.add_argument("--out", required=True)
    return parser.parse_args(argv)


def activity(rng, args):
    """Books per reader: clip(scale * (1 + Pareto draw)), scale bisected to meet --ratings."""
    draws = 1 + rng.pareto(args.activity_shape, args.readers)
    low, high = 1e-3, float(args.max_per_user)

    def total(scale):
        return np.clip(np.rint(scale * draws), args.min_per_user, args.max_per_user).sum()

    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if total(middle) < args.ratings else (low, middle)
    counts = np.clip(np.rint(high * draws), args.min_per_user, args.max_per_user).astype(np.int64)
    return np.minimum(counts, args.books // 2)


def cdf(weights):
    values = np.cumsum(weights)
    return values / values[-1]


def main(argv):
    args = parse_arguments(argv)
    request = {key: value for key, value in vars(args).items() if key != "out"}
    sidecar = args.out + ".json"
    if os.path.exists(args.out) and os.path.exists(sidecar):
        with open(sidecar) as handle:
            if json.load(handle).get("request") == request:
                return 0
    rng = np.random.Generator(np.random.PCG64(args.seed))
    counts = activity(rng, args)
    book_of_rank = rng.permutation(args.books)
    weight = np.arange(1, args.books + 1, dtype=np.float64) ** -args.popularity_exponent
    cluster_of_rank = rng.integers(0, args.clusters, args.books)
    everyone = cdf(weight)
    clusters = []
    for cluster in range(args.clusters):
        ranks = np.flatnonzero(cluster_of_rank == cluster)
        clusters.append((ranks, cdf(weight[ranks])))
    reader_cluster = rng.integers(0, args.clusters, args.readers)
    quality = rng.normal(0, 0.5, args.books)
    bias = rng.normal(0, 0.4, args.readers)

    def draw(reader, size):
        ranks, local = clusters[reader_cluster[reader]]
        own = rng.random(size) < args.taste
        picks = np.minimum(np.searchsorted(everyone, rng.random(size), side="right"), args.books - 1)
        inside = np.minimum(np.searchsorted(local, rng.random(int(own.sum())), side="right"), len(ranks) - 1)
        picks[own] = ranks[inside]
        return picks

    partial = args.out + ".partial"
    with open(partial, "w") as out:
        out.write("user_id,book_id,rating\n")
        for start in range(0, args.readers, CHUNK_READERS):
            lines = []
            for reader in range(start, min(start + CHUNK_READERS, args.readers)):
                need = int(counts[reader])
                ranks = np.unique(draw(reader, need))
                while len(ranks) < need:
                    ranks = np.unique(np.concatenate([ranks, draw(reader, need - len(ranks))]))
                books = np.sort(book_of_rank[ranks])
                noise = rng.normal(0, 0.9, need)
                stars = np.clip(np.rint(3.9 + quality[books] + bias[reader] + noise), 1, 5).astype(np.int64)
                user = str(reader + 1)
                lines.extend(f"{user},{book + 1},{star}" for book, star in zip(books.tolist(), stars.tolist()))
            out.write("\n".join(lines))
            out.write("\n")
    os.replace(partial, args.out)
    n = counts.astype(np.float64)
    result = {"ratings": int(counts.sum()), "readers": args.readers, "books": args.books,
              "pairs": float((n * (n - 1) / 2).sum())}
    with open(sidecar, "w") as handle:
        json.dump({"request": request, "result": result}, handle, indent=1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
