/// The version of this library and of `bookrec`, which are released together.
///
/// Model files and `summary.json` record it, and the Google Books client
/// sends it in its `User-Agent`.
public enum BookRecommenderVersion {
    /// `major.minor.patch`.
    public static let current = "0.1.0"
}
