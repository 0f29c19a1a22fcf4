#!/usr/bin/env python3
"""numpy/scipy prototypes of the methods bookrec could ship for interactions (issue 28).

Every method takes a loaded `interactions.Holdout` (its training rows) and returns
top-10 lists by user index; the books a reader has in training are never picked.
`research` (the last subcommand) tunes each method on the validation part of every
holdout (the training data split again) and scores the chosen settings once on the
test part. Methods:

  strengths   the value x_ui of a training row: a rating r (0-5) -> s(r), a row
              without stars -> w (see STRENGTHS).
  bookrec     bookrec's item-item filter as the Swift code has it today (Similarity.swift,
              ItemVectors.swift, NeighborFinder.swift, UserScorer.swift, Popularity.swift):
              BM25 vectors (k1 1.2, b 0.75, idf over users), dot product, shrinkage
              n / (n + 20), threshold 0.001, 64 neighbours per book, score
              Σ_i x_ui sim(i, j) over the reader's books, positive scores only, filled from
              the popularity list (damped mean strength, m = 10; ties by count), readers
              with fewer than 3 books get the popularity list only.
  itemknn     item-item with asymmetric cosine (Aiolli): sim = x_i·x_j / (|x_i|^2a |x_j|^2(1-a)),
              shrinkage, K per book, sim^q, scored as bookrec scores.
  ease        EASE (Steck 2019): B = I - P diag(1/diag P), P = (XᵀX + λI)⁻¹, diag B = 0;
              score = X B.
  rp3         RP3beta (Paudel et al. 2017): W = (P_ui)ᵀ^a (P_ui)^a / pop_j^b, K per book.
  als         Hu-Koren-Volinsky ALS with exact per-row solves: confidence 1 + alpha x_ui.
  blend       per-reader max-normalised score mixtures.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np
from scipy.sparse import csr_matrix, diags

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import interactions  # noqa: E402

TOP = 10

# ---------------------------------------------------------------- strengths


def strength_values(data, star, read):
    """x_ui per training row: star(r) for a rated row (r on 0-5), `read` for a row without stars."""
    r = np.nan_to_num(data.stars)
    rated = star_map(star, r)
    return np.where(data.rated, rated, read)


def star_map(star, r):
    if star == "r":  # bookrec today: the rating itself
        return r
    if star == "1":  # binary
        return np.ones_like(r)
    if star == "1+r":
        return 1 + r
    if star == "r-1":  # disliked books count little
        return np.maximum(r - 1, 0.25)
    if star == "r-2":
        return np.maximum(r - 2, 0.1)
    if star == "r2":  # (r/5)^2 * 5
        return r * r / 5
    if star == "sq":
        return np.sqrt(r)
    if star.startswith("lin:"):  # lin:a,b,floor -> max(a + b r, floor)
        a, b, floor = (float(part) for part in star[4:].split(","))
        return np.maximum(a + b * r, floor)
    raise ValueError(star)


# ---------------------------------------------------------------- top-N


def popularity_order(data, values, kind):
    """Item indices best first: 'count' (interactions, ties by id), or bookrec's 'damped'
    mean value (m = 10, ties by count, then id); books without training rows left out."""
    counts = np.bincount(data.items, minlength=data.shape[1]).astype(np.float64)
    if kind == "count":
        order = np.lexsort((np.arange(data.shape[1]), -counts))
    else:
        sums = np.bincount(data.items, weights=values, minlength=data.shape[1])
        mean = values.mean() if len(values) else 0
        damped = (sums + 10 * mean) / (counts + 10)
        order = np.lexsort((np.arange(data.shape[1]), -counts, -damped))
    return order[counts[order] > 0]


def top_lists(data, score_batch, owned, popularity, positive_only=True, min_books=0, batch=2048):
    """Lists from `score_batch(users) -> dense scores`; owned books excluded; scores <= 0
    dropped when positive_only; short lists filled from `popularity`."""
    lists = []
    n_users = data.shape[0]
    counts = np.diff(owned.indptr)
    for start in range(0, n_users, batch):
        users = np.arange(start, min(n_users, start + batch))
        scores = np.asarray(score_batch(users), dtype=np.float64)
        block = owned[users]
        rows = np.repeat(np.arange(len(users)), np.diff(block.indptr))
        scores[rows, block.indices] = -np.inf
        if positive_only:
            scores[scores <= 0] = -np.inf
        k = min(TOP, scores.shape[1] - 1)
        part = np.argpartition(-scores, k, axis=1)[:, :k]
        for row, user in enumerate(users):
            candidates = part[row]
            values = scores[row, candidates]
            # Best first, ties by item index (bookrec ties by key order).
            order = np.lexsort((candidates, -values))
            chosen = [int(candidates[i]) for i in order if np.isfinite(values[i])]
            if counts[user] < min_books:
                chosen = []
            if len(chosen) < TOP:
                mine = set(owned.indices[owned.indptr[user]:owned.indptr[user + 1]].tolist()) | set(chosen)
                for item in popularity:
                    if len(chosen) >= TOP:
                        break
                    if int(item) not in mine:
                        chosen.append(int(item))
            lists.append(chosen[:TOP])
    return lists


def top_k_rows(S, k):
    """Keep each row's k largest positive entries of a dense square matrix (ties by column); CSR."""
    n = S.shape[0]
    k = min(k, n - 1)
    part = np.argpartition(-S, k, axis=1)[:, :k]
    values = np.take_along_axis(S, part, axis=1)
    rows = np.repeat(np.arange(n), k)
    keep = values.ravel() > 0
    return csr_matrix((values.ravel()[keep], (rows[keep], part.ravel()[keep])), shape=S.shape)


