import BookRecommender

/// The help texts. Help goes to stdout; a usage error prints `line` to stderr.
enum Usage {
    static let line =
        "usage: bookrec recommend INPUT... [options] | run JOB.json [options] | train INPUT... --model FILE | "
        + "merge OUT | inspect INPUT... | evaluate INPUT... | similar ISBN... INPUT... (or --model FILE) | "
        + "export-coreml INPUT... --out FILE.mlmodel | help"

    static let overview = """
        bookrec \(CLI.version): book recommendations for every reader of a club or library.

        USAGE
          bookrec recommend INPUT... [options]   read ratings, write a report for every user
          bookrec run JOB.json [options]         the same with settings from a job file
          bookrec train INPUT... --model FILE    fit once and write the model file that
                                                 'recommend --model FILE' scores with
          bookrec merge OUT                      join the parts of --shard runs into one run
          bookrec inspect INPUT... [options]     show detected formats, counts, first rejects; writes nothing
                                                 (--model FILE: what a model file holds)
          bookrec evaluate INPUT... [options]    hold out ratings, score the filter and popularity on them
          bookrec similar ISBN... INPUT...       the books most similar to each ISBN ("readers also liked")
                                                 (or --model FILE instead of INPUT...)
          bookrec export-coreml INPUT... --out FILE.mlmodel   (or --model FILE instead of INPUT...)
                                                 the filter as a Core ML model for the app, books.json beside it
          bookrec help [COMMAND]                 this text, or one command's
          bookrec --version

        An INPUT is a file, a folder or a pattern. A folder is a club: a file in it is a
        member named after the file, a subfolder a member named after it whose files
        are all that person's exports. See 'bookrec help recommend' for the options.
        """

    static let recommend = """
        bookrec recommend INPUT... [options]

        Reads every INPUT, computes a top-N list for every user with an item-item
        collaborative filter, and writes per-user JSON and HTML, index.html,
        recommendations.csv, rejects.csv and summary.json into a new run folder,
        OUT/runs/<UTC time>/; OUT/latest points at the newest complete run.
        An INPUT holding *, ? or [...] is a pattern, expanded and sorted.

        OPTIONS
          --format F             \(Setting.formatChoices) (default auto)
          --columns user=C,item=C,rating=C
                                 column names of a ratings-csv file
          --rating-scale MIN-MAX the scale of every ratings-csv and ratings-xml file (1-10,
                                 0.5-5, 0-100); default: detected per file from its values
          --catalog FILE         books.csv (goodbooks-10k layout) with titles, authors, covers
          --top N                picks per user (default 10)
          --out DIR              output folder (default output)
          --threads N            worker threads (default: active cores)
          --on-bad-record skip|fail
                                 skip: write bad records to rejects.csv and go on (default);
                                 fail: stop at the first with exit 65
          --no-reports           write only summary.json and rejects.csv (benchmarks)
          --keep-runs N          complete runs kept in OUT/runs (default 7)

        RUNNING UNATTENDED
          --dry-run              check the settings, read and count the inputs, print the plan;
                                 write nothing, send nothing
          --shard I/N            report only on the users of shard I of N (0 ≤ I < N), into
                                 OUT/parts/I-of-N; then 'bookrec merge OUT'
          --quiet                no info lines on stderr and no result line on stdout
          --log-format F         text (default) or json: one event per line on stderr

        THE FILTER
          --model FILE           score with a model written by 'bookrec train' instead of fitting on
                                 the INPUTs (which are then only the readers to score); the model
                                 fixes the five settings below, so giving one is a usage error
          --similarity S         auto (default: ease where readers have many books, else bm25),
                                 ease, bm25, tfidf, cosine, jaccard, pearson
          --neighbors K          neighbours kept per book (default 64; ease regresses on 200)
          --threshold T          drop similarities below T (default 0.001)
          --shrinkage L          similarity · n/(n+L) for n co-raters (default 20; 0 turns it off)
          --weights K=W,...      how books without stars count, on the 0-5 scale of stars
                                 (default read=5,reading=4.5,to-read=4,unrated=5,loan=5;
                                 n loans count W·(1+ln n); 0 learns nothing from a kind)
          --min-ratings N        fewer ratings than this get the popularity list (default 3)
          --exclude FILE         books never to recommend (one ISBN or item id per line)
          --only FILE            the only books that may be recommended (e.g. a library's holdings)

        GOOGLE BOOKS
          --no-enrich            do not look books up
          --offline              use the cache only, send nothing
          --require-enrichment   exit 75 when books went without details (reports are still written)
          --google-books-url URL API base (default https://www.googleapis.com/books/v1)
          --rate R               requests per second (default 1)
          --max-retries N        retries of 429/5xx/timeouts (default 5)
          --country CC           country for rights checks (default US)
          --api-key-env NAME     environment variable holding the key (default GOOGLE_BOOKS_API_KEY)
          --cache DIR            lookup cache (default OUT/cache/google-books)
          --max-requests N       send at most N requests this run (retries included); the books
                                 left wait for later runs, most-seen books go first

        DIGEST AND MAIL
          Every run marks the picks that are new since the last digest (OUT/latest) when
          that run had the same list settings. With a members file and the job's "mail"
          settings (from, organizer, replyTo, subject), the run writes mail/<member>.eml
          for every member with an address and mail/digest.eml; bookrec sends nothing.
          --members FILE         CSV member,email,name (name optional); a bad row exits 65

        EXIT STATUS
          0 ok, 64 usage, 65 bad data (fail mode; two inputs that would be one member;
          a member's or file's input unusable, after the run was written), 66 no input, 70 internal error,
          73 cannot create output, 74 I/O error, 75 try again later (job running, enrichment
          required but unavailable), 78 bad job file, 130 SIGINT, 143 SIGTERM
        """

    static let run = """
        bookrec run JOB.json [options]

        Runs the job file: a JSON object with the settings of 'recommend' under
        these keys: \(Setting.all.compactMap(\.jobKey).joined(separator: ", ")).
        Relative paths in it are taken from the job file's folder; inputs may be
        patterns (*, ?, [...]). Options given on the command line override the
        job file. Unknown keys, wrong types, missing inputs and an output folder
        that cannot be written are all reported at once, before any work.
        """

    static func text(for command: String) -> String? {
        switch command {
        case "recommend": recommend
        case "run": run
        case "train": train
        case "inspect": inspect
        case "merge": merge
        case "evaluate": evaluate
        case "similar": similar
        case "export-coreml": exportCoreML
        case "help": overview
        default: nil
        }
    }
}
