/// The layout of a model file, version 3 (all integers little-endian):
///
///     header, 64 bytes
///       0  magic: 0x89 "BKRM" CR LF 0x1A (a text-mode copy or a non-model file fails here)
///       8  format version, UInt32        12  header size, UInt32 (64)
///      16  file size, UInt64             24  XXH64 of bytes 64 ..< file size, UInt64
///      32  32 zero bytes
///     blocks, in a fixed order, each:
///       tag (4 ASCII bytes), element size (UInt32), payload size (UInt64),
///       the payload, zero bytes up to the next multiple of 8
///
/// Every payload is an array of fixed-size elements starting 8-byte aligned,
/// so the reader copies it straight into a Swift array; strings are an offset
/// block (UInt64, count + 1) and a UTF-8 byte block. A missing optional string
/// is the single byte 0xFF, which valid UTF-8 never holds.
///
/// Version 2 added the ingest blocks (`TrainingIngest`); a version-1 file
/// ends after `ONLY` and is read as a model that kept no ingest. Version 3
/// added `KIND`: the readers' rows then hold their interactions too (books
/// without stars, at their strength), and `SHL` only books kept out of picks.
/// An older file ends before `KIND`: its rows are star ratings, and its shelved
/// books were not learned from, so they load as books kept out of picks.
enum ModelFileFormat {
    static let magic: [UInt8] = [0x89, 0x42, 0x4B, 0x52, 0x4D, 0x0D, 0x0A, 0x1A]
    /// The format this code writes, and the newest it reads.
    static let version: UInt32 = 3
    static let headerSize = 64
    static let blockHeaderSize = 16
    /// A missing optional string.
    static let absent: [UInt8] = [0xFF]

    /// The blocks, in file order (a part file's last two: `TrainingPartFile`;
    /// a prepared input's: `PreparedInputFile`).
    enum Tag: String, CaseIterable {
        /// `ModelMetadata` as JSON.
        case metadata = "META"
        case keyOffsets = "KEY#", keyBytes = "KEY$"
        case isbnOffsets = "ISB#", isbnBytes = "ISB$"
        case titleOffsets = "TIT#", titleBytes = "TIT$"
        case imageOffsets = "IMG#", imageBytes = "IMG$"
        /// Per item, where its authors start in the author list (count + 1).
        case authorStarts = "AUT^"
        case authorOffsets = "AUT#", authorBytes = "AUT$"
        /// The items in ascending key order.
        case itemAtRank = "RANK"
        case neighborOffsets = "NBR#", neighborEntries = "NBR="
        case popularItems = "POPI", popularScores = "POPS"
        case userOffsets = "USR#", userBytes = "USR$"
        /// The readers in ascending id order.
        case userOrder = "USRK"
        case ratingOffsets = "RAT#", ratingEntries = "RAT="
        case shelfOffsets = "SHL#", shelfEntries = "SHL="
        /// `ModelOptions.exclude` and `only` as bitmap words (empty when unset).
        case exclude = "EXCL", only = "ONLY"
        /// `TrainingIngest.Accounting` as JSON, or nothing when the model kept no ingest.
        case ingestAccounting = "INGA"
        /// `TrainingIngest.rejectRows`.
        case ingestRejects = "INGR"
        /// Per entry of `RAT=`, what the reader did (`ReaderRows.kinds`); empty when all are star ratings.
        case kinds = "KIND"
        /// A part file's `TrainingPartMetadata` as JSON (`TrainingPartFile`; never in a model file).
        case partMetadata = "PART"
        /// In part 0's file and in a prepared input, the model file without
        /// neighbour lists; empty in the other parts (`TrainingPartFile`, `PreparedInputFile`).
        case partModel = "MODL"
        /// A prepared input's `PreparedInputFile.Metadata` as JSON (never in a model file).
        case preparedMetadata = "PREP"
        /// A prepared input's `PreparedSearch.weighting` (`ItemVectors.Weighting.Factors`),
        /// each block empty where it has none: Pearson's means (Float per
        /// book), BM25's and TF-IDF's idf (Double per reader), BM25's lengths
        /// (Double per book). Never in a model file.
        case weightMeans = "WMN=", weightIDF = "WIDF", weightLengths = "WLEN"
        /// A prepared input's `PreparedSearch.floorBounds`, one Float per book;
        /// empty when there are none (never in a model file).
        case floorBounds = "FLR="

        /// The tag as the 4 bytes the file holds, read as one little-endian UInt32.
        var code: UInt32 {
            rawValue.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
    }
}
