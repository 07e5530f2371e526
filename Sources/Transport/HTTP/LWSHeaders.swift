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

    /// True when the request carries the header `name` (lower case, without the colon) that
    /// lws does not know, empty or not. lws 4.1.6 keeps such headers when built with
    /// LWS_WITH_CUSTOM_HEADERS, as Debian 12's package is (/usr/include/lws_config.h).
    static func hasCustom(_ name: String, in wsi: OpaquePointer) -> Bool {
        let key = name + ":"
        return lws_hdr_custom_length(wsi, key, Int32(key.utf8.count)) >= 0
    }

    /// The request carries fetch metadata (`Sec-Fetch-Mode`, `-Site` or `-Dest`): only a
    /// browser sends these, and a page cannot set them.
    static func isFromBrowser(_ wsi: OpaquePointer) -> Bool {
        ["sec-fetch-mode", "sec-fetch-site", "sec-fetch-dest"].contains { hasCustom($0, in: wsi) }
    }
}
