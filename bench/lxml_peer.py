#!/usr/bin/env python3
"""The Python peer of the benchmark's XML row: lxml.etree.iterparse over ratings XML.

Reads every <rating> child of the root the way a Python user of lxml streams a
large file: `iterparse` on the end events of `rating` elements, the `user`,
`book` and `value` attributes taken with `get` (the value made a float), and
each element cleared, with the siblings before it, so memory stays flat. lxml
is built on libxml2, like `bookrec`'s reader and the C loop
(bench/xmlreader_loop.c). One thread.

Prints one JSON object on stdout: the seconds of the loop (imports apart), the
ratings read, the peak resident memory (`getrusage(RUSAGE_SELF).ru_maxrss`) and
the lxml and libxml2 versions.

Usage: lxml_peer.py FILE.xml
"""

import json
import resource
import sys
import time

from lxml import etree


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__.split("\n\n")[-1])
    start = time.perf_counter()
    ratings = 0
    missing = 0
    value_sum = 0.0
    for _, element in etree.iterparse(argv[0], events=("end",), tag="rating", no_network=True):
        user, book, value = element.get("user"), element.get("book"), element.get("value")
        if user is None or book is None or value is None:
            missing += 1
        else:
            ratings += 1
            value_sum += float(value)
        element.clear()
        while element.getprevious() is not None:
            del element.getparent()[0]
    seconds = time.perf_counter() - start
    print(json.dumps({
        "seconds": round(seconds, 3),
        "ratings": ratings,
        "missing": missing,
        "valueSum": value_sum,
        "peakRSSMB": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6, 1),
        "versions": {"lxml": etree.__version__, "libxml2": ".".join(map(str, etree.LIBXML_VERSION))},
    }))


if __name__ == "__main__":
    main(sys.argv[1:])
