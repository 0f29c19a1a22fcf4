#!/usr/bin/env python3
"""Reads .eml files with Python's own MIME parser and prints what it found, one
JSON object per file: the headers decoded (RFC 2047), the parser's defects, the
parts with their content types and decoded content, and the raw file's line
checks (longest line, bare CR or LF). The tests run it on every mail bookrec
writes; a person can run it to see what a mail holds before it is sent.

Usage: scripts/read-mail.py FILE.eml...
"""
import email
import email.header
import email.policy
import email.utils
import json
import sys


def raw_lines(data):
    """Line facts of the raw bytes: every line must end in CRLF."""
    lines = data.split(b"\r\n")
    bare = sum(line.count(b"\n") + line.count(b"\r") for line in lines)
    return {
        "longest": max((len(line) for line in lines), default=0),
        "bareLineEnds": bare,
        "endsWithCRLF": data.endswith(b"\r\n"),
    }


def rfc2047_name(data):
    """The To display name decoded as RFC 2047 section 6.2 says: whitespace
    between adjacent encoded words is dropped. (The default policy's address
    parser keeps it as a space, so a long name split over several encoded
    words comes back with spaces inside its words.)"""
    raw = email.message_from_bytes(data, policy=email.policy.compat32).get("To", "")
    unfolded = raw.replace("\r\n", "").replace("\n", "")
    return email.utils.parseaddr(str(email.header.make_header(email.header.decode_header(unfolded))))[0]


def read(path):
    with open(path, "rb") as handle:
        data = handle.read()
    message = email.message_from_bytes(data, policy=email.policy.default)
    headers = {}
    for name in ["Date", "From", "To", "Reply-To", "Subject", "Message-ID", "MIME-Version", "Auto-Submitted"]:
        values = message.get_all(name) or []
        headers[name] = [str(value) for value in values]
    to = message["To"]
    addresses = [
        {"name": rfc2047_name(data), "parserName": address.display_name, "address": address.addr_spec}
        for group in (to.groups if to is not None else [])
        for address in group.addresses
    ]
    parts = []
    for part in message.iter_parts() if message.is_multipart() else [message]:
        parts.append({
            "type": part.get_content_type(),
            "charset": part.get_content_charset(),
            "encoding": part.get("Content-Transfer-Encoding"),
            "content": part.get_content(),
            "defects": [type(defect).__name__ for defect in part.defects],
        })
    return {
        "file": path,
        "headers": headers,
        "to": addresses,
        "contentType": message.get_content_type(),
        "defects": [type(defect).__name__ for defect in message.defects],
        "headerDefects": [
            type(defect).__name__ for name in message.keys() for defect in getattr(message[name], "defects", [])
        ],
        "parts": parts,
        "raw": raw_lines(data),
    }


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        print(json.dumps(read(path), ensure_ascii=False, sort_keys=True))
