import Foundation

/// The process's peak resident set size.
enum PeakMemory {
    /// Megabytes (10^6 bytes), rounded to one decimal.
    static func megabytes() -> Double {
        var usage = rusage()
        #if os(Linux)
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
            // `ru_maxrss` is in KiB on Linux.
            let bytes = Double(usage.ru_maxrss) * 1024
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            // `ru_maxrss` is in bytes on Darwin.
            let bytes = Double(usage.ru_maxrss)
        #endif
        return (bytes / 1e5).rounded() / 10
    }
}
