// libFuzzer target `ratings-csv`: a ratings CSV file (goodbooks-10k layout, or any delimited user/book/rating file), read through `Ingestor`
// as the job reads it. See `FuzzHarness.ingest` for the invariants checked.

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzHarness.ingest(data, size, as: .ratingsCSV, named: "ratings.csv")
    return 0
}
