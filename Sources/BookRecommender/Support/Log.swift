import Foundation

/// Structured logging, one line per event, as logfmt
/// (`time=… level=info stage=ingest event=file path=input/a.csv read=42`) or
/// as one JSON object per line, written to the `LogSink` it is given (`bookrec`
/// gives stderr, keeping stdout for the result).
///
/// ```swift
/// let lines = LogSink { line in print(line, terminator: "") }
/// let outcome = try await JobRunner(settings: settings, log: Log(format: .json, sink: lines)).run()
/// ```
public struct Log: Sendable {
    /// How much an event matters; `quiet` drops `info`.
    public enum Level: String, Sendable { case info, warning, error }

    /// The layout of a line: logfmt (`text`) or one JSON object (`json`).
    public enum Format: String, Sendable, CaseIterable { case text, json }

    /// Suppresses info lines (`--quiet`); warnings and errors are still written.
    public var quiet: Bool
    /// Logfmt or JSON lines.
    public var format: Format
    /// Where the lines go.
    public var sink: LogSink

    /// A log writing to `sink`; the default sink drops every line.
    public init(quiet: Bool = false, format: Format = .text, sink: LogSink = .discard) {
        self.quiet = quiet
        self.format = format
        self.sink = sink
    }

    /// Writes an info event (unless `quiet`): `stage`, `event`, then `fields` in order.
    public func info(_ stage: String, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard !quiet else { return }
        emit(.info, stage, event, fields)
    }

    /// Writes a warning event: something went missing, the run goes on.
    public func warning(_ stage: String, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        emit(.warning, stage, event, fields)
    }

    /// Writes an error event: what ended a command.
    public func error(_ stage: String, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        emit(.error, stage, event, fields)
    }

    private func emit(_ level: Level, _ stage: String, _ event: String, _ fields: KeyValuePairs<String, String>) {
        sink.write(line(level, stage, event, fields) + "\n")
    }

    /// The accounting of one input file just read.
    func file(_ report: FileReport) {
        info(
            "ingest", "file",
            [
                "path": report.path, "format": report.format?.rawValue ?? "unknown",
                "read": String(report.records.read), "used": String(report.records.used),
                "shelved": String(report.records.shelved), "blank": String(report.records.blank),
                "rejected": String(report.records.rejected), "scale": report.scale?.text ?? "none",
            ])
        if let error = report.error {
            let kept = report.records.used + report.records.shelved > 0
            warning("ingest", kept ? "file stopped early" : "file not used", ["error": error])
        }
    }

    /// One event as a line (without the newline).
    func line(
        _ level: Level, _ stage: String, _ event: String, _ fields: KeyValuePairs<String, String>,
        time: Date = Date()
    ) -> String {
        let pairs =
            [("time", Self.timestamp(time)), ("level", level.rawValue), ("stage", stage), ("event", event)]
            + fields.map { ($0.key, $0.value) }
        switch format {
        case .text:
            return pairs.map { "\($0.0)=\(Self.quote($0.1))" }.joined(separator: " ")
        case .json:
            // Pairs in this order (time, level, stage, event first), each escaped as the reports' JSON is.
            let members = pairs.map { JSONValue.string($0.0).compactText + ":" + JSONValue.string($0.1).compactText }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// UTC, to the millisecond.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// A value as logfmt: bare when it is one plain word, else quoted with `"`
    /// and `\` escaped and control characters shown as escapes, so one event is
    /// always one line whatever a file name or user id holds.
    static func quote(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "=" && scalar != "\\"
            }
        if plain { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
