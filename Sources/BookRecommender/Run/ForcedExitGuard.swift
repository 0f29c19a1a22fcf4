import Foundation

/// What a run (or a merge) tells a caller that may end the process under it,
/// as `bookrec` does when a run is still busy a few seconds after SIGINT or
/// SIGTERM: the unfinished folder to remove first, and the moments it must
/// wait for, when a finished run is renamed into place and `latest` switched.
/// Without one, a cancelled run removes its folder itself.
package protocol ForcedExitGuard: Sendable {
    /// The run's unfinished folder, to remove before a forced exit; nil once there is none.
    func unfinished(_ folder: URL?)

    /// Runs `body` with forced exits held off until it returns, so that the
    /// switch of `latest` is never cut in half.
    /// - Throws: what `body` throws.
    func holdingOff<T>(_ body: () throws -> T) rethrows -> T
}

extension Optional where Wrapped == any ForcedExitGuard {
    /// `body`, held off by the guard when there is one.
    func holdingOff<T>(_ body: () throws -> T) rethrows -> T {
        switch self {
        case .some(let exitGuard): try exitGuard.holdingOff(body)
        case .none: try body()
        }
    }
}
