import BookRecommender

/// The help texts of the commands beside `recommend` and `run`.
extension Usage {
    static let train = """
        bookrec train INPUT... --model FILE [options]
        bookrec train INPUT... --part I/N --model PART [options]
        bookrec train INPUT... --prepare --model PREPARED [options]
        bookrec train --prepared PREPARED --part I/N --model PART [filter options]
        bookrec train --join PART... --model FILE [filter options]

        Reads every INPUT, fits the item-item filter once, and writes it as a model
        file (written to a temporary name, then renamed): the books with their keys,
        ISBNs, titles, authors and covers, each book's neighbours, the popularity
        list, the readers with their ratings, the settings, and a fingerprint of the
        ratings. 'bookrec recommend --model FILE INPUT...' (or "model" in a job file)
        then scores the readers of its INPUTs without fitting; 'export-coreml --model
        FILE' exports it; Swift programs read it with BookModel(contentsOf:).
        'bookrec inspect --model FILE' describes it. Bad records are skipped and
        counted on stderr.

        OPTIONS
          --model FILE           the model file to write (required)
          --similarity, --neighbors, --threshold, --shrinkage, --weights
                                 the filter, as for 'bookrec recommend' (fixed in the model)
          --threads, --format, --columns, --rating-scale, --catalog, --quiet, --log-format
                                 as for 'bookrec recommend'
          --part I/N             fit only part I of N (0 ≤ I < N) of the neighbour search, on
                                 the whole input, into the part file PART (one per machine)
          --prepare              read and prepare the whole input once, without the neighbour
                                 search, into PREPARED for the parts to fit from
          --prepared PREPARED    fit part I of N from PREPARED instead of from INPUTs (the same
                                 part file); filter options given must be PREPARED's
          --join PART...         join the N part files of one training into the model file a
                                 single train writes; filter options given must be the parts'

        With SOURCE_DATE_EPOCH set (whole seconds), the model records it as its
        training time, so a train and a join of its parts write the same bytes;
        otherwise a joined model records when its last part was trained.

        Exit status: 0 ok, 64 usage (or an option beside --join or --prepared that is
        not the parts' or PREPARED's), 65 no usable rating, or parts or PREPARED that
        are damaged, repeated, not of one training or of another bookrec, 66 an
        input, a part or PREPARED cannot be read or parts are missing,
        73 the model file cannot be written. Reading a model that is truncated,
        damaged, not a model or of a newer format exits 65.
        """

    static let merge = """
        bookrec merge OUT [--keep-runs N] [--quiet] [--log-format text|json]

        Joins OUT/parts/0-of-N … (N-1)-of-N, written by runs with --shard I/N, into
        one run in OUT/runs/, makes it OUT/latest and removes the parts. The files
        are those one machine would have written (summary.json: timings aside).
        Exits 66 while a part is missing, 65 when the parts do not belong together.
        """

    static let inspect = """
        bookrec inspect INPUT... [--format F] [--columns user=C,item=C,rating=C]
                                 [--rating-scale MIN-MAX] [--catalog FILE]
        bookrec inspect --model FILE [INPUT...]

        Reads every INPUT as 'recommend' does (patterns, folders, members) and prints,
        per file, the format used, the rating scale and the record counts (read, used,
        shelved, blank, rejected); then each member with their files, and the first
        rejects. With --model, first describes the model file (books, readers,
        settings, fingerprint, load time) and how many of the INPUTs' books it knows.
        Writes nothing. Exits 65 when a file cannot be used (unknown format,
        unreadable), 66 when an input does not exist.
        """

