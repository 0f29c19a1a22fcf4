// libFuzzer target `isbn`: `ISBN.normalize` on any text, checking that what it
// calls an ISBN-13 is one, that normalising is idempotent, and that the
// ISBN-10 form converts back to the same ISBN-13.

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let raw = FuzzHarness.text(data, size)
    let result = ISBN.normalize(raw)
    switch result {
    case .isbn13(let isbn, _):
        let digits = Array(isbn.utf8)
        FuzzHarness.require(
            digits.count == 13 && digits.allSatisfy { $0 >= 48 && $0 <= 57 }, "\(isbn) is not 13 digits")
        FuzzHarness.require(
            ISBN.normalize(isbn) == .isbn13(isbn, repaired: false), "\(isbn) does not normalise to itself")
        if let isbn10 = ISBN.isbn10(fromISBN13: isbn) {
            FuzzHarness.require(isbn.hasPrefix("978"), "\(isbn) has an ISBN-10 but no 978 prefix")
            FuzzHarness.require(ISBN.normalize(isbn10).isbn13 == isbn, "\(isbn10) does not convert back to \(isbn)")
        }
    case .asin(let asin):
        FuzzHarness.require(asin.utf8.count == 10 && asin.hasPrefix("B0"), "\(asin) is not an ASIN")
    case .invalid(let echoed):
        FuzzHarness.require(echoed == raw, "invalid does not echo the input")
    case .empty:
        break
    }
    return 0
}