# ---------------------------------------------------------------- bookrec today


def bm25_weights(X, k1=1.2, b=0.75):
    """ItemVectors.Weighting for bm25 on the users x items CSR X (values = strengths)."""
    X = X.tocsr().astype(np.float64)
    n_items = X.shape[1]
    per_user = np.diff(X.indptr)
    idf = np.log(n_items) - np.log1p(per_user)
    sums = np.asarray(X.sum(axis=0)).ravel()
    mean_sum = sums.sum() / max(1, n_items)
    lengths = 1 - b + (b * sums / mean_sum if mean_sum > 0 else 0)
    W = X.tocoo()
    v = W.data
    w = v * (k1 + 1) / (k1 * lengths[W.col] + v) * idf[W.row]
    return csr_matrix((w, (W.row, W.col)), shape=X.shape)


def bookrec_similarity(X, neighbors=64, shrinkage=20.0, threshold=0.001, similarity="bm25", k1=1.2, b=0.75):
    """Each book's `neighbors` best books (CSR, items x items) as bookrec fits them
    (float32 dense pair tables, like bookrec's Float sums)."""
    B = X.copy().astype(np.float32)
    B.data[:] = 1
    if similarity == "bm25":
        W = bm25_weights(X, k1, b).astype(np.float32)
        sim = (W.T @ W).toarray()
    elif similarity == "cosine":
        W = X.astype(np.float32)
        sim = (W.T @ W).toarray()
        norms = np.sqrt(np.diag(sim)).copy()
        norms[norms == 0] = 1
        sim /= norms[:, None]
        sim /= norms[None, :]
    else:
        raise ValueError(similarity)
    common = (B.T @ B).toarray()
    if shrinkage > 0:
        sim *= common
        common += shrinkage
        sim /= common
    del common
    np.fill_diagonal(sim, 0)
    sim[sim < threshold] = 0
    return top_k_rows(sim, neighbors)


def bookrec(data, star="r", read=1.0, neighbors=64, shrinkage=20.0, similarity="bm25", fill="damped",
            min_books=3, k1=1.2, b=0.75, q=1.0, pop=0.0, score_star=None):
    """q: similarities raised to q before scoring; pop: scores times (book's rows)^pop;
    score_star: strengths of the reader's books in the score (default: those of the similarity)."""
    values = strength_values(data, star, read)
    X = data.matrix(values)
    S = bookrec_similarity(X, neighbors, shrinkage, 0.001, similarity, k1, b)
    if score_star is not None:
        X = data.matrix(strength_values(data, score_star, read))
    if q != 1:
        S.data = np.power(S.data, q)
    boost = np.power(np.maximum(np.bincount(data.items, minlength=data.shape[1]), 1), pop)
    owned = data.binary()
    popularity = popularity_order(data, values, fill)
    return top_lists(data, lambda users: (X[users] @ S).toarray() * boost[None, :], owned, popularity, True,
                     min_books)


# ---------------------------------------------------------------- item-item, asymmetric cosine


