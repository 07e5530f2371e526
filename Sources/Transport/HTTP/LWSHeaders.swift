internal import CLibWebSockets

/// Reads HTTP request headers that lws has parsed (service thread, during the request).
enum LWSHeaders {
    /// The header's value, or nil when the request did not carry it.
    static func value(of token: lws_token_indexes, in wsi: OpaquePointer) -> String? {
        let length = lws_hdr_total_length(wsi, token)
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
