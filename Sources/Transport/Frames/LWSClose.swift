private import CLibWebSockets

/// Sets the status code and reason lws sends in its close frame when the callback returns -1.
enum LWSClose {
    /// The reason is truncated to 123 bytes, the most a close frame can carry.
    static func setReason(_ request: CloseRequest, on wsi: OpaquePointer) {
        var reason = Array(request.reason.utf8.prefix(123))
        reason.withUnsafeMutableBufferPointer { bytes in
            lws_close_reason(wsi, lws_close_status(rawValue: UInt32(request.code)), bytes.baseAddress, bytes.count)
        }
    }
}