def itemknn(data, star="1", read=1.0, alpha=0.5, shrinkage=10.0, neighbors=100, q=1.0, idf=False,
            normalize_rows=False):
    values = strength_values(data, star, read)
    X = data.matrix(values).astype(np.float64)
    W = X
    if idf:  # down-weight heavy readers in the similarity
        per_user = np.diff(X.indptr)
        W = diags(1 / np.log1p(per_user + 1)) @ X
    dot = (W.T @ W).toarray()
    sq = np.diag(dot).copy()
    sq[sq == 0] = 1
    denominator = np.power(sq, alpha)[:, None] * np.power(sq, 1 - alpha)[None, :] + shrinkage
    sim = dot / denominator
    np.fill_diagonal(sim, 0)
    if q != 1:
        sim = np.power(np.maximum(sim, 0), q)
    S = top_k_rows(sim, neighbors)
    if normalize_rows:
        sums = np.asarray(S.sum(axis=1)).ravel()
        sums[sums == 0] = 1
        S = diags(1 / sums) @ S
    owned = data.binary()
    popularity = popularity_order(data, values, "count")
    return top_lists(data, lambda users: (X[users] @ S).toarray(), owned, popularity, True, 0)


# ---------------------------------------------------------------- EASE


def user_weights(X, kind):
    """Per-reader weight of the Gram matrix XᵀDX: none, idf (BM25's ln(books) - ln(1 + n_u)),
    or 'log' (1 / ln(e + n_u))."""
    per_user = np.diff(X.indptr).astype(np.float64)
    if kind == "idf":
        return np.maximum(np.log(X.shape[1]) - np.log1p(per_user), 0.0)
    if kind == "log":
        return 1 / np.log(np.e + per_user)
    return None


def ease_weights(X, lam, dtype=np.float64, users=None, rho=0.0):
    """B of EASE for the users x items CSR X (dense items x items); `users`: optional
    per-reader weights D in G = XᵀDX."""
    from scipy.linalg import lapack

    G = ((X.T @ diags(users.astype(X.dtype)) @ X) if users is not None else (X.T @ X)).toarray().astype(dtype)
    # EDLAE-style: each book's own ridge grows with its count (rho * G_jj), plus λ.
    G[np.diag_indices_from(G)] += lam + rho * np.diag(G)
    potrf, potri = (lapack.dpotrf, lapack.dpotri) if dtype == np.float64 else (lapack.spotrf, lapack.spotri)
    c, info = potrf(G, lower=1, overwrite_a=1)
    assert info == 0, info
    P, info = potri(c, lower=1, overwrite_c=1)
    assert info == 0, info
    P = np.tril(P) + np.tril(P, -1).T
    B = P / (-np.diag(P))[None, :]
    np.fill_diagonal(B, 0)
    return B


def ease(data, star="1", read=1.0, lam=300.0, min_count=1, neighbors=0, lam_rel=None, user="none", reader_lam=None,
         rho=0.0,
         dtype=np.float32):
    """EASE over the books with at least `min_count` training rows (the others are never
    picked, except as popularity fill). neighbors > 0: each book keeps only its
    `neighbors` largest positive B[i, j] (an item-similarity table scored as bookrec
    scores: positive sums only, popularity fill)."""
    values = strength_values(data, star, read)
    if lam_rel is not None:  # λ relative to the mean squared strength: scale-free
        lam = lam_rel * float(np.mean(values ** 2))
    if reader_lam is not None:  # λ relative to the average reader's squared norm Σ_i x_ui²
        lam = reader_lam * float(np.sum(values ** 2)) / data.shape[0]
    X = data.matrix(values).astype(dtype)
    counts = np.bincount(data.items, minlength=data.shape[1])
    kept = np.flatnonzero(counts >= min_count)
    Xk = X[:, kept].tocsr()
    D = user_weights(X, user)
    if D is not None and lam_rel is not None:  # keep λ relative to the weighted diagonal
        lam *= float(np.mean(D))
    B = ease_weights(Xk, lam, dtype, D, rho)
    owned = data.binary()
    popularity = popularity_order(data, values, "count")
    if neighbors > 0:
        S = top_k_rows(B, neighbors)

        def sparse_scores(users):
            out = np.zeros((len(users), data.shape[1]), dtype=np.float64)
            out[:, kept] = (Xk[users] @ S).toarray()
            return out

        return top_lists(data, sparse_scores, owned, popularity, True, 0)

    def scores(users):
        out = np.full((len(users), data.shape[1]), -np.inf, dtype=np.float64)
        out[:, kept] = Xk[users] @ B
        return out

    return top_lists(data, scores, owned, popularity, False, 0)


