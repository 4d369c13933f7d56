import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1, on a port the system picks, for tests that need a real
/// server: it answers each request with what `reply` says for its target (`/?page=2&…`), and
/// records the targets it was asked for.
public final class LocalHTTPServer: @unchecked Sendable {
    public enum Reply: Sendable {
        case answer(status: Int, body: Data, headers: [String: String] = [:])
        /// Reads the request and never answers, as a stalled server does.
        case stall
        /// Answers 200 with a head that promises `body`, then sends it one byte every `interval`.
        case drip(body: Data, interval: TimeInterval)

        public static func json(_ text: String, status: Int = 200) -> Reply {
            .answer(status: status, body: Data(text.utf8))
        }
    }

    public let port: UInt16
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    private let connections: Connections

    public init(reply: @escaping @Sendable (String) -> Reply) throws {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw ServerError(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw ServerError(step: "bind")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        connections = Connections(listener: listener, reply: reply)
        Thread.detachNewThread { [connections] in connections.serve() }
    }

    deinit {
        stop()
    }

    /// The request targets received so far, in order.
    public var requests: [String] {
        connections.targets
    }

    /// Returns once nothing listens on the port any more.
    public func stop() {
        connections.stop()
    }

    /// The listening socket and what came in on it. Only the serving thread closes the socket,
    /// once it has stopped using it: closed from another thread, its number could be handed to
    /// another test's socket while this thread still accepts on it, and take that test's requests.
    private final class Connections: @unchecked Sendable {
        private let listener: Int32
        private let reply: @Sendable (String) -> Reply
        private let lock = NSLock()
        private var received: [String] = []
        private var stalled: [Int32] = []
        private var stopping = false
        private let closed = DispatchSemaphore(value: 0)
        private var isClosed = false

        init(listener: Int32, reply: @escaping @Sendable (String) -> Reply) {
            self.listener = listener
            self.reply = reply
        }

        var targets: [String] {
            lock.withLock { received }
        }

        func stop() {
            let wait = lock.withLock {
                defer { stopping = true }
                return !isClosed
            }
            if wait {
                closed.wait()
                closed.signal()
            }
        }

        func serve() {
            while !lock.withLock({ stopping }) {
                var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 20) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                guard let target = LocalHTTPServer.readTarget(connection) else {
                    close(connection)
                    continue
                }
                lock.withLock { received.append(target) }
                switch reply(target) {
                case .stall:
                    lock.withLock { stalled.append(connection) }
                case .answer(let status, let body, let headers):
                    LocalHTTPServer.send(LocalHTTPServer.head(status: status, length: body.count, headers: headers) + body, to: connection)
                    close(connection)
                case .drip(let body, let interval):
                    Thread.detachNewThread {
                        defer { close(connection) }
                        guard LocalHTTPServer.send(LocalHTTPServer.head(status: 200, length: body.count, headers: [:]), to: connection) else {
                            return
                        }
                        for byte in body {
                            Thread.sleep(forTimeInterval: interval)
                            guard LocalHTTPServer.send(Data([byte]), to: connection) else { break }
                        }
                    }
                }
            }
            lock.withLock {
                close(listener)
                stalled.forEach { close($0) }
                stalled.removeAll()
                isClosed = true
            }
            closed.signal()
        }
    }

    private static func head(status: Int, length: Int, headers: [String: String]) -> Data {
        var head = "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        return Data((head + "\r\n").utf8)
    }

    /// `/path?query` from the request line, once the whole head has arrived; nil when the
    /// client goes quiet for two seconds before it has.
    private static func readTarget(_ connection: Int32) -> String? {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let requestLine = String(decoding: received, as: UTF8.self).prefix { $0 != "\r" }
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// Sends all of `data`; false when the client has gone. A client that has gone raises no
    /// SIGPIPE: the send says so instead.
    @discardableResult
    private static func send(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let written = Glibc.send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                #else
                var noSignal: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
                let written = Darwin.send(connection, bytes.baseAddress! + offset, bytes.count - offset, 0)
                #endif
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    struct ServerError: Error {
        let step: String
    }
}
