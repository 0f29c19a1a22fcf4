#!/usr/bin/env python3
"""Writes a `user_id,book_id,rating` CSV (bench/generate.py's) as ratings XML.

The same ratings, in the same order, one element per line:

    <?xml version="1.0" encoding="UTF-8"?>
    <ratings>
      <rating user="1" book="375" value="3"/>
      ...
    </ratings>

so `bookrec` reads the same readers, books and ratings from either file. Values
are escaped for a double-quoted attribute. The output is cached: when OUT and its
sidecar OUT.json (the input's size and modification time; not its path, so a
file reached through a link matches) already match, nothing is written again.

Usage: csv_to_xml.py IN.csv OUT.xml
"""

import json
import os
import sys
from xml.sax.saxutils import quoteattr


def convert(source, target):
    """Streams SOURCE (header skipped) into TARGET; returns the number of ratings written."""
    count = 0
    with open(source, encoding="utf-8", newline="") as lines, open(target + ".partial", "w", encoding="utf-8") as out:
        header = next(lines).rstrip("\r\n").split(",")
        if header != ["user_id", "book_id", "rating"]:
            sys.exit(f"csv_to_xml: {source}: header {header} is not user_id,book_id,rating")
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<ratings>\n')
        batch = []
        for line in lines:
            user, book, rating = line.rstrip("\r\n").split(",")
            batch.append(f"  <rating user={quoteattr(user)} book={quoteattr(book)} value={quoteattr(rating)}/>\n")
            if len(batch) == 100_000:
                out.write("".join(batch))
                count += len(batch)
                batch.clear()
        out.write("".join(batch))
        count += len(batch)
        out.write("</ratings>\n")
    os.replace(target + ".partial", target)
    return count


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__.split("\n\n")[-1])
    source, target = argv
    status = os.stat(source)
    request = {"bytes": status.st_size, "mtime": status.st_mtime}
    sidecar = target + ".json"
    if os.path.exists(target) and os.path.exists(sidecar):
        with open(sidecar, encoding="utf-8") as handle:
            if json.load(handle).get("request") == request:
                print(f"csv_to_xml: {target} is cached", file=sys.stderr)
                return
    count = convert(source, target)
    with open(sidecar, "w", encoding="utf-8") as handle:
        json.dump({"request": request, "ratings": count, "bytes": os.path.getsize(target)}, handle, indent=2)
    print(f"csv_to_xml: wrote {target}: {count} ratings, {os.path.getsize(target)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
