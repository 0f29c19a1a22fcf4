#!/usr/bin/env python3
"""Writes the demo reading club in input/ from the goodbooks-10k catalog.

Run once by hand (the output is committed): python3 scripts/make-demo-club.py
Reads ../shared/data/goodbooks-10k/books.csv; seeded, so it always writes the same files.
Each member has a taste (two genres) and an export format of their own.
"""
import csv, io, os, random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOKS = os.path.join(ROOT, "..", "shared", "data", "goodbooks-10k", "books.csv")
OUT = os.path.join(ROOT, "input")

GENRES = {
    "fantasy": [2, 18, 23, 24, 27, 21, 25, 7, 19, 39, 110, 37, 62, 53, 41],
    "dystopia": [1, 17, 20, 12, 69, 105, 13, 55, 48, 36, 91, 119],
    "classics": [10, 43, 63, 5, 4, 42, 76, 83, 95, 71, 97, 103],
    "thrillers": [9, 26, 16, 98, 30, 61, 84, 72, 86],
    "scifi": [54, 70, 65, 104, 117],
    "literary": [11, 67, 47, 45, 35, 94, 113],
}
MEMBERS = [  # id, format, genres
    ("alice", "goodreads24", ["fantasy", "scifi"]),
    ("bruno", "goodreads31", ["classics", "literary"]),
    ("chen", "storygraph", ["dystopia", "fantasy"]),
    ("dana", "librarything", ["classics", "scifi"]),
    ("emeka", "rss", ["thrillers", "dystopia"]),
    ("farah", "csv", ["fantasy", "dystopia"]),
    ("gus", "csv", ["thrillers", "literary"]),
    ("hana", "csv", ["classics", "dystopia"]),
    ("ivan", "bx", ["literary", "classics"]),
    ("jo", "bx", ["thrillers", "scifi"]),
    ("kai", "xml", ["fantasy", "literary"]),
    ("lena", "xml", ["scifi", "dystopia"]),
]


def isbn10_check(nine):
    total = sum((10 - i) * int(d) for i, d in enumerate(nine))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def isbn13_from10(isbn10):
    body = "978" + isbn10[:9]
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def load_books():
    wanted = {b for ids in GENRES.values() for b in ids}
    rows, header = {}, None
    with open(BOOKS, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        for row in reader:
            record = dict(zip(header, row))
            if int(record["book_id"]) in wanted:
                isbn10 = record["isbn"].zfill(10)
                record["isbn10"] = isbn10
                record["isbn13"] = isbn13_from10(isbn10)
                rows[int(record["book_id"])] = (row, record)
    return header, rows


def picks(rng, genres):
    """(book_id, stars 1-5) for a member: most of their genres, a few others."""
    liked = [b for g in genres for b in GENRES[g]]
    chosen = rng.sample(liked, k=max(5, int(len(liked) * 0.55)))
    others = [b for ids in GENRES.values() for b in ids if b not in liked]
    rated = [(b, rng.choice([4, 5, 5])) for b in chosen]
    rated += [(b, rng.choice([2, 3])) for b in rng.sample(others, k=3)]
    unread = [b for b in liked if b not in chosen]
    shelved = rng.sample(unread, k=min(2, len(unread)))
    return rated, shelved


def write(name, text, newline="\n"):
    with open(os.path.join(OUT, name), "w", encoding="utf-8", newline="") as f:
        f.write(text.replace("\n", newline))


GR24 = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
        "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
        "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies")
GR31_EXTRA = ("Recommended For,Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,"
              "Condition,Condition Description,BCID")


def author_lf(name):
    parts = name.split(" ")
    return parts[-1] + ", " + " ".join(parts[:-1]) if len(parts) > 1 else name


