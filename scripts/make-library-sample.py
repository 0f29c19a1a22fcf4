#!/usr/bin/env python3
"""Writes the library sample in input/library/: a Koha-style MARC 21 XML
catalog and a Koha-style loans file over its copies.

Run by hand (the output is committed): python3 scripts/make-library-sample.py
Seeded, so it always writes the same files. The books are real (titles, authors,
ISBNs and first publication years from goodbooks-10k's books.csv, CC BY-SA 4.0,
zygmuntz/goodbooks-10k), catalogued the way a Koha library writes MARC: ISBD
punctuation, "Last, First" names, 952 holdings, 999 $c biblionumbers. The
records are made here, not copied from a library. Each patron has a taste of one
or two genres, so their picks are easy to judge by eye.
"""
import datetime, os, random
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "input", "library")

# genre, 020 $a values (first valid wins), 100 $a, 245 $a, 245 $b, year, copies
BOOKS = [
    ("dystopia", ["0439023483 (hbk.)"], "Collins, Suzanne,", "The hunger games /", None, 2008, 3),
    ("dystopia", ["9780439023498"], "Collins, Suzanne,", "Catching fire /", None, 2009, 2),
    ("dystopia", ["978-0-439-02351-1"], "Collins, Suzanne,", "Mockingjay /", None, 2010, 2),
    ("dystopia", ["0062024035 (pbk.) :"], "Roth, Veronica,", "Divergent /", None, 2011, 2),
    ("dystopia", ["0385732554"], "Lowry, Lois,", "The giver /", None, 1993, 1),
    ("dystopia", ["0451524934"], "Orwell, George,", "Nineteen eighty-four :", "a novel /", 1949, 2),
    ("fantasy", ["0439554934"], "Rowling, J. K.,", "Harry Potter and the sorcerer's stone /", None, 1997, 3),
    ("fantasy", ["0439064864"], "Rowling, J. K.,", "Harry Potter and the chamber of secrets /", None, 1998, 2),
    ("fantasy", ["0618260307"], "Tolkien, J. R. R.", "The hobbit, or, There and back again /", None, 1937, 2),
    ("fantasy", ["0618346252"], "Tolkien, J. R. R.", "The fellowship of the ring :",
     "being the first part of The lord of the rings /", 1954, 1),
    ("fantasy", ["9780553588484", "0553588486"], "Martin, George R. R.,", "A game of thrones /", None, 1996, 2),
    ("fantasy", ["0679879242"], "Pullman, Philip,", "The golden compass /", None, 1995, 1),
    ("classics", ["0061120081"], "Lee, Harper,", "To kill a mockingbird /", None, 1960, 2),
    ("classics", ["0743273567"], "Fitzgerald, F. Scott", "The great Gatsby /", None, 1925, 2),
    ("classics", ["0679783261"], "Austen, Jane,", "Pride and prejudice /", None, 1813, 2),
    ("classics", ["0142437204"], "Brontë, Charlotte,", "Jane Eyre /", None, 1847, 1),
    ("classics", ["0060929871"], "Huxley, Aldous,", "Brave new world /", None, 1932, 1),
    ("thrillers", ["0307277674"], "Brown, Dan,", "The Da Vinci code :", "a novel /", 2003, 3),
    ("thrillers", ["0297859382"], "Flynn, Gillian,", "Gone girl :", "a novel /", 2012, 2),
    ("thrillers", ["0307269752"], "Larsson, Stieg,", "The girl with the dragon tattoo /", None, 2005, 1),
    ("literary", ["1594480001"], "Hosseini, Khaled,", "The kite runner /", None, 2003, 2),
    ("literary", ["0375831002"], "Zusak, Markus,", "The book thief /", None, 2005, 2),
    # A local pamphlet: no ISBN and no personal author (a society wrote it).
    ("local", [], None, "Walking the old mill trails :", "a guide to the Ashdown valley /", 1998, 1),
]

PATRONS = 40
BARCODE_BASE = 39000000123400


