// libFuzzer target `librarything`: a LibraryThing CSV or TSV export, read through `Ingestor`
// as the job reads it. See `FuzzHarness.ingest` for the invariants checked.

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzHarness.ingest(data, size, as: .librarything, named: "alice.tsv")
    return 0
}
