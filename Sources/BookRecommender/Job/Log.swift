import Foundation

/// Structured logging to stderr, one line per event, as logfmt
/// (`time=… level=info stage=ingest event=file path=input/a.csv read=42`) or,
/// with `--log-format json`, as one JSON object per line.
///
/// stdout is kept for the run's result; everything a person watching (or a log
/// collector) needs goes here.
public struct Log: Sendable {
    public enum Level: String, Sendable { case info, warning, error }

    /// `--log-format`.
    public enum Format: String, Sendable, CaseIterable { case text, json }

    /// Suppresses info lines (`--quiet`); warnings and errors still print.
    public var quiet: Bool
    /// Logfmt or JSON lines.
    public var format: Format

    public init(quiet: Bool = false, format: Format = .text) {
        self.quiet = quiet
        self.format = format
    }

    public func info(_ stage: String, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard !quiet else { return }
        emit(.info, stage, event, fields)
    }

    public func warning(_ stage: String, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        emit(.warning, stage, event, fields)
    }

    public func error(_ stage: String, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        emit(.error, stage, event, fields)
    }

    private func emit(_ level: Level, _ stage: String, _ event: String, _ fields: KeyValuePairs<String, String>) {
        FileHandle.standardError.write(Data((line(level, stage, event, fields) + "\n").utf8))
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
            return "{" + pairs.map { "\(Self.jsonString($0.0)):\(Self.jsonString($0.1))" }.joined(separator: ",") + "}"
        }
    }

    /// UTC, to the millisecond.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// A JSON string literal on one line.
    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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
