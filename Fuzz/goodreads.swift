// libFuzzer target `goodreads`: a Goodreads library export, read through `Ingestor`
// as the job reads it. See `FuzzHarness.ingest` for the invariants checked.

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzHarness.ingest(data, size, as: .goodreads, named: "alice.csv")
    return 0
}
