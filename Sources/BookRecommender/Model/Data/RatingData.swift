/// Everything ingest hands to the model: interned users and items, and the
/// ratings and interactions (shelf entries) as parallel arrays in input order.
///
/// Parallel arrays of 32-bit values keep 6 million ratings at 72 MB; the model
/// builds its sparse matrices from them once.
struct RatingData: Sendable {
    /// Original user ids; a user's index is its position here.
    var userIDs: [String] = []
    /// Item keys (ISBN-13, or the format's own id); an item's index is its position.
    var itemKeys: [String] = []
    /// Ratings on the common 0–5 scale, in input order: when a user rated a
    /// book twice, the later entry wins.
    var ratingUser: [Int32] = []
    var ratingItem: [Int32] = []
    var ratingValue: [Float] = []
    /// Books users have without a rating (read, to-read, borrowed…), with
    /// what they did (`shelfTag`): learned from, never recommended to them.
    var shelfUser: [Int32] = []
    var shelfItem: [Int32] = []
    var shelfTag: [InteractionTag] = []

    init() {}

    var userCount: Int { userIDs.count }
    var itemCount: Int { itemKeys.count }
    var ratingCount: Int { ratingValue.count }
}
