/// The inline style sheet shared by the HTML reports (no external resources).
enum ReportStyle {
    /// The opening of every report page up to and including `<body>`: UTF-8,
    /// English, a phone viewport, a policy that forbids scripts and every
    /// outside resource, the style sheet, and the already escaped `title`.
    static func head(title escapedTitle: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https:">
        <meta name="color-scheme" content="light dark">
        <title>\(escapedTitle)</title>
        <style>
        \(css)</style>
        </head>
        <body>

        """
    }

    static let css = """
        :root { --bg: #fafaf7; --fg: #1d1d1b; --muted: #5f5f5a; --card: #ffffff; --line: #deded8;
          --accent: #9a5b00; --badge: #e8f0fe; --badge-fg: #1a4d8f; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #161615; --fg: #ecebe6; --muted: #a8a79f; --card: #22221f; --line: #3a3a35;
            --accent: #f0b541; --badge: #1f3352; --badge-fg: #bcd4f7; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; }
        a { color: var(--accent); }
        ol, ul { padding-left: 0; list-style: none; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 0.6rem;
          padding: 0.8rem 1rem; margin: 0 0 0.8rem; }
        .card h2, .card h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
        .rank { color: var(--muted); font-weight: 600; margin-right: 0.4rem; }
        .authors, .score, .note, .totals { color: var(--muted); margin: 0.2rem 0; }
        .stars { color: var(--accent); letter-spacing: 0.05em; white-space: nowrap; }
        .badge { display: inline-block; background: var(--badge); color: var(--badge-fg);
          border-radius: 1rem; padding: 0 0.6rem; font-size: 0.85rem; }
        .because li, .rated li { margin: 0.2rem 0; overflow-wrap: anywhere; }
        .totals span { margin-right: 1rem; white-space: nowrap; }
        .card::after { content: ""; display: block; clear: both; }
        .cover { float: right; width: 64px; height: 96px; margin: 0 0 0.5rem 0.8rem; border-radius: 0.3rem;
          object-fit: cover; background: var(--line); }
        .placeholder { display: flex; align-items: center; justify-content: center; font-size: 2rem;
          font-weight: 700; color: var(--muted); }
        .description { margin: 0.4rem 0; }
        details summary { cursor: pointer; color: var(--accent); }
        .button { display: inline-block; background: var(--accent); color: var(--bg); text-decoration: none;
          border-radius: 0.4rem; padding: 0.2rem 0.9rem; font-weight: 600; }
        .notice { border-left: 4px solid var(--accent); padding: 0.4rem 0.8rem; background: var(--card); }

        """
}