def goodreads(member, books, rated, shelved, columns):
    out = io.StringIO()
    header = GR24 if columns == 24 else GR24.rsplit(",", 1)[0] + "," + GR31_EXTRA
    out.write(header + "\n")
    entries = [(b, r, "read") for b, r in rated] + [(b, 0, "to-read") for b in shelved]
    for book, stars, shelf in entries:
        r = books[book][1]
        authors = [a.strip() for a in r["authors"].split(",")]
        year = r["original_publication_year"].split(".")[0]
        fields = [r["goodreads_book_id"], r["title"], authors[0], author_lf(authors[0]), ", ".join(authors[1:])]
        if columns == 24:  # 2016+ style: every ISBN quoted with doubled quotes
            row = fields + [f'="{r["isbn10"]}"', f'="{r["isbn13"]}"', str(stars), r["average_rating"], "",
                            "Paperback", "", year, year, "", "2025/03/01", "" if shelf == "read" else shelf,
                            "" if shelf == "read" else f"{shelf} (#1)", shelf, "", "", "", "1", "0"]
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\n").writerow(row)
            out.write(buffer.getvalue())
        else:  # 2014 style: text quoted, ISBN wrappers bare, CRLF
            quoted = lambda v: '"' + v.replace('"', '""') + '"'
            row = [fields[0]] + [quoted(v) for v in fields[1:]]
            row += [f'="{r["isbn10"]}"', f'="{r["isbn13"]}"', str(stars), quoted(r["average_rating"]), quoted(""),
                    quoted("Paperback"), quoted(""), year, year, "", "2014/11/10",
                    quoted("" if shelf == "read" else shelf), quoted(""), quoted(shelf)]
            row += [quoted("")] * 6 + ["0", "", "", "", "", ""]
            out.write(",".join(row) + "\n")
    return out.getvalue()


def storygraph(books, rated, shelved, rng):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added",
                     "Last Date Read", "Dates Read", "Read Count", "Moods", "Pace", "Character- or Plot-Driven?",
                     "Strong Character Development?", "Loveable Characters?", "Diverse Characters?",
                     "Flawed Characters?", "Star Rating", "Review", "Content Warnings",
                     "Content Warning Description", "Tags", "Owned?"])
    for book, stars, status in [(b, r, "read") for b, r in rated] + [(b, None, "to-read") for b in shelved]:
        r = books[book][1]
        star = "" if stars is None else str(stars - rng.choice([0, 0, 0.25, 0.5])).rstrip("0").rstrip(".")
        writer.writerow([r["original_title"] or r["title"], r["authors"].split(",")[0], "", r["isbn13"],
                         "paperback", status, "2025/05/02", "", "", "1" if stars else "0", "adventurous, dark",
                         "medium", "Plot", "Yes", "Yes", "No", "Yes", star, "", "", "", "", "No"])
    return out.getvalue()


LT_HEADER = open(os.path.join(ROOT, "..", "shared", "reference", "samples", "librarything",
                              "librarything_export_2023.tsv"), encoding="utf-8", errors="replace").readline().rstrip("\n").split("\t")


def librarything(books, rated, shelved):
    lines = ["\t".join(LT_HEADER)]
    for index, (book, stars) in enumerate([(b, r) for b, r in rated] + [(b, None) for b in shelved]):
        r = books[book][1]
        row = {name: "" for name in LT_HEADER}
        author = r["authors"].split(",")[0].strip()
        row.update({"Book Id": str(300000000 + index), "Title": r["title"], "Sort Character": "1",
                    "Primary Author": author_lf(author), "Primary Author Role": "Author",
                    "Date": r["original_publication_year"].split(".")[0], "Rating": "" if stars is None else str(stars),
                    "Media": "Paperback", "Collections": "Your library" if stars else "To read",
                    "ISBN": f"[{r['isbn10']}]", "ISBNs": f"{r['isbn10']}, {r['isbn13']}",
                    "Entry Date": "[2024-02-11]", "Copies": "1"})
        lines.append("\t".join(row[name] for name in LT_HEADER))
    return "\n".join(lines) + "\n"


