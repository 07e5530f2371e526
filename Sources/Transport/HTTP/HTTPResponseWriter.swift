import CLibWebSockets

/// Writes a complete small HTTP response from inside LWS_CALLBACK_HTTP.
///
/// Headers and body are each one `lws_write`; lws buffers whatever the socket does not take
/// immediately and finishes it before anything else is written on the connection.
enum HTTPResponseWriter {
    private static let headerSpace = 1024

    /// Returns the value the LWS_CALLBACK_HTTP callback must return.
    /// `headOnly`: the answer to a HEAD, with the headers a GET would get and no body.
    static func write(_ response: HTTPResponse, to wsi: OpaquePointer, headOnly: Bool = false) -> Int32 {
        let headroom = OutboundFrame.headroom
        var buffer = [UInt8](repeating: 0, count: headroom + headerSpace + headroom + response.body.count)
        return buffer.withUnsafeMutableBufferPointer { raw -> Int32 in
            let start = raw.baseAddress! + headroom
            let end = start + headerSpace
            var cursor: UnsafeMutablePointer<UInt8>? = start
            guard lws_add_http_common_headers(
                      wsi, UInt32(response.status), response.contentType, UInt64(response.body.count), &cursor, end
                  ) == 0,
                  lws_add_http_header_by_token(
                      wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, "no-store", 8, &cursor, end
                  ) == 0,
                  response.headers.allSatisfy({ header in
                      lws_add_http_header_by_name(wsi, header.name + ":", header.value, Int32(header.value.utf8.count), &cursor, end) == 0
                  }),
                  lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
            else { return -1 }
            if !response.body.isEmpty, !headOnly {
                let body = end + headroom
                body.update(from: response.body, count: response.body.count)
                let written = lws_write(wsi, body, response.body.count, LWS_WRITE_HTTP_FINAL)
                guard written >= 0 else { return -1 }
            }
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
    }
}
