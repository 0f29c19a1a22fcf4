import Foundation

/// A model's editions, found on first use: reading the titles of every book
/// costs more than loading a model file does, and only scoring needs them.
/// Shared by copies of the model and safe to use from many tasks at once.
final class LazyEditions: @unchecked Sendable {
    private let lock = NSLock()
    private let infos: [ItemInfo]
    private var found: Editions?

    init(infos: [ItemInfo]) {
        self.infos = infos
    }

    var value: Editions {
        lock.withLock {
            if let found { return found }
            let editions = Editions(infos: infos)
            found = editions
            return editions
        }
    }
}
