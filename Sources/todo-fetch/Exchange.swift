import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import UserList

/// One request and its answer, kept to a deadline and a size whatever the server does: it may
/// drip its answer a byte at a time, or send a small gzip body that unpacks to gigabytes.
///
/// The answer is received as a download, to a file: a data task hands each piece of the body to
/// its delegate later, on a queue, and holds every piece in memory until then, however far past
/// the limit the transfer has got; a download writes each piece to its file as it comes, and
/// says how much it has written, so the limit holds the memory too.
final class Exchange: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let largestAnswer: Int
    private let received: @Sendable (Int) -> Void
    private var answer: (body: Data, status: Int)?
    private var continuation: CheckedContinuation<(body: Data, status: Int), Error>?

    private init(largestAnswer: Int, received: @escaping @Sendable (Int) -> Void) {
        self.largestAnswer = largestAnswer
        self.received = received
    }

    /// The body and the HTTP status of the answer to `GET url`; `received` is told how many
    /// bytes have come, each time more do.
    static func get(_ url: URL, deadline: TimeInterval, largestAnswer: Int,
                    received: @escaping @Sendable (Int) -> Void) async throws(FetchError) -> (body: Data, status: Int) {
        let exchange = Exchange(largestAnswer: largestAnswer, received: received)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = deadline
        configuration.timeoutIntervalForResource = deadline
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url, timeoutInterval: deadline)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            return try await withCheckedThrowingContinuation { continuation in
                exchange.lock.withLock { exchange.continuation = continuation }
                let task = session.downloadTask(with: request)
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                    exchange.finish(.failure(FetchError.timeout(seconds: Int(deadline.rounded(.up)))))
                    task.cancel()
                }
                task.resume()
            }
        } catch let error as FetchError {
            throw error
        } catch let error as URLError {
            // What the system said of the connection, told apart as for plain HTTP (RU-27).
            switch error.code {
            case .timedOut: throw .timeout(seconds: Int(deadline.rounded(.up)))
            case .cannotConnectToHost: throw .refused
            case .cannotFindHost, .dnsLookupFailed: throw .noSuchHost
            default: throw .noNetwork
            }
        } catch {
            throw .noNetwork
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        received(Int(totalBytesWritten))
        if totalBytesWritten > largestAnswer {
            finish(.failure(FetchError.tooLarge(limit: largestAnswer)))
            downloadTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let status = (downloadTask.response as? HTTPURLResponse)?.statusCode ?? 0
        let size = (try? FileManager.default.attributesOfItem(atPath: location.path)[.size] as? Int) ?? 0
        guard size <= largestAnswer else { return finish(.failure(FetchError.tooLarge(limit: largestAnswer))) }
        let body = (try? Data(contentsOf: location)) ?? Data()
        try? FileManager.default.removeItem(at: location)
        lock.withLock { answer = (body, status) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            finish(.failure(error))
        } else {
            finish(.success(lock.withLock { answer } ?? (Data(), 0)))
        }
    }

    /// Resumes the waiting caller once; whatever comes after (a cancel, the deadline) is dropped.
    private func finish(_ result: Result<(body: Data, status: Int), Error>) {
        let waiting = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}
