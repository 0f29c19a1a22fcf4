#!/usr/bin/env python3
"""Seeded synthetic rating file shaped like goodbooks-10k, for the benchmark.

Writes `user_id,book_id,rating` (header included), one line per rating, sorted
by user then book, with no duplicate (user, book) pair and ratings 1-5.

The distribution (every draw comes from one numpy PCG64 generator seeded with
--seed, so the same arguments give the same file, byte for byte, with the same
numpy version; scripts/bench pins numpy in its virtual environment):

* Book popularity is a power law (Zipf): the book of popularity rank r (1-based)
  is drawn with weight r^-0.8 (--popularity-exponent). On goodbooks-10k that
  exponent gives a most-rated book near half the readers and a least-rated book
  near a dozen ratings. Ranks are mapped to book ids 1..--items by a seeded
  shuffle, so a book's id says nothing about its popularity.
* Reader activity is a power law too: each reader gets --min-per-user ratings
  plus a share of the rest proportional to a Lomax (Pareto II, shape
  --activity-alpha, default 3: many light readers, a long tail of heavy ones) draw,
  capped at --max-per-user (the excess is handed to the others), then rounded
  by largest remainder so the total is exactly --ratings.
* Each reader's books are drawn by popularity without replacement: draw with
  replacement, then draw again for every duplicate, reader by reader, until no
  reader holds a book twice.
* A rating is round(3.9 + book quality + reader bias + noise), clipped to 1..5,
  with book quality ~ N(0, 0.5), reader bias ~ N(0, 0.4), noise ~ N(0, 0.9):
  a mean near goodbooks-10k's 3.9, mostly 3-5 stars.

Generated files are cached: when OUT and its sidecar OUT.json (the arguments
and the resulting counts) already match the request, nothing is written again.

Usage: generate.py --ratings N --users U --items I [--seed S] --out FILE.csv
"""

import argparse
import json
import os
import sys
import time

import numpy as np

