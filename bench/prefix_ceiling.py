#!/usr/bin/env python3
"""Ceiling of AllPairs-style prefix filtering for bookrec's BM25 item-item fit.

Usage: bench/work/venv/bin/python bench/prefix_ceiling.py CSV [--neighbors 64] [--shrinkage 20] [--per-stratum 200] [--seed 1]

Prints its figures on standard output; the parsed CSV is cached beside it as CSV.npz.

Work model (both-books formulation): book i walks the full row of each of its raters,
work_i = sum_{u rates i} n_u; W = sum_i work_i = sum_u n_u^2.
Prefix filtering: book i may skip a set P_i of raters with sum_{u in P_i} x_ui * m_u < t_i
(m_u = max x of u's row). Saved work = sum_{u in P_i} n_u, a knapsack; we report
  greedy  : prefix of raters sorted by n_u / (x_ui m_u) descending while the sum stays < t_i
  LP      : greedy + the fractional next item (fractional-knapsack bound = a true upper bound
            of the 0/1 optimum)
(a) t_i = max(threshold, ListFloor bound_i)   [bound -inf -> saves ~nothing]
(b) t_i = exact final K-th best similarity (with shrinkage n/(n+s), threshold 0.001),
    on a stratified sample (10 strata of equal total work; per-stratum estimates combined
    by stratum work share).
"""
import argparse
import os
import sys
import time

import numpy as np

THRESHOLD = np.float32(0.001)


def log(*a):
    print(f"[{time.strftime('%H:%M:%S')}]", *a, flush=True)


def load(path):
    cache = path + ".npz"
    if os.path.exists(cache):
        z = np.load(cache)
        return z["u"], z["b"], z["r"]
    d = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.int64)
    u, b, r = d[:, 0].copy(), d[:, 1].copy(), d[:, 2].copy()
    np.savez(cache, u=u, b=b, r=r)
    return u, b, r


def group_starts(keys_sorted, count):
    """Start offsets (count + 1) of each key's run in a sorted key array."""
    return np.concatenate([[0], np.cumsum(np.bincount(keys_sorted, minlength=count))]).astype(np.int64)


def knapsack(book_sorted, cost, gain, t, starts):
    """Per-entry arrays already grouped by book (book_sorted) and, within book, sorted by
    gain/cost descending. Returns (greedy_saved_per_book, lp_saved_per_book)."""
    nb = len(starts) - 1
    cum = np.cumsum(cost)
    base = np.concatenate([[0.0], cum])[starts[:-1]]  # cumsum before each group's start
    within = cum - base[book_sorted]
    tt = t[book_sorted]
    fits = within < tt
    greedy = np.bincount(book_sorted, weights=np.where(fits, gain, 0.0), minlength=nb)
    # first non-fitting entry of each group: fits is a prefix (cost > 0), so it is at
    # start + number fitting, if that is inside the group.
    nfit = np.bincount(book_sorted, weights=fits.astype(np.float64), minlength=nb).astype(np.int64)
    pos = starts[:-1] + nfit
    inside = pos < starts[1:]
    lp = greedy.copy()
    p = pos[inside]
    prev = (within[p] - cost[p])  # sum of the fitting prefix
    bi = np.flatnonzero(inside)
    frac = np.clip((t[bi] - prev) / cost[p], 0.0, 1.0)
    frac = np.where(np.isfinite(frac), frac, 0.0)
    lp[bi] += frac * gain[p]
    return greedy, lp


