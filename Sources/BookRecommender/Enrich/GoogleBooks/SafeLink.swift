import Foundation

/// Keeps only links a report can safely show.
enum SafeLink {
    /// `text` when it is an absolute `http`/`https` URL with a host; `nil` otherwise
    /// (`javascript:`, `data:`, relative or malformed links are dropped).
    static func web(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return text
    }

    /// A cover URL moved to `https` with the `edge=curl` page-curl effect removed.
    static func cover(_ text: String?) -> String? {
        guard let safe = web(text), var components = URLComponents(string: safe) else { return nil }
        components.scheme = "https"
        if let items = components.percentEncodedQueryItems {
            let kept = items.filter { !($0.name == "edge" && $0.value == "curl") }
            components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        }
        return components.string
    }
}
