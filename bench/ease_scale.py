#!/usr/bin/env python3
"""Cost of EASE's fit on a large ratings file (issue 28): the Gram matrix XᵀX, its
Cholesky inverse (float32 LAPACK potrf + potri, numpy's bundled OpenBLAS), and the
per-book top-K of B, with the CPU seconds and peak memory of each stage.

Every row is an interaction (binary X); lambda = --lam. Scoring is timed on a sample
of readers (--sample) with the dense B (sparse row x dense B) and extrapolated.

With --local M, times local EASE instead (bench/candidates.py local_ease): per book, a
ridge regression on its M most co-occurring books (numpy batched solves, float64).

Usage: ease_scale.py FILE.csv [--lam 300] [--neighbors 200] [--sample 2000] [--local M]
Prints one JSON object.
"""

import argparse
import json
import resource
import sys
import time


def peak_mb():
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6, 1)


def lap(clock):
    wall, cpu = time.perf_counter(), time.process_time()
    return (round(wall - clock[0], 2), round(cpu - clock[1], 2)), (wall, cpu)


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("ratings")
    parser.add_argument("--lam", type=float, default=300.0)
    parser.add_argument("--neighbors", type=int, default=200)
    parser.add_argument("--sample", type=int, default=2000)
    parser.add_argument("--local", type=int, default=0)
    args = parser.parse_args(argv)
    import numpy as np
    import pandas
    from scipy.linalg import lapack
    from scipy.sparse import csr_matrix

    out = {"file": args.ratings, "lambda": args.lam}
    clock = (time.perf_counter(), time.process_time())
    frame = pandas.read_csv(args.ratings, usecols=[0, 1], engine="c")
    users, items = (np.unique(frame.iloc[:, c].to_numpy(), return_inverse=True)[1] for c in (0, 1))
    X = csr_matrix((np.ones(len(users), dtype=np.float32), (users, items)))
    X.sum_duplicates()
    del frame
    out["users"], out["items"], out["rows"] = int(X.shape[0]), int(X.shape[1]), int(X.nnz)
    out["load"], clock = lap(clock)
    G = (X.T @ X).toarray().astype(np.float32)
    G[np.diag_indices_from(G)] += args.lam
    out["gram"], clock = lap(clock)
    out["gramPeakMB"] = peak_mb()
    if args.local:
        n, m = G.shape[0], args.local
        Gd = G.astype(np.float64)
        del G
        Gc = Gd.copy()
        np.fill_diagonal(Gc, -np.inf)
        np.fill_diagonal(Gd, np.diag(Gd) - args.lam)
        eye = np.eye(m) * args.lam
        for start in range(0, n, 250):
            js = np.arange(start, min(n, start + 250))
            N = np.argpartition(-Gc[js], m - 1, axis=1)[:, :m]
            A = Gd[N[:, :, None], N[:, None, :]] + eye[None]
            b = Gd[N, js[:, None]]
            np.linalg.solve(A, b[:, :, None])
        out["localSolves"], clock = lap(clock)
        out["local"] = m
        out["peakMemoryMB"] = peak_mb()
        json.dump(out, sys.stdout)
        sys.stdout.write("\n")
        return 0
    c, info = lapack.spotrf(G, lower=1, overwrite_a=1)
    assert info == 0
    out["cholesky"], clock = lap(clock)
    P, info = lapack.spotri(c, lower=1, overwrite_c=1)
    assert info == 0
    out["inverse"], clock = lap(clock)
    P = np.tril(P)
    P += np.tril(P, -1).T
    d = np.diag(P).copy()
    P /= -d[None, :]
    np.fill_diagonal(P, 0)
    B = P
    out["weights"], clock = lap(clock)
    k = args.neighbors
    part = np.argpartition(-B, k, axis=1)[:, :k]
    out["topK"], clock = lap(clock)
    sample = np.arange(min(args.sample, X.shape[0]))
    scores = X[sample] @ B
    scores[np.repeat(np.arange(len(sample)), np.diff(X[sample].indptr)), X[sample].indices] = -np.inf
    np.argpartition(-scores, 10, axis=1)[:, :10]
    (wall, cpu), clock = lap(clock)
    share = X.shape[0] / len(sample)
    out["scoreAllDenseEstimate"] = (round(wall * share, 1), round(cpu * share, 1))
    out["peakMemoryMB"] = peak_mb()
    out["note"] = "(wall s, CPU s) per stage; numpy " + np.__version__
    del part
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
