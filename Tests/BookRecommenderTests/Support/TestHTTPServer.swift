import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: binds port 0, answers every
/// connection on its own thread from a route closure, closes the connection
/// after each answer, and logs every request it reads.
///
/// Faults are part of the reply: any status, body and headers (`Retry-After`),
/// a delay before answering (longer than a client timeout), or a cut connection
/// (closed with no answer at all).
final class TestHTTPServer: @unchecked Sendable {
    /// A request as the server read it.
    struct Request: Sendable {
        /// Seconds on a monotonic clock when the request line arrived.
        var time: Double
        var path: String
        /// Decoded query parameters (`+` read as a space).
        var query: [String: String]
        /// How many earlier requests had the same path and `q` (0 for the first).
        var attempt: Int
    }

    /// What to do with one request.
    indirect enum Reply: Sendable {
        case respond(status: Int, headers: [String: String], body: Data)
        /// Waits `seconds`, then does `then`.
        case delay(seconds: Double, then: Reply)
        /// Closes the connection without sending anything.
        case cut

        /// A JSON answer.
        static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            .respond(status: status, headers: headers, body: Data(text.utf8))
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case socket(call: String, errno: Int32)
        var description: String {
            switch self {
            case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    let port: UInt16
    private let listener: Int32
    private let route: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var log: [Request] = []
    private var stopped = false

    /// The Google Books base URL on this server.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/books/v1")! }

    /// Every request read so far, in arrival order.
    var requests: [Request] { lock.withLock { log } }

    /// Starts listening at once.
    /// - Throws: `Failure.socket` when the socket cannot be set up.
    init(route: @escaping @Sendable (Request) -> Reply) throws {
        self.route = route
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure.socket(call: "socket", errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, 64) == 0
                    && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw Failure.socket(call: "bind/listen/getsockname", errno: code)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting connections; answers already under way still finish.
    func stop() {
        let wasStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if lock.withLock({ stopped }) { return }
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let head = readHead(connection), let request = parse(head) else { return }
        perform(route(request), on: connection)
    }

    private func perform(_ reply: Reply, on connection: Int32) {
        switch reply {
        case .cut:
            return
        case .delay(let seconds, let then):
            Thread.sleep(forTimeInterval: seconds)
            perform(then, on: connection)
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status \(status)")\r\n"
            head += "Content-Type: application/json; charset=UTF-8\r\n"
            head += "Content-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            transmit(Data((head + "\r\n").utf8) + body, on: connection)
            shutdown(connection, Int32(SHUT_WR))
        }
    }

    private func transmit(_ data: Data, on connection: Int32) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let flags = Int32(MSG_NOSIGNAL)
                #else
                    let flags: Int32 = 0
                #endif
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, flags)
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// The request line and headers, or `nil` when the client closed first.
    private func readHead(_ connection: Int32) -> String? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            received.append(contentsOf: buffer[0..<count])
            if received.range(of: Data("\r\n\r\n".utf8)) != nil { return String(decoding: received, as: UTF8.self) }
        }
        return nil
    }

    private func parse(_ head: String) -> Request? {
        let line = head.prefix { $0 != "\r" && $0 != "\n" }.split(separator: " ")
        guard line.count >= 2 else { return nil }
        let target = line[1]
        let path = String(target.prefix { $0 != "?" })
        var query: [String: String] = [:]
        if let mark = target.firstIndex(of: "?") {
            for pair in target[target.index(after: mark)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
                }
                query[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
        }
        let time = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        return lock.withLock {
            let attempt = log.filter { $0.path == path && $0.query["q"] == query["q"] }.count
            let request = Request(time: time, path: path, query: query, attempt: attempt)
            log.append(request)
            return request
        }
    }
}