def lp_card_ub(bs, cost, gain, t, starts, gdesc, s, casc=None):
    """Upper bound of the shrinkage-aware knapsack: skip P with sum_P c * |P|/(|P|+s) < t.
    A feasible P of size m has sum c < C_m = t (m+s)/m, so gain <= min(LP(C_m), top-m gains);
    the bound is the max over m. Entries grouped by book at `starts`, sorted by gain/cost desc
    (cost, gain); gdesc: each book's gains sorted desc, same grouping."""
    nb = len(starts) - 1
    N = len(cost)
    cum = np.cumsum(cost)
    cumg = np.cumsum(gain)
    c0 = np.concatenate([[0.0], cum])
    g0 = np.concatenate([[0.0], cumg])
    base, gbase = c0[starts[:-1]], g0[starts[:-1]]
    m = np.arange(N) - starts[:-1][bs] + 1  # candidate size per entry position
    cap = t[bs] * (m + s) / m
    ok = np.isfinite(cap)
    cap = np.where(ok, cap, 0.0)
    # number of whole items fitting within cap: largest p with c0[p] - base <= cap, p <= end
    pos = np.searchsorted(c0, base[bs] + cap, side="right") - 1
    pos = np.minimum(pos, starts[1:][bs])
    lp = g0[pos] - gbase[bs]
    inside = pos < starts[1:][bs]
    pp = np.where(inside, pos, 0)
    frac = np.where(inside, (base[bs] + cap - c0[pp]) / cost[pp], 0.0)
    lp += np.where(inside, np.clip(frac, 0, 1) * gain[pp], 0.0)
    topg = np.cumsum(gdesc) - np.concatenate([[0.0], np.cumsum(gdesc)])[starts[:-1]][bs]
    v = np.where(ok, np.minimum(lp, topg), 0.0)
    if casc is not None:  # size m is infeasible when even the m cheapest raters exceed C_m
        cheapest = np.cumsum(casc) - np.concatenate([[0.0], np.cumsum(casc)])[starts[:-1]][bs]
        v = np.where(cheapest < cap, v, 0.0)
    ub = np.zeros(nb)
    np.maximum.at(ub, bs, v)
    return ub


def greedy_skip(cost, gain, t, starts, books, s=0.0):
    """0/1 greedy over each book's entries in their given order (entries grouped by book at
    `starts`), taking an entry whenever (sum + c) * (n+1)/(n+1+s) stays < t, n the entries taken
    so far (s = 0: the plain rule; s the shrinkage: the shrinkage-aware one), and going on after
    a miss. Only `books` are scanned (the others save nothing). Vectorised over books by position."""
    nb = len(starts) - 1
    saved = np.zeros(nb)
    books = np.asarray(books, np.int64)
    size = starts[books + 1] - starts[books]
    order = np.argsort(-size, kind="stable")
    books, size = books[order], size[order]
    tt = t[books].astype(np.float64)
    tot = np.zeros(len(books))
    cnt = np.zeros(len(books))
    got = np.zeros(len(books))
    active = len(books)
    k = 0
    while active > 0:
        while active > 0 and size[active - 1] <= k:
            active -= 1
        if active == 0:
            break
        idx = starts[books[:active]] + k
        c = cost[idx]
        n1 = cnt[:active] + 1
        take = (tot[:active] + c) * (n1 / (n1 + s)) < tt[:active]
        tot[:active] += np.where(take, c, 0.0)
        cnt[:active] += take
        got[:active] += np.where(take, gain[idx], 0.0)
        k += 1
    saved[books] = got
    return saved