    static let evaluate = """
        bookrec evaluate INPUT... [options]
        bookrec evaluate --train FILE --test FILE [options]

        Holds out part of every user's ratings, fits the filter on the rest, and
        prints how well each user's top-N list finds their held-out books, beside
        the popularity list as a baseline. Writes nothing.

        A user with n >= 2 ratings holds out round(fraction * n) of them (at least
        one, and at least one kept), chosen at random by --seed; a rated-again book
        keeps its later rating. Shelved books stay in training. A held-out rating
        >= --relevant-min is relevant; users with none are not scored.

        METRICS (averaged over the users scored; N = --top)
          precision@N  relevant books in the list / N
          recall@N     relevant books in the list / relevant held-out books
          NDCG@N       sum of 1/log2(rank+1) over relevant picks, divided by its best
                       possible value (min(N, relevant) hits at the top)
          hit rate     share of users with at least one relevant pick
          coverage     distinct books recommended to anyone / books rated in training

        OPTIONS
          --holdout F            share of each user's ratings held out (default 0.2)
          --seed N               random seed of the holdout (default 1)
          --train FILE --test FILE
                                 score a split made elsewhere instead (no --holdout/--seed)
          --relevant-min R       relevance threshold on the 0-5 scale (default 3.5)
          --top N                list length N (default 10)
          --json                 print JSON (sorted keys) instead of the table
          --scoring sum|average  how neighbours' ratings combine (default sum)
          --similarity, --neighbors, --threshold, --shrinkage, --weights, --min-ratings, --threads,
          --format, --columns, --rating-scale, --catalog
                                 as for 'bookrec recommend'

        Bad records are skipped and counted on stderr. Exit status: 0 ok, 64 usage,
        65 no usable rating, 66 an input cannot be read.
        """

    static let similar = """
        bookrec similar ISBN... INPUT... [options]
        bookrec similar ISBN... --model FILE [--book KEY] [--top N] [--json]

        "Readers who liked this also liked": fits the filter on the INPUTs (or
        reads the model 'bookrec train' wrote, with --model) and prints, for each
        ISBN, its title and its most similar books with their similarity. A
        model file shows at most as many similar books as it was trained with
        neighbours (--neighbors).

        An argument that exists as a file or folder is an INPUT; otherwise one that
        reads as an ISBN (ISBN-10 or ISBN-13, hyphens allowed) is a book. Name books
        without an ISBN (a MovieLens or catalog id) by their item key with --book KEY.

        OPTIONS
          --book KEY             a book by item key (repeatable)
          --top N                similar books shown per book (default 10)
          --json                 print JSON (sorted keys) instead of the table
          --model FILE           a model file to read instead of fitting on INPUTs
          --similarity, --neighbors, --threshold, --shrinkage, --weights, --threads,
          --format, --columns, --rating-scale, --catalog
                                 as for 'bookrec recommend'

        A book not in the ratings is reported on stderr; when none of them is,
        the exit status is 65. 64 usage, 66 an input or the model file cannot be
        read, 65 a damaged model file.
        """

    static let exportCoreML = """
        bookrec export-coreml INPUT... --out FILE.mlmodel [options]
        bookrec export-coreml --model FILE --out FILE.mlmodel [--cache DIR]

        Fits the filter on the INPUTs (or reads the model 'bookrec train' wrote,
        with --model) and writes it as a Core ML item-similarity
        recommender (the model type Create ML's MLRecommender writes), holding each
        book's neighbours and similarities exactly as 'recommend' uses them, and
        books.json beside it: every book of the model with ISBN-13, title, authors
        and cover link (catalog first, Google Books cache for what it lacks; cached
        covers preferred). Sends no request.

        The model's inputs are items (item key -> rating), k, and the optional
        restrict_ and exclude lists; its outputs recommendations and scores.
        Loading and predicting need macOS or iOS; 'scripts/verify-coreml' checks a
        model with coremltools anywhere.

        OPTIONS
          --out FILE.mlmodel     the model to write (required); books.json goes beside it
          --model FILE           start from this model file instead of INPUTs (no fitting options)
          --cache DIR            Google Books cache to read covers from
                                 (default: cache/google-books beside FILE)
          --similarity, --neighbors, --threshold, --shrinkage, --weights, --threads,
          --format, --columns, --rating-scale, --catalog
                                 as for 'bookrec recommend'

        In a job file, "exportCoreML": "FILE.mlmodel" writes the same after the run.
        Exit status: 0 ok, 64 usage, 65 no usable rating or a damaged --model file,
        66 an input or the --model file cannot be read, 73 the model or books.json
        cannot be written.
        """
}
