import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import UserList

/// One request and its answer, received piece by piece so that the deadline and the size
/// limit hold whatever the server does: it may drip its answer a byte at a time, or send a
/// small gzip body that unpacks to gigabytes.
final class Exchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let largestAnswer: Int
    private var body = Data()
    private var status = 0
    private var continuation: CheckedContinuation<(body: Data, status: Int), Error>?

    private init(largestAnswer: Int) {
        self.largestAnswer = largestAnswer
    }

    /// The body and the HTTP status of the answer to `GET url`.
    static func get(_ url: URL, deadline: TimeInterval, largestAnswer: Int) async throws(FetchError) -> (body: Data, status: Int) {
        let exchange = Exchange(largestAnswer: largestAnswer)
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
                let task = session.dataTask(with: request)
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                    exchange.finish(.failure(FetchError.timeout))
                    task.cancel()
                }
                task.resume()
            }
        } catch let error as FetchError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw .timeout
        } catch {
            throw .noConnection
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.withLock { status = (response as? HTTPURLResponse)?.statusCode ?? 0 }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock {
            body.append(data)
            return body.count > largestAnswer
        }
        if tooLarge {
            finish(.failure(FetchError.tooLarge(limit: largestAnswer)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            finish(.failure(error))
        } else {
            let answer = lock.withLock { (body: body, status: status) }
            finish(.success(answer))
        }
    }

    /// Resumes the waiting caller once; whatever comes after (a cancel, the deadline) is dropped.
    private func finish(_ result: Result<(body: Data, status: Int), Error>) {
        let waiting = lock.withLock {
            defer { continuation = nil; body = Data() }
            return continuation
        }
        waiting?.resume(with: result)
    }
}
