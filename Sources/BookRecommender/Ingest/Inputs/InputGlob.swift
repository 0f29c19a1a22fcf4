import Foundation

/// Input patterns: an input holding `*`, `?` or `[` is expanded with
/// `glob(3)`, its matches sorted by byte order; any other input stands for itself.
enum InputGlob {
    /// Whether `input` is a pattern.
    static func isPattern(_ input: String) -> Bool {
        input.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The paths `pattern` matches, sorted; empty when none do.
    static func matches(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard glob(pattern, 0, nil, &found) == 0 else { return [] }
        var paths: [String] = []
        for index in 0..<Int(found.gl_pathc) {
            if let path = found.gl_pathv[index] { paths.append(String(cString: path)) }
        }
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Every input with patterns expanded in place.
    static func expand(_ inputs: [String]) -> [String] {
        inputs.flatMap { isPattern($0) ? matches($0) : [$0] }
    }
}
