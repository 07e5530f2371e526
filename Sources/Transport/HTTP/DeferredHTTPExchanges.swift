private import CLibWebSockets

/// The HTTP requests handed to the delegate and not yet fully answered, by connection.
/// Service thread only.
///
/// A response is written over several WRITEABLE callbacks — the headers, then the body in
/// chunks of `chunkSize` — so a large body never sits twice in memory (ours and lws's
/// unsent-data buffer) and one slow reader cannot make the service thread write megabytes
/// in one turn. A file body (`HTTPResponse.file`) is read a chunk at a time as it is
/// written, so it costs one chunk of memory, not the file: lws asks for WRITEABLE only once
/// it has sent what the last write left buffered. A chunk in the page cache is read on the
/// service thread (a copy); one that is not is read on a queue (`Exchange.offThreadRead`), so a
/// read that waits for the disk never holds up the other connections.
struct DeferredHTTPExchanges {
    static let chunkSize = 64 * 1024

    final class Exchange {
        let id: HTTPRequestID
        let isHead: Bool
        var response: HTTPResponse?
        var headersWritten = false
        var bodyOffset = 0
        /// An upload whose body is still arriving (or being read): its end must reach the
        /// delegate, as finished or abandoned.
        var isReceivingUpload = false
        /// A form POST whose body is still arriving: handed to the delegate when it has.
        var pendingForm: HTTPRequest?
        /// A file body's next chunk read off the service thread, because it was not in the
        /// page cache.
        var offThreadRead = OffThreadRead.none

        enum OffThreadRead {
            case none
            /// Under way: its completion asks for WRITEABLE.
            case reading
            /// Done: the chunk, with lws's headroom before it.
            case read([UInt8])
            /// An I/O error, or the file was truncated after it was opened: the connection is
            /// closed, since the length already promised cannot be kept.
            case failed
        }

        init(id: HTTPRequestID, isHead: Bool) {
            self.id = id
            self.isHead = isHead
        }
    }

    private var byConnection: [OpaquePointer: Exchange] = [:]
    private var connectionByID: [HTTPRequestID: OpaquePointer] = [:]
    private var lastID: UInt64 = 0

    var count: Int { byConnection.count }

    /// The most body bytes one exchange has held in memory at once so far: an in-memory body
    /// whole (it stays until the exchange ends), a file body one chunk. For tests.
    private(set) var largestBodyBytesInMemory = 0

    /// Chunks of file bodies read on a queue because they were not in the page cache. For tests.
    var chunksReadOffThread = 0

    mutating func noteBodyBytesInMemory(_ count: Int) {
        largestBodyBytesInMemory = max(largestBodyBytesInMemory, count)
    }

    mutating func begin(on wsi: OpaquePointer, isHead: Bool) -> HTTPRequestID {
        lastID += 1
        let id = HTTPRequestID(rawValue: lastID)
        byConnection[wsi] = Exchange(id: id, isHead: isHead)
        connectionByID[id] = wsi
        return id
    }

    /// Sets the answer; returns the connection to ask a WRITEABLE for, or nil when the
    /// request is unknown (its connection already closed, or it was answered before).
    mutating func answer(_ id: HTTPRequestID, with response: HTTPResponse) -> OpaquePointer? {
        guard let wsi = connectionByID[id], let exchange = byConnection[wsi], exchange.response == nil else {
            return nil
        }
        exchange.response = response
        return wsi
    }

    func exchange(on wsi: OpaquePointer) -> Exchange? { byConnection[wsi] }

    /// The exchange is over: answered in full, or its connection closed. Its response goes
    /// with it, and with that a file body's descriptor (`HTTPFile` closes it when released).
    /// Returns the exchange that ended, if there was one.
    @discardableResult
    mutating func end(on wsi: OpaquePointer) -> Exchange? {
        guard let exchange = byConnection.removeValue(forKey: wsi) else { return nil }
        connectionByID[exchange.id] = nil
        return exchange
    }

    func connection(of id: HTTPRequestID) -> OpaquePointer? { connectionByID[id] }
}