def local_ease(data, star="lin:-2,1,0.1", read=3.0, lam_rel=300.0, lam=None, candidates=100, min_count=1,
               neighbors=0, chunk=500, reader_lam=None, table=0):
    """EASE restricted to neighbourhoods: for each book j, the `candidates` books i with the
    largest co-occurrence G[i, j] (i != j, G[i, j] > 0) are the only inputs, and
    w_j = (G[N, N] + λI)⁻¹ G[N, j] (the ridge regression of x_j on x_N, EASE's column j
    without the zero-diagonal constraint, which is implied by leaving j out of N). B[N_j, j] = w_j.
    Cost: books x candidates³ / 3 (Cholesky per book), memory books x candidates; no BLAS."""
    values = strength_values(data, star, read)
    if lam is None:
        lam = lam_rel * float(np.mean(values ** 2)) if reader_lam is None else \
            reader_lam * float(np.sum(values ** 2)) / data.shape[0]
    X = data.matrix(values).astype(np.float64)
    counts = np.bincount(data.items, minlength=data.shape[1])
    n = data.shape[1]
    G = (X.T @ X).toarray()
    if table > 0:
        # Only a sparse co-occurrence table is kept: each book's `table` largest G[i, j];
        # a pair in neither book's table counts as 0 (what a 1M-book engine could store).
        off = G.copy()
        np.fill_diagonal(off, -np.inf)
        top = np.argpartition(-off, min(table, n - 1) - 1, axis=1)[:, :table]
        keep = np.zeros_like(G, dtype=bool)
        keep[np.repeat(np.arange(n), top.shape[1]), top.ravel()] = True
        keep |= keep.T
        np.fill_diagonal(keep, True)
        G = np.where(keep, G, 0.0)
        del off, keep
    Gc = G.copy()
    np.fill_diagonal(Gc, -np.inf)
    m = min(candidates, n - 1)
    rows, cols, vals = [], [], []
    eye = np.eye(m) * lam
    for start in range(0, n, chunk):
        js = np.arange(start, min(n, start + chunk))
        js = js[counts[js] >= min_count]
        if len(js) == 0:
            continue
        N = np.argpartition(-Gc[js], m - 1, axis=1)[:, :m]  # (c, m)
        A = G[N[:, :, None], N[:, None, :]] + eye[None]
        b = G[N, js[:, None]]
        w = np.linalg.solve(A, b[:, :, None])[:, :, 0]
        present = Gc[js[:, None], N] > 0
        rows.append(N[present])
        cols.append(np.repeat(js, m).reshape(-1, m)[present])
        vals.append(w[present])
    B = csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(n, n))
    if neighbors > 0:
        B = top_k_rows(B.toarray(), neighbors)
    owned = data.binary()
    popularity = popularity_order(data, values, "count")
    return top_lists(data, lambda users: (X[users] @ B).toarray(), owned, popularity, True, 0)


# ---------------------------------------------------------------- RP3beta


def rp3(data, star="1", read=1.0, alpha=1.0, beta=0.5, neighbors=200, normalize_rows=False):
    values = strength_values(data, star, read)
    X = data.matrix(values).astype(np.float64)
    Pui = diags(1 / np.maximum(np.asarray(X.sum(axis=1)).ravel(), 1e-12)) @ X
    Piu = diags(1 / np.maximum(np.asarray(X.sum(axis=0)).ravel(), 1e-12)) @ X.T.tocsr()
    if alpha != 1:
        Pui = Pui.power(alpha)
        Piu = Piu.power(alpha)
    W = (Piu @ Pui).toarray()
    pop = np.asarray((X > 0).sum(axis=0)).ravel().astype(np.float64)
    W = W / np.power(np.maximum(pop, 1), beta)[None, :]
    np.fill_diagonal(W, 0)
    S = top_k_rows(W, neighbors)
    if normalize_rows:
        sums = np.asarray(S.sum(axis=1)).ravel()
        sums[sums == 0] = 1
        S = diags(1 / sums) @ S
    owned = data.binary()
    popularity = popularity_order(data, values, "count")
    return top_lists(data, lambda users: (X[users] @ S).toarray(), owned, popularity, True, 0)


# ---------------------------------------------------------------- ALS (HKV), exact solves


