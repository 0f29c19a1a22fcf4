#!/usr/bin/env python3
"""The Python peer of the benchmark: implicit's item-item cosine recommender.

Does what `bookrec recommend --no-enrich --no-reports --top N` does, the way a
Python user of implicit would, and times each stage separately:

* load: parse the CSV (pandas' C reader, `read_csv` with numeric dtypes; numpy's
  C `loadtxt` when pandas is missing, about twice as slow), map user and book ids to dense indices (`numpy.unique`) and build
  the user x book CSR matrix of float32 ratings (scipy);
* fit: `implicit.nearest_neighbours.CosineRecommender(K=..., num_threads=T).fit`
  on that matrix (implicit's all-pairs k-nearest-neighbour kernel, OpenMP);
* recommend: `recommend` for every user at once (all user ids in one call),
  `N=10`, `filter_already_liked_items=True`.

Prints one JSON object on stdout: the seconds of each stage, their total, the
peak resident memory (`getrusage(RUSAGE_SELF).ru_maxrss`), counts, versions and
the thread settings (including OPENBLAS_CORETYPE as the environment set it).

With `--model als` the fit is `implicit.als.AlternatingLeastSquares(factors=F,
iterations=15, regularization=10, alpha=3, random_state=1)` on the binary matrix
(the best ALS variant of bench/interactions.py on ML-small interactions) instead;
with `--model bm25`, `implicit.nearest_neighbours.BM25Recommender(K=..., num_threads=T)`
(k1 = 1.2, b = 0.75, its defaults). `--fit-only` stops after the fit (recommend: 0 s),
for the wide-catalog rows, which compare fits.

Usage: implicit_peer.py FILE.csv [--neighbors K] [--top N] [--threads T] [--model cosine|bm25|als] [--factors F]
       [--fit-only]
"""

import argparse
import json
import os
import platform
import resource
import sys
import time
import warnings


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ratings", help="CSV with a header and user,book[,rating] columns")
    parser.add_argument("--neighbors", type=int, default=64, help="K of CosineRecommender")
    parser.add_argument("--top", type=int, default=10, help="N of recommend")
    parser.add_argument("--threads", type=int, default=1, help="implicit's num_threads (0: every core)")
    parser.add_argument("--model", choices=("cosine", "bm25", "als"), default="cosine")
    parser.add_argument("--fit-only", action="store_true", help="skip recommend")
    parser.add_argument("--factors", type=int, default=32, help="ALS factors")
    return parser.parse_args(argv)


def peak_rss_megabytes():
    # ru_maxrss is in KiB on Linux; megabytes here are 10^6 bytes, as in bookrec's summary.json.
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6, 1)


def read_columns(path, pandas):
    """User, book and value columns as numpy arrays, and the name of the reader used. A file of
    two columns (user, book: interactions without ratings) gives every pair the value 1."""
    import numpy as np

    with open(path, encoding="utf-8") as handle:
        width = min(3, len(handle.readline().split(",")))
    if pandas is None:
        table = np.loadtxt(path, delimiter=",", skiprows=1, usecols=range(width), dtype=np.float64, ndmin=2)
        columns, reader = [table[:, index] for index in range(width)], "numpy.loadtxt"
    else:
        frame = pandas.read_csv(path, usecols=list(range(width)), engine="c", dtype=np.float64)
        columns = [frame.iloc[:, index].to_numpy() for index in range(width)]
        reader = f"pandas.read_csv {pandas.__version__}"
    values = columns[2] if width == 3 else np.ones(len(columns[0]))
    return columns[0], columns[1], values.astype(np.float32), reader


def load(path, pandas):
    import numpy as np
    from scipy.sparse import csr_matrix

    user_column, book_column, values, reader = read_columns(path, pandas)
    user_ids, users = np.unique(user_column, return_inverse=True)
    book_ids, books = np.unique(book_column, return_inverse=True)
    del user_column, book_column
    matrix = csr_matrix((values, (users, books)), shape=(len(user_ids), len(book_ids)), dtype=np.float32)
    matrix.sum_duplicates()
    return matrix, len(values), reader


def blas_report():
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return []
    keys = ("user_api", "internal_api", "version", "num_threads", "architecture")
    return [{key: pool.get(key) for key in keys} for pool in threadpool_info()]


def main(argv):
    args = parse_arguments(argv)
    started = time.perf_counter()
    # implicit's own normalize() hands its kernel a COO matrix and warns about it; that cost is part of fit.
    warnings.filterwarnings("ignore", message="Method expects CSR input")
    import implicit
    import numpy as np
    from implicit.nearest_neighbours import CosineRecommender

    try:
        import pandas
    except ImportError:
        pandas = None

    seconds = {"import": round(time.perf_counter() - started, 3)}

    lap = time.perf_counter()
    matrix, ratings, reader = load(args.ratings, pandas)
    seconds["load"] = round(time.perf_counter() - lap, 3)
    after_load_mb = peak_rss_megabytes()

    lap = time.perf_counter()
    if args.model == "als":
        from implicit.als import AlternatingLeastSquares

        matrix.data[:] = 1
        model = AlternatingLeastSquares(factors=args.factors, iterations=15, regularization=10.0, alpha=3.0,
                                        num_threads=args.threads, random_state=1)
    elif args.model == "bm25":
        from implicit.nearest_neighbours import BM25Recommender

        model = BM25Recommender(K=args.neighbors, num_threads=args.threads)
    else:
        model = CosineRecommender(K=args.neighbors, num_threads=args.threads)
    model.fit(matrix, show_progress=False)
    seconds["fit"] = round(time.perf_counter() - lap, 3)

    lap = time.perf_counter()
    ids = np.empty(0)
    if not args.fit_only:
        users = np.arange(matrix.shape[0], dtype=np.int32)
        ids, _scores = model.recommend(users, matrix, N=args.top, filter_already_liked_items=True)
    seconds["recommend"] = round(time.perf_counter() - lap, 3)
    seconds["total"] = round(seconds["load"] + seconds["fit"] + seconds["recommend"], 3)

    result = {
        "tool": "implicit",
        "file": args.ratings,
        "users": int(matrix.shape[0]),
        "items": int(matrix.shape[1]),
        "ratings": int(ratings),
        "stored": int(matrix.nnz),
        "recommendations": int((np.asarray(ids) >= 0).sum()),
        "seconds": seconds,
        "peakMemoryMB": peak_rss_megabytes(),
        "afterLoadMemoryMB": after_load_mb,
        "settings": {"model": args.model, "factors": args.factors, "K": args.neighbors, "N": args.top, "num_threads": args.threads, "reader": reader},
        "versions": {
            "implicit": implicit.__version__,
            "numpy": np.__version__,
            "scipy": __import__("scipy").__version__,
            "python": platform.python_version(),
        },
        "environment": {
            name: os.environ.get(name)
            for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_CORETYPE",
                         "OPENBLAS_L2_SIZE")
        },
        "blas": blas_report(),
    }
    json.dump(result, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
