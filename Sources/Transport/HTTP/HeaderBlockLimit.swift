internal import CLibWebSockets
import Glibc

/// The limit on a request's header block, and how lws is set up so that most blocks over it
/// still reach a callback that can answer `431 Request Header Fields Too Large`.
///
/// Why this shape: lws 4.1.6 gives the application no callback when a header block overflows
/// its per-connection header buffer (`max_http_header_data`): `lws_parse` fails and
/// `lws_handshake_server` closes the connection silently (lib/roles/http/server/server.c
/// lines 2023–2025 and 2293–2297 at tag v4.1.6). So the buffer is made twice our limit, and
/// every header lws knows is capped at the limit (`token_limits`): lws stores a capped value
/// only up to the cap and skips the rest of its line, so one huge header (a `Cookie`, a long
/// URL) never fills the buffer, and the filter callbacks see the block and measure it here.
/// What still overflows the buffer, and is closed by lws without an answer: a single header
/// lws does not know over the buffer (custom headers have no cap), or several large ones
/// together over it.
///
/// Memory: lws holds one buffer of `lwsBufferBytes` per connection that is reading request
/// headers, and only until they are complete; such connections have a deadline.
struct HeaderBlockLimit: Sendable {
    /// The largest header block answered normally, counted as `measure` does.
    let maxBytes: Int

    /// lws's header buffer per connection (`max_http_header_data2`).
    var lwsBufferBytes: UInt32 { UInt32(clamping: maxBytes * 2) }

    /// lws's cap on each header it knows (`token_limits`, in `unsigned short`).
    var tokenCap: UInt16 { UInt16(clamping: maxBytes) }

    /// Fills lws's per-header caps: every header lws knows is capped at `tokenCap`.
    func fill(_ limits: UnsafeMutablePointer<lws_token_limits>) {
        withUnsafeMutableBytes(of: &limits.pointee.token_limit) { raw in
            for offset in stride(from: 0, to: raw.count, by: MemoryLayout<UInt16>.size) {
                raw.storeBytes(of: tokenCap, toByteOffset: offset, as: UInt16.self)
            }
        }
    }

    /// True when the request's header block is over `maxBytes` (service thread, while lws
    /// still holds the request's headers).
    func isExceeded(by wsi: OpaquePointer) -> Bool {
        Self.measure(wsi) > maxBytes
    }

    /// Writes `431` with `Connection: close` and returns what the filter callback returns to
    /// have lws close the connection (the rest of a capped header line was never read).
    func refuse(_ wsi: OpaquePointer) -> Int32 {
        let response = HTTPResponse(
            status: 431,
            body: Array("the request's header block is over \(maxBytes) bytes\n".utf8),
            headers: [("Connection", "close")]
        )
        _ =
            HTTPResponseWriter.writeHeaders(of: response, to: wsi)
            && HTTPResponseWriter.writeBody(response.body[...], to: wsi, final: true)
        return 1
    }

    /// The request line and the header fields lws recognises, as they were sent: each value
    /// plus its name, `": "` and CRLF. A value lws capped counts at the cap, which is already
    /// over the limit with its name. Headers lws does not know are not visible through its
    /// 4.1.6 API (there is no way to list custom headers) and count only against lws's buffer.
    static func measure(_ wsi: OpaquePointer) -> Int {
        var total = 0
        for raw in 0..<WSI_TOKEN_COUNT.rawValue {
            let token = lws_token_indexes(rawValue: raw)
            let length = Int(lws_hdr_total_length(wsi, token))
            guard length > 0 else { continue }
            let name =
                lws_token_to_string(token).map { strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? 0
            total += Int(name) + length + 3
        }
        return total
    }
}