def record(biblionumber, book, items):
    genre, isbns, author, title_a, title_b, year, _ = book
    out = ["  <record>", "    <leader>00863nam a22002537a 4500</leader>",
           f'    <controlfield tag="001">{biblionumber}</controlfield>',
           '    <controlfield tag="003">OSt</controlfield>',
           f'    <controlfield tag="008">250114s{year}    xxu           000 1 eng d</controlfield>']

    def field(tag, ind1, ind2, subfields):
        out.append(f'    <datafield tag="{tag}" ind1="{ind1}" ind2="{ind2}">')
        for code, value in subfields:
            out.append(f'      <subfield code="{code}">{escape(value)}</subfield>')
        out.append("    </datafield>")

    if biblionumber == 4:  # a cancelled ISBN (a sequel's) before the valid one: 020 $z is never read
        field("020", " ", " ", [("z", "9780062024046")])
    for isbn in isbns:
        field("020", " ", " ", [("a", isbn)])
    if author:
        field("100", "1", " ", [("a", author), ("e", "author.")])
    title = [("a", title_a)] + ([("b", title_b)] if title_b else [])
    nonfiling = "4" if title_a.startswith("The ") else "2" if title_a.startswith("A ") else "0"
    field("245", "1" if author else "0", nonfiling, title)
    field("264", " ", "1", [("c", f"{year}.")] if biblionumber % 3 else [("c", f"[{year}]")])
    field("942", " ", " ", [("c", "BK")])
    for itemnumber, barcode in items:
        field("952", " ", " ", [("0", "0"), ("1", "0"), ("7", "0"), ("a", "MAIN"), ("b", "MAIN"),
                                ("o", f"FIC {author[:3].upper()}" if author else "LOC 914.2 ASH"),
                                ("p", str(barcode)), ("y", "BK"), ("9", str(itemnumber))])
    field("999", " ", " ", [("c", str(biblionumber)), ("d", str(biblionumber))])
    out.append("  </record>")
    return out


def main():
    rng = random.Random(28)
    os.makedirs(OUT, exist_ok=True)
    copies = []  # (genre, barcode, itemnumber, biblionumber)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<collection xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
             'xsi:schemaLocation="http://www.loc.gov/MARC21/slim '
             'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd" xmlns="http://www.loc.gov/MARC21/slim">']
    itemnumber = 0
    for biblionumber, book in enumerate(BOOKS, start=1):
        items = []
        for _ in range(book[6]):
            itemnumber += 1
            items.append((itemnumber, BARCODE_BASE + itemnumber))
            copies.append((book[0], BARCODE_BASE + itemnumber, itemnumber, biblionumber))
        lines += record(biblionumber, book, items)
    lines.append("</collection>")
    with open(os.path.join(OUT, "catalog.xml"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

    genres = sorted({book[0] for book in BOOKS} - {"local"})
    titles = {}  # biblionumber -> its copies
    for copy in copies:
        titles.setdefault(copy[3], []).append(copy)
    loans = []
    for borrower in range(1, PATRONS + 1):
        taste = rng.sample(genres, rng.choice([1, 2]))
        liked = [b for b, c in titles.items() if c[0][0] in taste]
        others = [b for b in titles if b not in liked]
        rng.shuffle(liked)
        rng.shuffle(others)
        card = f"2352900{borrower:07d}"
        # Mostly titles of their taste, each once (any of its copies), a few others.
        chosen = (liked + others)[:rng.randint(5, 15)] if rng.random() < 0.5 else liked[:15]
        chosen = chosen[:15] if len(chosen) >= 5 else chosen + others[:5 - len(chosen)]
        for biblionumber in chosen:
            copy = rng.choice(titles[biblionumber])
            loans.append((borrower, card, copy))
            if rng.random() < 0.05:  # borrowed the same copy again
                loans.append((borrower, card, copy))
    rows = []
    for borrower, card, (_, barcode, item, biblio) in loans:
        rows.append([borrower, card, str(barcode), str(item), str(biblio), rng.randint(0, 330)])
    # Two loans of copies the catalog does not hold (withdrawn and deleted, or mistyped).
    rows.append([7, "23529000000007", "39000000999901", "", "", rng.randint(0, 330)])
    rows.append([23, "23529000000023", "3900000012345", "", "", rng.randint(0, 330)])
    # Loans a report names by item number or biblionumber only.
    rows[5][2] = ""
    rows[17][2], rows[17][3] = "", ""
    rows.sort(key=lambda r: (r[5], r[0], r[2]))
    start = datetime.date(2025, 1, 2)
    out = ["borrowernumber,cardnumber,barcode,itemnumber,biblionumber,issuedate,returndate"]
    for borrower, card, barcode, item, biblio, day in rows:
        issued = start + datetime.timedelta(days=day)
        returned = issued + datetime.timedelta(days=rng.randint(5, 28))
        still_out = returned > datetime.date(2025, 12, 1)
        out.append(",".join([str(borrower), card, barcode, item, biblio,
                             f"{issued.isoformat()} {rng.randint(9, 18):02d}:{rng.randint(0, 59):02d}:00",
                             "" if still_out else f"{returned.isoformat()} 10:00:00"]))
    with open(os.path.join(OUT, "loans.csv"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
