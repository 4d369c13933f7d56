import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RandomUserAPI
import UserList

/// `GET` over plain HTTP/1.1 on a socket, for `http://` addresses (a server of one's own, or a
/// test's on 127.0.0.1): every byte is read here, as it arrives, so the deadline and the size
/// limit hold to the byte, and memory never holds more than the limit. It asks for the answer
/// unpacked (`Accept-Encoding: identity`) and refuses one that comes packed all the same.
enum PlainHTTP {
    /// The most a head may take; a server sending more is not answering a request for a page.
    static let largestHead = 64 * 1024

    /// `received` is told how many bytes have come, each time more do.
    static func get(_ url: URL, deadline: TimeInterval, largestAnswer: Int,
                    received: (Int) -> Void) throws(FetchError) -> (body: Data, status: Int) {
        let end = Deadline(seconds: deadline)
        guard let host = url.host, !host.isEmpty else { throw .noSuchHost }
        let port = url.port ?? 80
        let descriptor = try connect(host: host, port: port, before: end)
        defer { close(descriptor) }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: application/json\r\n"
            + "Accept-Encoding: identity\r\nConnection: close\r\nUser-Agent: todo-fetch\r\n\r\n"
        try send(Array(request.utf8), to: descriptor, before: end)
        let answer = try receive(from: descriptor, before: end, atMost: largestHead + largestAnswer + 64 * 1024, told: received)
        return try parse(answer, largestAnswer: largestAnswer)
    }

    /// A connection to the host on the port, by the first of its addresses that takes one. When
    /// none does, the failure said is the most telling of theirs: a refusal over no route.
    private static func connect(host: String, port: Int, before end: Deadline) throws(FetchError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var addresses: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &addresses)
        guard looked == 0, let first = addresses else { throw ConnectionFailure.resolving(looked) }
        defer { freeaddrinfo(addresses) }
        var failure = FetchError.noNetwork
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var code: Int32 = Glibc_connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 ? 0 : errno
            if code == 0 || code == EINPROGRESS {
                do {
                    try wait(for: descriptor, events: Int16(POLLOUT), before: end)
                } catch {
                    close(descriptor)
                    throw error
                }
                var length = socklen_t(MemoryLayout<Int32>.size)
                if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) != 0 { code = errno }
                if code == 0 { return descriptor }
            }
            close(descriptor)
            if failure != .refused { failure = ConnectionFailure.connecting(code, deadline: end.seconds) }
        }
        throw failure
    }

    /// Waits until the socket is ready for `events`, or throws `timeout` at the deadline.
    private static func wait(for descriptor: Int32, events: Int16, before end: Deadline) throws(FetchError) {
        while true {
            let left = end.moment.timeIntervalSinceNow
            guard left > 0 else { throw .timeout(seconds: end.seconds) }
            var ready = pollfd(fd: descriptor, events: events, revents: 0)
            let count = poll(&ready, 1, Int32(min(left * 1000, 1000)) + 1)
            if count > 0 { return }
            if count < 0 && errno != EINTR { throw .noNetwork }
        }
    }

    private static func send(_ bytes: [UInt8], to descriptor: Int32, before end: Deadline) throws(FetchError) {
        var offset = 0
        while offset < bytes.count {
            try wait(for: descriptor, events: Int16(POLLOUT), before: end)
            #if canImport(Glibc)
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            #else
            let sent = bytes.withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, 0) }
            #endif
            if sent < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard sent > 0 else { throw .noNetwork }
            offset += sent
        }
    }

    /// Everything the server sends until it closes, at most `limit` bytes.
    private static func receive(from descriptor: Int32, before end: Deadline, atMost limit: Int,
                                told: (Int) -> Void) throws(FetchError) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            try wait(for: descriptor, events: Int16(POLLIN), before: end)
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard count >= 0 else { throw received.isEmpty ? .noNetwork : .notARandomUserResponse }
            if count == 0 { return received }
            received += buffer[0..<count]
            told(received.count)
            guard received.count <= limit else { throw .tooLarge(limit: limit - largestHead - 64 * 1024) }
        }
    }

    /// The status and the body of an HTTP/1.1 answer: `Content-Length`, chunks, or until the end.
    private static func parse(_ bytes: [UInt8], largestAnswer: Int) throws(FetchError) -> (body: Data, status: Int) {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = (0...max(0, bytes.count - 4)).first(where: { bytes[$0..<min($0 + 4, bytes.count)].elementsEqual(separator) }),
              headEnd <= largestHead else { throw .notARandomUserResponse }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw .notARandomUserResponse
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
        }
        if let encoding = headers["content-encoding"], encoding != "identity" { throw .notARandomUserResponse }
        let rest = Array(bytes[(headEnd + 4)...])
        let body: [UInt8]
        if headers["transfer-encoding"] == "chunked" {
            body = try unchunked(rest)
        } else if let text = headers["content-length"] {
            guard let length = Int(text), length >= 0, length <= rest.count else { throw .notARandomUserResponse }
            body = Array(rest[..<length])
        } else {
            body = rest
        }
        guard body.count <= largestAnswer else { throw .tooLarge(limit: largestAnswer) }
        return (Data(body), status)
    }

    private static func unchunked(_ bytes: [UInt8]) throws(FetchError) -> [UInt8] {
        var body: [UInt8] = []
        var position = 0
        while true {
            guard let lineEnd = bytes[position...].firstIndex(of: 10), lineEnd > position else { throw .notARandomUserResponse }
            let sizeText = String(decoding: bytes[position..<lineEnd], as: UTF8.self)
                .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            guard sizeText.count <= 8, let size = Int(sizeText, radix: 16) else { throw .notARandomUserResponse }
            position = lineEnd + 1
            if size == 0 { return body }
            guard bytes.count - position >= size + 2 else { throw .notARandomUserResponse }
            body += bytes[position..<(position + size)]
            position += size + 2
        }
    }
}

/// When the whole exchange must be over, and how many seconds it was given, which a timeout says.
private struct Deadline {
    let moment: Date
    let seconds: Int

    init(seconds: TimeInterval) {
        moment = Date().addingTimeInterval(seconds)
        self.seconds = Int(seconds.rounded(.up))
    }
}

/// `connect(2)`, under one name on every platform.
private func Glibc_connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(descriptor, address, length)
    #else
    Darwin.connect(descriptor, address, length)
    #endif
}
