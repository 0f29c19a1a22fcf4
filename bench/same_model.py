#!/usr/bin/env python3
"""Whether two bookrec model files hold the same model (docs/model-file.md).

Compares the files block by block. Only what names the moment and the binary may
differ: the training time (`trainedAt` in META), the input stamp of the kept
ingest (`stamp` in INGA, which hashes the bookrec build) and so the header's
checksum. Prints one line; exits 0 when the models are the same, 1 when not.

Usage: same_model.py A.bookrec B.bookrec
"""

import re
import struct
import sys

MASKS = {
    b"META": re.compile(rb'"trainedAt":[-0-9.e+]+'),
    b"INGA": re.compile(rb'"stamp":\{"value":"[0-9a-f]*"\}'),
}


def blocks(path):
    """(tag, element size, payload) of each block, masked where MASKS say."""
    with open(path, "rb") as handle:
        data = handle.read()
    position, found = 64, []
    while position < len(data):
        tag, element, size = struct.unpack_from("<4sIQ", data, position)
        payload = data[position + 16 : position + 16 + size]
        if tag in MASKS:
            payload = MASKS[tag].sub(b"", payload)
        found.append((tag, element, payload))
        position += 16 + size + (-size % 8)
    return data[:24], found


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    (head_a, a), (head_b, b) = blocks(argv[0]), blocks(argv[1])
    if head_a[:16] != head_b[:16] or len(a) != len(b):
        print("different: header or block count")
        return 1
    for (tag_a, element_a, payload_a), (tag_b, element_b, payload_b) in zip(a, b):
        if (tag_a, element_a, payload_a) != (tag_b, element_b, payload_b):
            print(f"different: block {tag_a.decode(errors='replace')}")
            return 1
    print(f"same model: {len(a)} blocks equal (trainedAt, the ingest stamp and the checksum aside)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
