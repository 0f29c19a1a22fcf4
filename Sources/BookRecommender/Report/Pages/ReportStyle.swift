/// The inline style sheet shared by the HTML reports (no external resources).
///
/// Written for mail clients as well as browsers: plain colours instead of
/// custom properties (Gmail drops `var()`), no grid or flexbox the layout
/// depends on, no web fonts, and a dark palette under `prefers-color-scheme`.
/// Every text colour has at least 4.5:1 contrast against its background in
/// both palettes.
enum ReportStyle {
    /// The opening of every report page up to and including `<body>`: UTF-8,
    /// English, a phone viewport, a policy that forbids scripts and every
    /// outside resource but `https` images, the style sheet, and the already
    /// escaped `title`.
    static func head(title escapedTitle: String) -> String {
        headStart + escapedTitle + headEnd
    }

    /// `head(title:)` up to the title.
    static let headStart = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https:">
        <meta name="color-scheme" content="light dark">
        <title>
        """

    /// `head(title:)` after the title.
    static let headEnd = "</title>\n<style>\n" + css + "</style>\n</head>\n<body>\n"

    /// The end of every page.
    static let tail = "</main>\n</body>\n</html>\n"

    static let css = """
        * { box-sizing: border-box; }
        body { margin: 0; background: #fafaf7; color: #1d1d1b;
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 0.25rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.25rem; margin: 1.75rem 0 0.6rem; }
        h3 { font-size: 1.05rem; margin: 0; overflow-wrap: anywhere; }
        a { color: #8a4f00; }
        ol, ul { padding-left: 0; list-style: none; margin: 0; }
        .lead, .authors, .meta, .note, .date { color: #57574f; margin: 0.2rem 0; }
        .back { margin: 0 0 0.5rem; font-size: 0.95rem; }
        .card { background: #ffffff; border: 1px solid #deded8; border-radius: 10px;
          padding: 12px 14px; margin: 0 0 12px; overflow: hidden; }
        .card h3 { margin-bottom: 0.15rem; }
        .rank { color: #57574f; font-weight: 600; margin-right: 0.3rem; }
        .stars { color: #8a4f00; letter-spacing: 0.05em; white-space: nowrap; }
        .badge { display: inline-block; background: #e6eefc; color: #17437e; border-radius: 1rem;
          padding: 0 0.6rem; font-size: 0.85rem; font-weight: 600; }
        .new { display: inline-block; background: #e2f2e6; color: #1b5530; border-radius: 1rem;
          padding: 0 0.5rem; font-size: 0.8rem; font-weight: 700; vertical-align: middle; }
        .strength { color: #8a4f00; letter-spacing: 0.08em; white-space: nowrap; }
        .since { margin: 0.4rem 0; }
        .because { margin: 0.4rem 0; font-size: 0.95rem; }
        .because li, .rated li, .top li { margin: 0.15rem 0; overflow-wrap: anywhere; }
        .cover { float: right; width: 72px; height: 108px; margin: 0 0 8px 12px; border-radius: 4px;
          background: #deded8; color: #57574f; font-size: 0.75rem; }
        .placeholder { text-align: center; line-height: 108px; font-size: 2.2rem; font-weight: 700;
          color: #ffffff; overflow: hidden; }
        .tone0 { background: #6d4c9f; } .tone1 { background: #1f6f8b; } .tone2 { background: #8a4f00; }
        .tone3 { background: #2e7d4f; } .tone4 { background: #a23b4f; } .tone5 { background: #4a5a78; }
        .description { margin: 0.4rem 0; }
        details { margin: 0 0 0.4rem; }
        details summary { cursor: pointer; color: #8a4f00; font-weight: 600; }
        details p { margin: 0.3rem 0; }
        .button { display: inline-block; background: #8a4f00; color: #ffffff; text-decoration: none;
          border-radius: 6px; padding: 4px 16px; font-weight: 600; margin-top: 0.2rem; }
        .notice { border-left: 4px solid #8a4f00; padding: 0.4rem 0.8rem; background: #ffffff; }
        .totals { margin: 0.8rem 0; }
        .totals li { display: inline-block; margin: 0 0.5rem 0.5rem 0; padding: 4px 12px; border-radius: 8px;
          background: #ffffff; border: 1px solid #deded8; }
        .totals strong { font-size: 1.15rem; }
        .members .card { display: inline-block; vertical-align: top; width: 100%; break-inside: avoid; }
        .names li { display: inline-block; margin: 0 0.9rem 0.3rem 0; }
        .top { list-style: decimal; padding-left: 1.4rem; margin: 0.3rem 0 0; }
        .digest { max-width: 60rem; }
        figure { margin: 0; }
        .chart-box { display: inline-block; vertical-align: top; width: 100%; }
        .chart { display: block; width: 100%; max-width: 26rem; height: auto; }
        .chart text { fill: #1d1d1b; font: 14px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
        .chart .value { fill: #57574f; }
        .chart rect { fill: #8a4f00; }
        @media (min-width: 50rem) {
          .members { column-count: 2; column-gap: 12px; }
          .chart-box { width: 49%; }
          .chart-box + .chart-box { margin-left: 1%; }
          .rated ul { column-count: 2; column-gap: 2rem; }
        }
        @media (prefers-color-scheme: dark) {
          body { background: #161615; color: #ecebe6; }
          a, .stars, .strength, details summary { color: #f0b541; }
          .lead, .authors, .meta, .note, .date, .rank { color: #b4b3ab; }
          .card, .notice, .totals li { background: #22221f; border-color: #3a3a35; }
          img.cover { background: #3a3a35; color: #b4b3ab; }
          .notice { border-left-color: #f0b541; }
          .badge { background: #1f3352; color: #c8dcfa; }
          .new { background: #1d3a27; color: #bfe8cc; }
          .button { background: #f0b541; color: #161615; }
          .chart text { fill: #ecebe6; }
          .chart .value { fill: #b4b3ab; }
          .chart rect { fill: #f0b541; }
        }

        """
}
