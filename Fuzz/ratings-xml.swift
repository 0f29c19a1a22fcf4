// libFuzzer target `ratings-xml`: a ratings XML document, read through `Ingestor`
// as the job reads it. See `FuzzHarness.ingest` for the invariants checked.

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzHarness.ingest(data, size, as: .ratingsXML, named: "ratings.xml")
    return 0
}
