/// Scale detection: a generic file's ratings are kept as they are while it is
/// read (the parsers stay one pass over the bytes), and put on the common
/// scale once the whole file shows which scale they are on.
extension IngestSink {
    /// Where the sink was before a file, for `rollback(to:)`.
    struct Checkpoint {
        let ratings: Int
        let shelves: Int
        let users: Int
        let items: Int
        let rejects: RejectLog.Mark
        let counts: RecordCounts
        let readers: FileReaders.Mark
    }

    /// The detection under way for one file.
    struct ScaleDetection {
        /// The index of the file's first rating.
        let start: Int
        var values = RatingValues()
        /// The first rating above `RatingScale.detectionLimit`: its line and text.
        var beyond: (line: Int, raw: String)?
    }

    /// How a detection ended.
    enum DetectedScale {
        /// The file's ratings are on this scale now (nil: it held no rating).
        case settled(RatingScale?)
        /// The scale holds all but a few ratings, which were taken as they
        /// came: roll the file back and read it again on this scale, so that
        /// they become rejects with their lines.
        case readAgain(RatingScale)
    }

    /// Starts detecting the scale of the file about to be read: its ratings
    /// must come raw (a reader with no scale), each in (0, `detectionLimit`].
    mutating func beginScaleDetection() {
        detection = ScaleDetection(start: data.ratingValue.count)
    }

    /// Ends the detection (see `RatingScale.detected(from:holdingAll:)`).
    /// - Parameter canReadAgain: false for a pipe: the scale then holds every rating.
    /// - Throws: `IngestError.malformed` naming the first rating above 100 when
    ///   the file's scale cannot be told: none of its ratings can be used (the
    ///   caller rolls the file back).
    mutating func endScaleDetection(canReadAgain: Bool) throws(IngestError) -> DetectedScale {
        guard let finished = detection else { return .settled(nil) }
        detection = nil
        guard finished.values.count > 0 else { return .settled(nil) }
        guard let scale = RatingScale.detected(from: finished.values, holdingAll: !canReadAgain) else {
            let (line, raw) = finished.beyond ?? (0, "")
            throw .malformed(
                path: path, line: line,
                reason: "rating \"\(RejectReason.shortened(raw))\" is above 100, like \(finished.values.aboveHundred) "
                    + "of the file's \(finished.values.count) ratings, so its rating scale cannot be told from its "
                    + "values; give --rating-scale MIN-MAX (or check the rating column)")
        }
        if finished.values.largest > scale.maximum { return .readAgain(scale) }
        // Five stars map onto themselves: a 1–5 file costs no second pass.
        if scale.maximum != 5 { normalizeRatings(finished.start..<data.ratingValue.count, with: scale) }
        return .settled(scale)
    }
}
