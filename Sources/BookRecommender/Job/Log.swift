import Foundation

/// Structured logging to stderr, one line per event:
/// `level=info stage=ingest event=file path=input/a.csv format=goodreads read=42`.
///
/// stdout is kept for the run's result; everything a person watching (or a log
/// collector) needs goes here.
public struct Log: Sendable {
    public enum Level: String, Sendable { case info, warning, error }

    /// Suppresses info lines (`--quiet`); warnings and errors still print.
    public var quiet: Bool

    public init(quiet: Bool = false) {
        self.quiet = quiet
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
        var line = "level=\(level.rawValue) stage=\(Self.quote(stage)) event=\(Self.quote(event))"
        for (key, value) in fields { line += " \(key)=\(Self.quote(value))" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
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
