import Foundation

/// Sends Google Books requests for one run: builds the URLs, paces them
/// through the shared `RateLimiter`, retries what may succeed later, and stops
/// the whole run when the daily quota is gone or the key is refused.
struct BooksClient: Sendable {
    let options: EnrichOptions
    let key: String?
    let transport: any HTTPTransport
    let limiter: RateLimiter
    let session: LookupSession
    let policy: RetryPolicy

    /// The volumes matching `query` (`isbn:…` or `intitle:… inauthor:…`); empty when none.
    /// - Throws: `EnrichError` from `fetch`, or `.malformedResponse` for a body that is not a volume list.
    func search(_ query: String) async throws(EnrichError) -> [Volume] {
        let items = [
            URLQueryItem(name: "q", value: query),
            URLQueryItem(name: "printType", value: "books"),
            URLQueryItem(name: "maxResults", value: String(options.maxResults)),
            URLQueryItem(name: "country", value: options.country),
            URLQueryItem(name: "fields", value: VolumeList.fields),
        ]
        let data = try await fetch(path: "volumes", items: items, request: query)
        do {
            return try JSONDecoder().decode(VolumeList.self, from: data).items ?? []
        } catch {
            throw .malformedResponse(request: query, detail: Self.describe(error))
        }
    }

    /// The full record of volume `id`.
    /// - Throws: `EnrichError` from `fetch`, or `.malformedResponse` for a body that is not a volume.
    func volume(id: String) async throws(EnrichError) -> Volume {
        let name = "volume \(id)"
        let items = [
            URLQueryItem(name: "country", value: options.country),
            URLQueryItem(name: "fields", value: Volume.fields),
        ]
        let data = try await fetch(path: "volumes/" + id, items: items, request: name)
        do {
            return try JSONDecoder().decode(Volume.self, from: data)
        } catch {
            throw .malformedResponse(request: name, detail: Self.describe(error))
        }
    }

    /// The body of a 200 answer, after retries.
    /// - Throws: `.runStopped` when the run already stopped or used up its
    ///   request cap, `.quotaExhausted`
    ///   or `.keyRejected` when this request found the quota gone or the key
    ///   refused, `.http` for an error status not retried, a transport error,
    ///   or `.retriesExhausted` when retryable failures outlast `maxRetries`.
    private func fetch(path: String, items: [URLQueryItem], request name: String) async throws(EnrichError) -> Data {
        let url = makeURL(path: path, items: items)
        var attempt = 0
        while true {
            if let reason = await session.stopReason { throw .runStopped(reason: reason) }
            let waited = await limiter.acquire()
            if let reason = await session.admit() {
                await limiter.release()
                throw .runStopped(reason: reason)
            }
            // A cancelled run (SIGINT/SIGTERM) sends nothing more, not even a next query.
            if Task.isCancelled {
                await limiter.release()
                throw .cancelled
            }
            await session.recordSent(waited: waited)
            let outcome: Result<HTTPResponse, EnrichError>
            do {
                outcome = .success(try await transport.get(url, request: name))
            } catch {
                outcome = .failure(error)
            }
            await limiter.release()

            let failure: EnrichError
            var retryAfter: Double?
            switch outcome {
            case .success(let response):
                await session.recordAnswer(status: response.status)
                if response.status == 200 { return response.body }
                let body = APIErrorBody(data: response.body, redacting: key)
                if body.isDailyQuota {
                    let reason = body.summary(status: response.status, message: body.message ?? "per-day quota")
                    await session.markQuotaExhausted(reason)
                    throw .quotaExhausted(reason: reason)
                }
                if body.rejectsKey {
                    let reason = body.summary(status: response.status, message: body.message)
                    await session.markKeyRejected(reason)
                    throw .keyRejected(reason: reason)
                }
                failure = .http(status: response.status, reason: body.reason, message: body.message, request: name)
                guard RetryPolicy.retryableStatuses.contains(response.status) else { throw failure }
                retryAfter = RetryPolicy.retryAfterSeconds(response.headers["retry-after"])
            case .failure(let error):
                await session.recordTransportFailure(error)
                guard error.isRetryableTransportFailure else { throw error }
                failure = error
            }

            let tooLong = retryAfter.map { $0 > policy.maxRetryAfter } ?? false
            if attempt >= policy.maxRetries || tooLong {
                if case .http(429, _, _, _) = failure {
                    let reason =
                        tooLong
                        ? "HTTP 429 with Retry-After \(Int(retryAfter ?? 0)) s"
                        : "HTTP 429 persisted after \(attempt + 1) attempts"
                    await session.markQuotaExhausted(reason)
                    throw .quotaExhausted(reason: reason)
                }
                throw tooLong ? failure : .retriesExhausted(attempts: attempt + 1, last: failure)
            }
            let jitter = await session.jitter()
            let delay = retryAfter ?? policy.backoff(attempt: attempt, jitter: jitter)
            await session.recordRetry()
            do {
                try await Task.sleep(for: .seconds(delay))
            } catch {
                throw .cancelled
            }
            attempt += 1
        }
    }

    private func makeURL(path: String, items: [URLQueryItem]) -> URL {
        var components = URLComponents(url: options.baseURL, resolvingAgainstBaseURL: false)!
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + "/" + path
        components.queryItems = items + (key.map { [URLQueryItem(name: "key", value: $0)] } ?? [])
        // URLComponents leaves `+` alone, but servers read it as a space in a query.
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected value at "
                + (context.codingPath.isEmpty
                    ? "the top level" : context.codingPath.map(\.stringValue).joined(separator: "."))
        default: "not JSON"
        }
    }
}