def als_factors(C, factors=32, reg=0.1, iterations=15, seed=1):
    """C: users x items CSR of confidences c_ui >= 1 on observed rows (preference 1),
    unobserved rows confidence 1, preference 0. Returns (U, V)."""
    rng = np.random.default_rng(seed)
    n_users, n_items = C.shape
    U = rng.normal(0, 0.01, (n_users, factors))
    V = rng.normal(0, 0.01, (n_items, factors))
    Ct = C.T.tocsr()

    def solve(C, Y):
        YtY = Y.T @ Y + reg * np.eye(factors)
        Cm1 = C.copy()
        Cm1.data = Cm1.data - 1
        outer = (Y[:, :, None] * Y[:, None, :]).reshape(len(Y), -1)
        A = (Cm1 @ outer).reshape(-1, factors, factors) + YtY[None]
        b = C @ Y
        return np.linalg.solve(A, b[:, :, None])[:, :, 0]

    for _ in range(iterations):
        U = solve(C, V)
        V = solve(Ct, U)
    return U, V


def als(data, star="1", read=1.0, alpha=10.0, factors=32, reg=0.1, iterations=15, seed=1, return_scores=False):
    values = strength_values(data, star, read)
    C = data.matrix(1 + alpha * values).astype(np.float64)
    U, V = als_factors(C, factors, reg, iterations, seed)
    owned = data.binary()
    popularity = popularity_order(data, values, "count")
    return top_lists(data, lambda users: U[users] @ V.T, owned, popularity, False, 0)


# ---------------------------------------------------------------- popularity only


def popular(data, star="1", read=1.0, fill="count"):
    values = strength_values(data, star, read)
    popularity = popularity_order(data, values, fill)
    owned = data.binary()
    return top_lists(data, lambda users: np.zeros((len(users), data.shape[1])), owned, popularity, True, 0)


# ---------------------------------------------------------------- blends


def normalized(scores):
    top = np.max(np.abs(scores), axis=1, keepdims=True)
    top[top == 0] = 1
    return scores / top


def blend(data, star="lin:-2,1,0.1", read=3.0, lam_rel=300.0, min_count=3, weight=0.5, ii_star="r",
          ii_read=4.0, neighbors=64, shrinkage=20.0, lam=None, reader_lam=None):
    """(1 - weight) * EASE + weight * bookrec's item-item, each divided by the reader's
    largest |score| over all books; the reader's own books excluded before the max."""
    values = strength_values(data, star, read)
    if lam is None:
        lam = lam_rel * float(np.mean(values ** 2)) if reader_lam is None else \
            reader_lam * float(np.sum(values ** 2)) / data.shape[0]
    X = data.matrix(values).astype(np.float32)
    counts = np.bincount(data.items, minlength=data.shape[1])
    kept = np.flatnonzero(counts >= min_count)
    Xk = X[:, kept].tocsr()
    B = ease_weights(Xk, lam, np.float32)
    ii_values = strength_values(data, ii_star, ii_read)
    Xi = data.matrix(ii_values)
    S = bookrec_similarity(Xi, neighbors, shrinkage, 0.001, "bm25")
    owned = data.binary()
    popularity = popularity_order(data, values, "count")

    def scores(users):
        e = np.zeros((len(users), data.shape[1]), dtype=np.float64)
        e[:, kept] = Xk[users] @ B
        i = (Xi[users] @ S).toarray().astype(np.float64)
        block = owned[users]
        rows = np.repeat(np.arange(len(users)), np.diff(block.indptr))
        e[rows, block.indices] = 0
        i[rows, block.indices] = 0
        out = (1 - weight) * normalized(e) + weight * normalized(i)
        out[:, np.setdiff1d(np.arange(data.shape[1]), kept)] -= 1e-6  # ties: EASE's books first
        return out

    return top_lists(data, scores, owned, popularity, False, 0)


# ---------------------------------------------------------------- runner


def run(method, data, **settings):
    started = time.perf_counter()
    lists = METHODS[method](data, **settings)
    seconds = time.perf_counter() - started
    metrics = data.score(lists)
    metrics["seconds"] = round(seconds, 2)
    return metrics


METHODS = {"popular": popular, "bookrec": bookrec, "itemknn": itemknn, "ease": ease, "rp3": rp3, "als": als, "blend": blend, "local": local_ease}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("holdout")
    parser.add_argument("method", choices=sorted(METHODS))
    parser.add_argument("--part", choices=("test", "validation"), default="validation")
    parser.add_argument("--grid", required=True, help="JSON list of settings objects")
    args = parser.parse_args(argv)
    data = interactions.load(args.holdout, args.part)
    for settings in json.loads(args.grid):
        metrics = run(args.method, data, **settings)
        print(json.dumps({"holdout": os.path.basename(args.holdout.rstrip("/")), "part": args.part,
                          "method": args.method, "settings": settings, "metrics": metrics}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
