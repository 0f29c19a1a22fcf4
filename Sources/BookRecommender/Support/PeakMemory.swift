import Foundation

/// The process's peak resident set size.
enum PeakMemory {
    /// Megabytes (10^6 bytes), rounded to one decimal; `ru_maxrss` is in KiB on Linux.
    static func megabytes() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return (Double(usage.ru_maxrss) * 1024 / 1e5).rounded() / 10
    }
}
