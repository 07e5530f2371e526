private import CLibWebSockets

/// Writes HTTP responses: a complete small one from inside LWS_CALLBACK_HTTP, or a deferred
/// one piece by piece from LWS_CALLBACK_HTTP_WRITEABLE.
///
/// The headers are one `lws_write`; lws buffers whatever the socket does not take
/// immediately and finishes it before anything else is written on the connection.
enum HTTPResponseWriter {
    private static let headerSpace = 2048

    /// Returns the value the LWS_CALLBACK_HTTP callback must return.
    /// `headOnly`: the answer to a HEAD, with the headers a GET would get and no body.
    /// A file body is for deferred answers only: here it traps.
    static func write(_ response: HTTPResponse, to wsi: OpaquePointer, headOnly: Bool = false) -> Int32 {
        precondition(response.file == nil, "a file body is written only for a deferred answer (respond(to:with:))")
        guard writeHeaders(of: response, to: wsi) else { return -1 }
        if !response.body.isEmpty, !headOnly {
            guard writeBody(response.body[...], to: wsi, final: true) else { return -1 }
        }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// The status line and headers, with `Content-Length` of the whole body (or file region) and
    /// `Cache-Control: no-store` unless the response names its own.
    static func writeHeaders(of response: HTTPResponse, to wsi: OpaquePointer) -> Bool {
        let headroom = OutboundFrame.headroom
        var buffer = [UInt8](repeating: 0, count: headroom + headerSpace)
        return buffer.withUnsafeMutableBufferPointer { raw -> Bool in
            let start = raw.baseAddress! + headroom
            let end = start + headerSpace
            var cursor: UnsafeMutablePointer<UInt8>? = start
            let namesCacheControl = response.headers.contains { $0.name.lowercased() == "cache-control" }
            guard
                lws_add_http_common_headers(
                    wsi, UInt32(response.status), response.contentType, UInt64(response.contentLength), &cursor, end
                ) == 0,
                namesCacheControl
                    || lws_add_http_header_by_token(
                        wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, "no-store", 8, &cursor, end
                    ) == 0,
                response.headers.allSatisfy({ header in
                    lws_add_http_header_by_name(
                        wsi, header.name + ":", header.value, Int32(header.value.utf8.count), &cursor, end) == 0
                }),
                lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
            else { return false }
            return true
        }
    }

    /// One piece of the body; `final` on the last.
    static func writeBody(_ bytes: ArraySlice<UInt8>, to wsi: OpaquePointer, final: Bool) -> Bool {
        let headroom = OutboundFrame.headroom
        var buffer = [UInt8](repeating: 0, count: headroom + bytes.count)
        return buffer.withUnsafeMutableBufferPointer { raw -> Bool in
            let body = raw.baseAddress! + headroom
            bytes.withUnsafeBufferPointer { body.update(from: $0.baseAddress!, count: bytes.count) }
            return lws_write(wsi, body, bytes.count, final ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) >= 0
        }
    }

    /// `count` bytes of `file` from `offset` in a buffer that starts with lws's headroom
    /// (`OutboundFrame.headroom`), ready for `writeBody(prepared:…)`; `nil` when the read
    /// fails. `cachedOnly`: only if the bytes are in the page cache (the service thread's
    /// read, which must not wait for the disk); else a read that may wait (a queue's).
    static func readChunk(of file: HTTPFile, offset: Int, count: Int, cachedOnly: Bool) -> [UInt8]? {
        let headroom = OutboundFrame.headroom
        var read = false
        let chunk = [UInt8](unsafeUninitializedCapacity: headroom + count) { buffer, initialized in
            let body = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[headroom...])
            read = cachedOnly ? file.readIfCached(into: body, at: offset) : file.read(into: body, at: offset)
            // The headroom is lws's to fill; the bytes are plain UInt8s either way.
            initialized = headroom + count
        }
        return read ? chunk : nil
    }

    /// A chunk from `readChunk`, written; `final` on the last piece. False when the write fails.
    static func writeBody(prepared chunk: inout [UInt8], to wsi: OpaquePointer, final: Bool) -> Bool {
        let headroom = OutboundFrame.headroom
        return chunk.withUnsafeMutableBufferPointer { buffer in
            lws_write(
                wsi, buffer.baseAddress! + headroom, buffer.count - headroom,
                final ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
                >= 0
        }
    }
}
