extension String {
    /// Empty, or nothing but whitespace (as `Character.isWhitespace` judges
    /// it): titles and names like that are shown as missing. ASCII text is
    /// judged byte by byte, without breaking it into characters.
    var isBlank: Bool {
        for byte in utf8 {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            case ..<0x80: return false
            default: return allSatisfy(\.isWhitespace)
            }
        }
        return true
    }
}