def quantiles(v, w=None):
    qs = [0.1, 0.25, 0.5, 0.75, 0.9]
    if w is None:
        return np.quantile(v, qs)
    o = np.argsort(v)
    cw = np.cumsum(w[o]) / w.sum()
    return np.array([v[o][np.searchsorted(cw, q)] for q in qs])


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--neighbors", type=int, default=64)
    ap.add_argument("--shrinkage", type=float, default=20.0)
    ap.add_argument("--per-stratum", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    K, S = args.neighbors, np.float32(args.shrinkage)
    t0 = time.time()
    u_raw, b_raw, r = load(args.csv)
    log("loaded", len(r), "ratings", f"{time.time() - t0:.1f}s")
    _, u = np.unique(u_raw, return_inverse=True)
    _, b = np.unique(b_raw, return_inverse=True)
    U, I, N = int(u.max()) + 1, int(b.max()) + 1, len(r)
    # user-major order (the file is sorted by user then book; make sure)
    o = np.lexsort((b, u))
    u, b, r = u[o], b[o], r[o].astype(np.float64)
    n_u = np.bincount(u, minlength=U).astype(np.int64)
    uoff = group_starts(u, U)
    idf = np.log(float(I)) - np.log1p(n_u.astype(np.float64))
    s = np.bincount(b, weights=r, minlength=I)
    mean_s = s.sum() / I
    length = 1 - 0.75 + 0.75 * s / mean_s
    x = (r * 2.2 / (1.2 * length[b] + r) * idf[u]).astype(np.float32)
    assert (x > 0).all()
    log(f"users {U} books(distinct) {I} ratings {N}; K={K} shrinkage={float(S)}")

    # per-user K-th / (K+1)-th largest and max
    od = np.lexsort((-x, u))
    xs = x[od]
    m_u = xs[uoff[:-1]]
    has = n_u >= K + 1
    a_u = np.full(U, -np.inf, np.float32)
    b_u = np.full(U, -np.inf, np.float32)
    a_u[has] = xs[uoff[:-1][has] + K - 1]
    b_u[has] = xs[uoff[:-1][has] + K]
    other = np.where(x >= a_u[u], b_u[u], a_u[u])
    one = np.float32(1) / (np.float32(1) + S)  # n/(n+s) with n = 1, as Float
    val = np.where(np.isfinite(other), (x * other).astype(np.float32) * one, np.float32(-np.inf))
    bound = np.full(I, -np.inf, np.float32)
    np.maximum.at(bound, b, val)
    log("bounds done", f"{time.time() - t0:.1f}s", f"users with >= K+1 books: {has.sum()} ({has.mean():.3f})")

    # per-rating cost, gain; book work
    gain = n_u[u].astype(np.float64)
    cost = x.astype(np.float64) * m_u[u].astype(np.float64)
    work = np.bincount(b, weights=gain, minlength=I)
    W = float((n_u.astype(np.float64) ** 2).sum())
    assert abs(work.sum() - W) < 1e-6 * W
    maxc = np.zeros(I)
    np.maximum.at(maxc, b, cost)
    n_i = np.bincount(b, minlength=I)

    # book-major, within book by ratio desc
    ob = np.lexsort((-(gain / cost), b))
    bs, cs, gs = b[ob], cost[ob], gain[ob]
    bstarts = group_starts(bs, I)

    finite = np.isfinite(bound)
    ta = np.maximum(bound.astype(np.float64), float(THRESHOLD))
    ga0, la = knapsack(bs, cs, gs, ta, bstarts)
    # cost-ascending order, for the second greedy
    oc = np.lexsort((cost, b))
    cs2, gs2 = cost[oc], gain[oc]
    minc = np.full(I, np.inf)
    np.minimum.at(minc, b, cost)

    def best_greedy(t):
        rel = np.flatnonzero(minc < t)  # books where at least one rater can be skipped
        g1 = greedy_skip(cs, gs, t, bstarts, rel)
        g2 = greedy_skip(cs2, gs2, t, bstarts, rel)
        return np.maximum(g1, g2), g1, g2, len(rel)

    ga, ga1, ga2, nrel = best_greedy(ta)
    og = np.lexsort((-gain, b))
    gdesc = gain[og]
    sf = float(S)

    def shrink_aware(t):
        rel = np.flatnonzero(minc * (1 / (1 + sf)) < t)
        g1 = greedy_skip(cs, gs, t, bstarts, rel, sf)
        g2 = greedy_skip(cs2, gs2, t, bstarts, rel, sf)
        ub = lp_card_ub(bs, cs, gs, t, bstarts, gdesc, sf, cs2)
        return np.maximum(g1, g2), ub, len(rel)

    la = np.minimum(la, lp_card_ub(bs, cs, gs, ta, bstarts, gdesc, 0.0, cs2))
    sa, sau, snrel = shrink_aware(ta)
    log("(a) shrink-aware done", f"{time.time() - t0:.1f}s")
    log("(a) done", f"{time.time() - t0:.1f}s")

    P = lambda *a: print(*a, flush=True)
    P(f"## data: users={U} books={I} ratings={N} mean n_u={N / U:.1f} max n_u={n_u.max()} "
      f"mean raters/book={N / I:.2f} max raters/book={n_i.max()}")
    P(f"W = sum n_u^2 = {W:.4e}; co-rated (ordered) pairs ~ W; K={K} shrinkage={float(S)}")
    P(f"users with >= K+1 books: {has.sum()} ({has.mean():.3%}), their share of W: "
      f"{(n_u[has].astype(float) ** 2).sum() / W:.3%}")
    P(f"books with finite bound: {finite.sum()} ({finite.mean():.3%}); "
      f"W on books with -inf bound: {work[~finite].sum() / W:.4%}")
    P(f"(a) books where >= 1 rater is skippable: {nrel} ({nrel / I:.2%}), their share of W {work[minc < ta].sum() / W:.3%}")
    P(f"(a) ListFloor  greedy saved = {ga.sum() / W:.4%} [ratio-order prefix-stop {ga0.sum() / W:.4%}, ratio-order "
      f"continue {ga1.sum() / W:.4%}, cost-asc continue {ga2.sum() / W:.4%}]   upper bound = {la.sum() / W:.4%}")
    P(f"(a') SHRINKAGE-AWARE filter (skip P if sum_P x_ui m_u * |P|/(|P|+s) < t_i): books with a skippable "
      f"rater {snrel} ({snrel / I:.2%}); greedy saved = {sa.sum() / W:.4%}, upper bound = {sau.sum() / W:.4%}")
    P(f"(a) restricted to finite-bound books: greedy {ga[finite].sum() / work[finite].sum():.4%}, "
      f"LP {la[finite].sum() / work[finite].sum():.4%}")
    ratio = ta[finite] / maxc[finite]
    q = quantiles(ratio)
    qw = quantiles(ratio, work[finite])
    P("(a) t_i / max_u(x_ui m_u), finite-bound books, quantiles 10/25/50/75/90 %: "
      + " ".join(f"{v:.4g}" for v in q))
    P("    same, work-weighted: " + " ".join(f"{v:.4g}" for v in qw))
    # deciles by book count (books ordered by work)
    ow = np.argsort(work, kind="stable")
    P("(a) by work decile of books (equal book counts; decile 10 = most work):")
    P("    decile  books  work/book(mean)  share_of_W  finite_bound  greedy_saved  UB_saved  shrinkaware_greedy  shrinkaware_UB")
    for k, idx in enumerate(np.array_split(ow, 10)):
        wk = work[idx].sum()
        P(f"    {k + 1:>6} {len(idx):>6} {work[idx].mean():>14.0f} {wk / W:>11.3%} {finite[idx].mean():>12.1%}"
          f" {ga[idx].sum() / max(wk, 1):>12.3%} {la[idx].sum() / max(wk, 1):>9.3%}"
          f" {sa[idx].sum() / max(wk, 1):>18.3%} {sau[idx].sum() / max(wk, 1):>14.3%}")
    # strata of equal work (for the sample)
    cw = np.cumsum(work[ow]) / W
    stratum_sorted = np.minimum((cw * 10).astype(int), 9)
    stratum = np.empty(I, int)
    stratum[ow] = stratum_sorted
    P("(a) by work-weighted decile (each ~10% of W; 10 = most popular books):")
    P("    stratum  books  share_of_W  finite_bound  greedy_saved  UB_saved  shrinkaware_greedy  shrinkaware_UB")
    for k in range(10):
        idx = np.flatnonzero(stratum == k)
        wk = work[idx].sum()
        P(f"    {k + 1:>7} {len(idx):>6} {wk / W:>11.3%} {finite[idx].mean():>12.1%}"
          f" {ga[idx].sum() / max(wk, 1):>12.3%} {la[idx].sum() / max(wk, 1):>9.3%}"
          f" {sa[idx].sum() / max(wk, 1):>18.3%} {sau[idx].sum() / max(wk, 1):>14.3%}")
    log("(a) report done", f"{time.time() - t0:.1f}s")

    # (b): exact K-th best similarity for a stratified sample
    rng = np.random.default_rng(args.seed)
    sample = []
    for k in range(10):
        idx = np.flatnonzero(stratum == k)
        take = min(args.per_stratum, len(idx))
        sample.append(rng.choice(idx, take, replace=False))
    sample = np.concatenate(sample)
    # book -> raters (by book-major arrays in plain order)
    obp = np.argsort(b, kind="stable")
    rater_u, rater_x = u[obp], x[obp]
    tb = np.empty(len(sample))
    neigh_count = np.empty(len(sample), np.int64)
    tb_start = time.time()
    for j, i in enumerate(sample):
        lo, hi = bstarts[i], bstarts[i + 1]
        us, xi = rater_u[lo:hi], rater_x[lo:hi]
        lens = n_u[us]
        tot = int(lens.sum())
        rep = np.repeat(uoff[us] - np.concatenate([[0], np.cumsum(lens)[:-1]]), lens)
        idx = rep + np.arange(tot)
        cols = b[idx]
        vals = x[idx] * np.repeat(xi, lens)  # float32 products
        dot = np.bincount(cols, weights=vals, minlength=I)
        cnt = np.bincount(cols, minlength=I)
        dot[i] = 0
        cnt[i] = 0
        nz = np.flatnonzero(cnt)
        sim = (dot[nz] * (cnt[nz] / (cnt[nz] + float(S)))).astype(np.float32)
        sim = sim[sim >= THRESHOLD]
        neigh_count[j] = len(sim)
        tb[j] = np.partition(sim, len(sim) - K)[len(sim) - K] if len(sim) >= K else float(THRESHOLD)
        if (j + 1) % 200 == 0:
            log(f"  (b) {j + 1}/{len(sample)} books, {time.time() - tb_start:.1f}s")
    # knapsack for the sample with t = tb, and also (a) on the sample for comparison
    tfull = np.full(I, -np.inf)
    tfull[sample] = tb
    _, lb = knapsack(bs, cs, gs, tfull, bstarts)
    lb = np.minimum(lb, lp_card_ub(bs, cs, gs, tfull, bstarts, gdesc, 0.0, cs2))
    gb, _, _, _ = best_greedy(tfull)
    sb, sbu, _ = shrink_aware(tfull)
    P(f"(b) sample: {len(sample)} books, {args.per_stratum} per work stratum; "
      f"exact lists computed in {time.time() - tb_start:.1f}s")
    P("    stratum  n  sample_work  bound<=t_b  t_a/t_b(median)  (a)greedy  (b)greedy  (b)UB   t_b/maxc(median)")
    est = {"ag": 0.0, "bg": 0.0, "bl": 0.0, "al": 0.0, "sb": 0.0, "sbu": 0.0, "sa": 0.0, "sau": 0.0}
    for k in range(10):
        sel = np.flatnonzero(stratum[sample] == k)
        ids = sample[sel]
        wk = work[ids].sum()
        share = work[stratum == k].sum() / W
        fa = ga[ids].sum() / wk
        fal = la[ids].sum() / wk
        fb = gb[ids].sum() / wk
        fbl = lb[ids].sum() / wk
        est["ag"] += share * fa
        est["al"] += share * fal
        est["bg"] += share * fb
        est["bl"] += share * fbl
        for key, arr in (("sb", sb), ("sbu", sbu), ("sa", sa), ("sau", sau)):
            est[key] += share * arr[ids].sum() / wk
        okb = np.all(ta[ids] <= tb[sel] * (1 + 1e-5))
        P(f"    {k + 1:>7} {len(ids):>3} {wk:>12.4g} {str(okb):>10} {np.median(ta[ids] / tb[sel]):>15.3g}"
          f" {fa:>10.3%} {fb:>10.3%} {fbl:>7.3%} {np.median(tb[sel] / maxc[ids]):>10.4g}")
    P(f"(b) stratified estimate over all W: greedy saved = {est['bg']:.4%}, upper bound = {est['bl']:.4%}"
      f"   [(a) on same sample: greedy {est['ag']:.4%}, UB {est['al']:.4%}]")
    P(f"(b') shrinkage-aware, stratified estimate: greedy {est['sb']:.4%}, upper bound {est['sbu']:.4%}"
      f"   [(a') on same sample: greedy {est['sa']:.4%}, UB {est['sau']:.4%}]")
    P("(b') per stratum, shrinkage-aware greedy / UB: " + " ".join(
        f"{k + 1}:{sb[sample[stratum[sample] == k]].sum() / work[sample[stratum[sample] == k]].sum():.1%}/"
        f"{sbu[sample[stratum[sample] == k]].sum() / work[sample[stratum[sample] == k]].sum():.1%}" for k in range(10)))
    rb = tb / maxc[sample]
    wts = np.array([(work[stratum == stratum[i]].sum() / W) / (stratum[sample] == stratum[i]).sum()
                    for i in sample])  # stratum weight per sampled book (book-count weighting)
    nbk = np.array([(stratum == k).sum() for k in range(10)])
    bw = nbk[stratum[sample]] / np.array([(stratum[sample] == k).sum() for k in range(10)])[stratum[sample]]
    P("(b) t_b / max_u(x_ui m_u) quantiles 10/25/50/75/90 %, book-weighted (strata reweighted): "
      + " ".join(f"{v:.4g}" for v in quantiles(rb, bw)))
    P("    work-weighted: " + " ".join(f"{v:.4g}" for v in quantiles(rb, bw * work[sample])))
    P(f"(b) sampled books with < K neighbours >= threshold: {(neigh_count < K).mean():.2%}")
    log("total", f"{time.time() - t0:.1f}s")


if __name__ == "__main__":
    main(sys.argv[1:])
