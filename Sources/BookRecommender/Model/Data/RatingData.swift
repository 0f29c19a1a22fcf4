/// Everything ingest hands to the model: interned users and items, and the
/// ratings and interactions (shelf entries) as parallel arrays in input order.
///
/// Parallel arrays of 32-bit values keep 6 million ratings at 72 MB; the model
/// builds its sparse matrices from them once.
package struct RatingData: Sendable {
    /// Original user ids; a user's index is its position here.
    package var userIDs: [String] = []
    /// Item keys (ISBN-13, or the format's own id); an item's index is its position.
    package var itemKeys: [String] = []
    /// Ratings on the common 0–5 scale, in input order: when a user rated a
    /// book twice, the later entry wins.
    package var ratingUser: [Int32] = []
    package var ratingItem: [Int32] = []
    package var ratingValue: [Float] = []
    /// Books users have without a rating (read, to-read, borrowed…), with
    /// what they did (`shelfTag`): learned from, never recommended to them.
    package var shelfUser: [Int32] = []
    package var shelfItem: [Int32] = []
    var shelfTag: [InteractionTag] = []

    package init() {}

    package var userCount: Int { userIDs.count }
    package var itemCount: Int { itemKeys.count }
    package var ratingCount: Int { ratingValue.count }
}
