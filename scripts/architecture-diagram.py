#!/usr/bin/env python3
"""Draws docs/architecture.svg: a run's stages left to right, the folder each
lives in, and the folders around them. Plain SVG, no dependencies.

    scripts/architecture-diagram.py            # writes docs/architecture.svg
    scripts/architecture-diagram.py --check    # exits 1 when the committed file is stale
"""
import pathlib
import sys
from xml.sax.saxutils import escape

# (stage, folder, what it hands on), in the order JobRunner runs them.
STAGES = [
    ("inputs", "Ingest/", "ratings, books,\naccounting"),
    ("model", "Model/", "neighbour\ntables"),
    ("scoring", "Run/UserScoring", "every reader's\npicks"),
    ("enrichment", "Enrich/", "Google Books\ndetails"),
    ("export", "Export/", "Core ML model\n(when asked)"),
    ("pages", "Report/", "users/, index,\ndigest, mail"),
    ("commit", "OutputFolder/", "runs/<time>,\nlatest"),
]
# Boxes above and below the row: who starts a run, and what it leans on.
ABOVE = [("bookrec (BookRecommenderCLI)", "parses, calls a command, prints, exits"),
         ("Settings/", "flags and job files → RunSettings, checked before any work")]
BELOW = [("Shards/", "--shard parts and bookrec merge"),
         ("Evaluate/", "holdouts and metrics (bookrec evaluate)"),
         ("Support/", "logging, parallel loops, JSON, atomic files")]

BOX_W, BOX_H, GAP, MARGIN = 150, 70, 34, 24
ROW_Y = 150
WIDTH = MARGIN * 2 + len(STAGES) * BOX_W + (len(STAGES) - 1) * GAP


def text(x, y, lines, size=13, weight="normal", anchor="middle", fill="#1d2433"):
    out = []
    for i, line in enumerate(lines):
        out.append(f'<text x="{x}" y="{y + i * (size + 3)}" font-size="{size}" font-weight="{weight}" '
                   f'text-anchor="{anchor}" fill="{fill}">{escape(line)}</text>')
    return out


def box(x, y, w, h, fill, stroke):
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="{stroke}"/>'


def band(y, items, fill, stroke):
    """A row of equal boxes spanning the width, each a name and a line."""
    out, n = [], len(items)
    w = (WIDTH - 2 * MARGIN - (n - 1) * GAP) / n
    for i, (name, line) in enumerate(items):
        x = MARGIN + i * (w + GAP)
        out.append(box(x, y, w, 50, fill, stroke))
        out += text(x + w / 2, y + 21, [name], weight="bold")
        out += text(x + w / 2, y + 39, [line], size=11, fill="#4a5368")
    return out


def svg():
    height = ROW_Y + BOX_H + 150
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="Helvetica, Arial, sans-serif">',
             f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
             '<defs><marker id="arrow" markerWidth="10" markerHeight="8" refX="9" refY="4" orient="auto">'
             '<path d="M0,0 L10,4 L0,8 z" fill="#3b5bdb"/></marker></defs>']
    parts += band(MARGIN, ABOVE, "#f1f3f5", "#868e96")
    parts += text(WIDTH / 2, ROW_Y - 22, ["JobRunner: one run, stage by stage, into a hidden folder that the commit makes the run"],
                  size=12, fill="#4a5368")
    for i, (stage, folder, hands) in enumerate(STAGES):
        x = MARGIN + i * (BOX_W + GAP)
        parts.append(box(x, ROW_Y, BOX_W, BOX_H, "#e7f0ff", "#3b5bdb"))
        parts += text(x + BOX_W / 2, ROW_Y + 26, [stage], size=15, weight="bold")
        parts += text(x + BOX_W / 2, ROW_Y + 48, [folder], size=12, fill="#4a5368")
        parts += text(x + BOX_W / 2, ROW_Y + BOX_H + 18, hands.split("\n"), size=11, fill="#4a5368")
        if i:
            parts.append(f'<line x1="{x - GAP + 2}" y1="{ROW_Y + BOX_H / 2}" x2="{x - 3}" '
                         f'y2="{ROW_Y + BOX_H / 2}" stroke="#3b5bdb" stroke-width="2" marker-end="url(#arrow)"/>')
    parts += band(ROW_Y + BOX_H + 70, BELOW, "#f1f3f5", "#868e96")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    target = pathlib.Path(__file__).resolve().parent.parent / "docs" / "architecture.svg"
    drawn = svg()
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text() != drawn:
            print(f"{target}: stale; run scripts/architecture-diagram.py", file=sys.stderr)
            sys.exit(1)
        return
    target.write_text(drawn)


if __name__ == "__main__":
    main()