CHUNK_LINES = 500_000


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ratings", type=int, required=True, help="number of ratings (lines after the header)")
    parser.add_argument("--users", type=int, required=True, help="number of readers (user_id 1..U)")
    parser.add_argument("--items", type=int, required=True, help="number of books (book_id 1..I)")
    parser.add_argument("--seed", type=int, default=20240603, help="seed of the numpy PCG64 generator")
    parser.add_argument("--popularity-exponent", type=float, default=0.8, help="Zipf exponent of book popularity")
    parser.add_argument("--activity-alpha", type=float, default=3.0, help="Lomax (Pareto II) shape of reader activity")
    parser.add_argument("--min-per-user", type=int, default=10, help="fewest ratings per reader")
    parser.add_argument("--max-per-user", type=int, default=0, help="most ratings per reader (0: a quarter of the books)")
    parser.add_argument("--out", required=True, help="CSV file to write")
    args = parser.parse_args(argv)
    if args.max_per_user == 0:
        args.max_per_user = max(args.min_per_user, args.items // 4)
    if args.users <= 0 or args.items <= 0 or args.ratings <= 0:
        parser.error("--ratings, --users and --items must be positive")
    if args.ratings < args.users * args.min_per_user or args.ratings > args.users * args.max_per_user:
        parser.error("--ratings must lie between users x min-per-user and users x max-per-user")
    if args.max_per_user > args.items:
        parser.error("--max-per-user cannot exceed --items")
    return args


def activity(rng, args):
    """Ratings per reader: a capped, rescaled Pareto share; sums to exactly --ratings."""
    weights = rng.pareto(args.activity_alpha, args.users)
    extra_cap = float(args.max_per_user - args.min_per_user)
    extra_total = float(args.ratings - args.users * args.min_per_user)
    share = np.zeros(args.users)
    capped = np.zeros(args.users, dtype=bool)
    while True:
        free = ~capped
        remaining = extra_total - extra_cap * capped.sum()
        share[free] = remaining * weights[free] / weights[free].sum()
        share[capped] = extra_cap
        over = free & (share > extra_cap)
        if not over.any():
            break
        capped |= over
    whole = np.floor(share).astype(np.int64)
    missing = int(round(extra_total)) - int(whole.sum())
    if missing > 0:
        # Largest remainder among readers still below the cap; ties by reader index.
        remainder = np.where(whole < extra_cap, share - whole, -1.0)
        order = np.lexsort((np.arange(args.users), -remainder))
        whole[order[:missing]] += 1
    return whole + args.min_per_user


def draw_books(rng, counts, popularity_cdf, n_items):
    """Book indices per reader, by popularity, no reader holding a book twice.

    Returns (users, books) sorted by user then book.
    """
    users = np.repeat(np.arange(len(counts), dtype=np.int64), counts)

    def draw(size):
        picks = np.searchsorted(popularity_cdf, rng.random(size), side="right")
        return np.minimum(picks, n_items - 1)

    books = draw(len(users))
    # The first pass checks every rating; later passes only readers that had a duplicate.
    positions = np.arange(len(users))
    rounds = 0
    while True:
        keys = users[positions] * n_items + books[positions]
        order = np.argsort(keys, kind="stable")
        sorted_keys = keys[order]
        repeated = np.flatnonzero(sorted_keys[1:] == sorted_keys[:-1]) + 1
        if len(repeated) == 0:
            break
        rounds += 1
        duplicates = positions[order[repeated]]
        books[duplicates] = draw(len(duplicates))
        affected = np.unique(users[duplicates])
        positions = np.flatnonzero(np.isin(users, affected))
    keys = users * n_items + books
    keys.sort()
    return keys // n_items, keys % n_items, rounds


def ratings(rng, users, books, n_users, n_items):
    quality = rng.normal(0.0, 0.5, n_items)
    bias = rng.normal(0.0, 0.4, n_users)
    noise = rng.normal(0.0, 0.9, len(users))
    values = np.rint(3.9 + quality[books] + bias[users] + noise)
    return np.clip(values, 1, 5).astype(np.int64)


def write_csv(path, user_ids, book_ids, values):
    temporary = path + ".tmp"
    width = max(len(str(int(user_ids.max()))), len(str(int(book_ids.max()))))
    names = np.array([str(i) for i in range(int(max(user_ids.max(), book_ids.max())) + 1)], dtype=f"U{width}")
    with open(temporary, "w", encoding="ascii", newline="\n") as out:
        out.write("user_id,book_id,rating\n")
        for start in range(0, len(user_ids), CHUNK_LINES):
            stop = start + CHUNK_LINES
            rows = zip(names[user_ids[start:stop]].tolist(), names[book_ids[start:stop]].tolist(),
                       values[start:stop].tolist())
            out.write("".join(f"{u},{b},{r}\n" for u, b, r in rows))
    os.replace(temporary, path)


def main(argv):
    args = parse_arguments(argv)
    request = {key: value for key, value in vars(args).items() if key != "out"}
    sidecar = args.out + ".json"
    if os.path.exists(args.out) and os.path.exists(sidecar):
        with open(sidecar, encoding="utf-8") as handle:
            cached = json.load(handle)
        if cached.get("request") == request:
            print(f"generate: {args.out} is cached ({cached['ratings']} ratings)", file=sys.stderr)
            return 0
    started = time.monotonic()
    rng = np.random.Generator(np.random.PCG64(args.seed))
    ranks = np.arange(1, args.items + 1, dtype=np.float64)
    popularity = ranks ** -args.popularity_exponent
    cdf = np.cumsum(popularity / popularity.sum())
    book_of_rank = rng.permutation(args.items)
    counts = activity(rng, args)
    users, ranked_books, rounds = draw_books(rng, counts, cdf, args.items)
    books = book_of_rank[ranked_books]
    order = np.lexsort((books, users))
    users, books = users[order], books[order]
    values = ratings(rng, users, ranked_books[order], args.users, args.items)
    write_csv(args.out, users + 1, books + 1, values)
    per_book = np.bincount(books, minlength=args.items)
    facts = {
        "request": request,
        "ratings": int(len(users)),
        "users": int(args.users),
        "books_rated": int((per_book > 0).sum()),
        "per_user": {"min": int(counts.min()), "median": float(np.median(counts)), "max": int(counts.max())},
        "per_book": {"min": int(per_book.min()), "median": float(np.median(per_book)), "max": int(per_book.max())},
        "stars": {str(s): int((values == s).sum()) for s in range(1, 6)},
        "co_rated_pairs": int((counts * (counts - 1) // 2).sum()),
        "redraw_rounds": rounds,
        "numpy": np.__version__,
        "seconds": round(time.monotonic() - started, 2),
    }
    with open(sidecar, "w", encoding="utf-8") as handle:
        json.dump(facts, handle, indent=2, sort_keys=True)
        handle.write("\n")
    print(f"generate: wrote {args.out}: {json.dumps(facts, sort_keys=True)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