def rss(member, books, rated, shelved):
    from xml.sax.saxutils import escape
    items = []
    for book, stars in [(b, r) for b, r in rated] + [(b, 0) for b in shelved]:
        r = books[book][1]
        shelf = "" if stars else "to-read"
        items.append(f"""  <item>
    <guid><![CDATA[https://www.goodreads.com/review/show/{r['goodreads_book_id']}0?utm_medium=api&utm_source=rss]]></guid>
    <pubDate><![CDATA[Sat, 01 Mar 2025 10:00:00 -0800]]></pubDate>
    <title>{escape(r['title'])}</title>
    <book_id>{r['goodreads_book_id']}</book_id>
    <book_image_url><![CDATA[{r['image_url']}]]></book_image_url>
    <book_description><![CDATA[A book from the demo club.<br />]]></book_description>
    <book id="{r['goodreads_book_id']}">
      <num_pages>300</num_pages>
    </book>
    <author_name>{escape(r['authors'].split(',')[0])}</author_name>
    <isbn>{r['isbn10']}</isbn>
    <user_name>{member.capitalize()}</user_name>
    <user_rating>{stars}</user_rating>
    <user_read_at></user_read_at>
    <user_shelves>{shelf}</user_shelves>
    <average_rating>{r['average_rating']}</average_rating>
    <book_published>{r['original_publication_year'].split('.')[0]}</book_published>
  </item>""")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>{member.capitalize()}'s bookshelf: all</title>
    <language>en-US</language>
{chr(10).join(items)}
  </channel>
</rss>
"""


def main():
    header, books = load_books()
    rng = random.Random(20261130)
    catalog = io.StringIO()
    writer = csv.writer(catalog, lineterminator="\n")
    writer.writerow(header)
    for book in sorted(books):
        writer.writerow(books[book][0])
    write("catalog.csv", catalog.getvalue())

    csv_rows, bx_rows, xml_rows = [], [], []
    for member, fmt, genres in MEMBERS:
        rated, shelved = picks(rng, genres)
        if fmt == "goodreads24":
            write(f"club/{member}.csv", goodreads(member, books, rated, shelved, 24))
        elif fmt == "goodreads31":
            write(f"club/{member}.csv", goodreads(member, books, rated, shelved, 31), newline="\r\n")
        elif fmt == "storygraph":
            write(f"club/{member}.csv", storygraph(books, rated, shelved, rng), newline="\r\n")
        elif fmt == "librarything":
            write(f"club/{member}.tsv", librarything(books, rated, shelved))
        elif fmt == "rss":
            write(f"club/{member}.xml", rss(member, books, rated, shelved))
        elif fmt == "csv":
            csv_rows += [(member, b, s) for b, s in rated]
        elif fmt == "bx":
            bx_rows += [(member, books[b][1]["isbn10"], s * 2) for b, s in rated]
            bx_rows += [(member, books[b][1]["isbn10"], 0) for b in shelved]
        elif fmt == "xml":
            xml_rows += [(member, books[b][1]["isbn13"], s) for b, s in rated]
    # A newcomer with two ratings gets the popularity list.
    xml_rows += [("milo", books[2][1]["isbn13"], 5), ("milo", books[10][1]["isbn13"], 4)]

    lines = ["user_id,book_id,rating"] + [f"{u},{b},{s}" for u, b, s in csv_rows]
    # Two records a spreadsheet mangled: they go to rejects.csv with their line and reason.
    lines.insert(5, "gus,26,five")
    lines.insert(9, "hana,10,7")
    write("club/members.csv", "\n".join(lines) + "\n")
    bx = ['"User-ID";"ISBN";"Book-Rating"'] + [f'"{u}";"{i}";"{s}"' for u, i, s in bx_rows]
    write("club/swap-shelf.csv", "\n".join(bx) + "\n", newline="\r\n")
    xml = ['<?xml version="1.0" encoding="UTF-8"?>', "<ratings>"]
    xml += [f'  <rating user="{u}" isbn="{i}" value="{s}"/>' for u, i, s in xml_rows]
    write("club/ratings.xml", "\n".join(xml + ["</ratings>"]) + "\n")


main()
