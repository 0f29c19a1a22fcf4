import Foundation

extension DateFormatter {
    /// A formatter writing `format` in UTC with English names, whatever the
    /// machine's locale and time zone: run folder names, mail dates.
    static func utc(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}
