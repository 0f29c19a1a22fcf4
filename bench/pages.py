#!/usr/bin/env python3
"""Sizes of one bookrec run's reports, for scripts/bench.

Prints one JSON object: how many reader pages (users/*.html) the run folder
holds, their median, 90th percentile and largest size in bytes, and the
bytes and files of the whole folder.

Usage: pages.py RUN_FOLDER
"""

import json
import os
import statistics
import sys


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    folder = argv[0]
    users = os.path.join(folder, "users")
    pages = sorted(entry.stat().st_size for entry in os.scandir(users) if entry.name.endswith(".html"))
    files = total = 0
    for root, _, names in os.walk(folder):
        for name in names:
            files += 1
            total += os.path.getsize(os.path.join(root, name))
    result = {"pages": len(pages), "files": files, "bytes": total}
    if pages:
        result.update(median=statistics.median(pages), p90=pages[int(0.9 * (len(pages) - 1))], max=pages[-1])
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
