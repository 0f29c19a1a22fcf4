/// The keys of one file's ISBN field that number handling damaged, as the
/// file is read, so the run can choose among two readings of a key once it
/// has the evidence, and count per file what it repaired (`ISBNRepairs`).
///
/// A key that lost two or three leading zeros can often be read two ways:
/// `60002492` is `0060002492`, or `060002492X` that lost its zero and its
/// `X`; both validate for about 1 key in 11, and `normalize` then refuses.
/// The evidence that chooses:
///
/// 1. The file keeps ten-character keys with a leading zero and a final `X`
///    whole (`034545104X`): a spreadsheet turned the digit-only keys into
///    numbers and left the others as text, so no `X` was dropped there and
///    the zeros-only reading is the one.
/// 2. Otherwise, exactly one of the two ISBN-13s is a book the run holds
///    whole: an item of any input file, or a book of the catalog.
///
/// Keys are read as they come (under `bookcrossing:<raw>`, as an invalid
/// ISBN is) and the choice is made once every file is read (`resolve`),
/// since evidence can come later in the file or from a later file. Reading
/// costs one byte scan per valid key until the file shows the first kind of
/// evidence, and a set insertion per damaged key.
struct LostZeroKeys: Sendable, Equatable {
    /// The two ISBN-13s a key may be.
    struct Readings: Sendable, Equatable {
        var zeros: String
        var zerosAndX: String
    }

    /// ISBN-13s restored while reading (one reading validates, or scientific notation).
    var repaired: Set<String> = []
    /// Item keys of values of the lost-zero shape that no reading restores.
    var beyondRepair: Set<String> = []
    /// Values two readings fit, by the item key they were read under.
    var twoReadings: [String: Readings] = [:]
    /// True once the file showed a whole key with a leading zero and a final `X`.
    var keepsZeroAndX = false

    init() {}

    /// Notes what `ISBN.normalize` made of `raw`; an invalid value was read under the item key `key`.
    mutating func note(_ raw: String, as normalized: ISBN.Normalized, key: () -> String) {
        switch normalized {
        case .isbn13(let isbn, let wasRepaired):
            if wasRepaired {
                repaired.insert(isbn)
            } else if !keepsZeroAndX, ISBN.keepsLeadingZeroAndX(raw) {
                keepsZeroAndX = true
            }
        case .invalid:
            switch ISBN.lostZeros(raw) {
            case .twoReadings(let zeros, let zerosAndX)?:
                twoReadings[key()] = Readings(zeros: zeros, zerosAndX: zerosAndX)
            case .beyondRepair?: beyondRepair.insert(key())
            case nil: break
            }
        case .asin, .empty: break
        }
    }

    /// What `self` and `other` noted together: the same as one reader noting
    /// both parts' values, in any order (several parsers read one file).
    func merging(_ other: LostZeroKeys) -> LostZeroKeys {
        var merged = self
        merged.repaired.formUnion(other.repaired)
        merged.beyondRepair.formUnion(other.beyondRepair)
        merged.twoReadings.merge(other.twoReadings) { first, _ in first }
        merged.keepsZeroAndX = keepsZeroAndX || other.keepsZeroAndX
        return merged
    }
}

/// What `LostZeroKeys` found in one file: `summary.json`'s `isbnRepairs` of a file, and `inspect`'s.
struct ISBNRepairs: Sendable, Equatable, Codable {
    /// Distinct keys rebuilt from number damage: lost zeros (and a lost `X`), scientific notation.
    var repaired: Int
    /// Distinct keys of the lost-zero shape kept as they were read (`bookcrossing:<raw>`):
    /// no reading validates, or two do and nothing chooses.
    var unrepairable: Int
    /// True when the file keeps keys with a leading zero and a final `X` whole.
    var zeroAndXKept: Bool

    init(repaired: Int, unrepairable: Int, zeroAndXKept: Bool) {
        self.repaired = repaired
        self.unrepairable = unrepairable
        self.zeroAndXKept = zeroAndXKept
    }
}
