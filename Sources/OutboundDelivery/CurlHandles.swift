private import CCurl
import Foundation

/// `curl_global_init`, once per process, before the first handle.
enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    static func ready() { _ = initialized }
}

/// A libcurl multi handle. `wakeUp` may be called from any thread (libcurl documents
/// `curl_multi_wakeup` as thread-safe); every other method belongs to the loop thread.
// @unchecked Sendable: only `wakeUp` is used off the loop thread, which libcurl allows.
final class MultiHandle: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer

    init() {
        CurlGlobal.ready()
        multi = curl_multi_init()
        // Several HTTP/2 streams over one connection to the same push service.
        _ = checkwire_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    func wakeUp() { curl_multi_wakeup(multi) }

    func add(_ handle: UnsafeMutableRawPointer) { curl_multi_add_handle(multi, handle) }

    func remove(_ handle: UnsafeMutableRawPointer) { curl_multi_remove_handle(multi, handle) }

    func perform() {
        var running: Int32 = 0
        curl_multi_perform(multi, &running)
    }

    /// Waits for activity on the transfers' sockets, a wake-up, or the timeout.
    func poll(milliseconds: Int) {
        curl_multi_poll(multi, nil, 0, Int32(milliseconds), nil)
    }

    /// The next transfer that ended, with its `CURLcode`.
    func nextFinished() -> (handle: UnsafeMutableRawPointer, code: Int)? {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            return (easy, Int(message.pointee.data.result.rawValue))
        }
        return nil
    }

    /// Cleaned up when the last holder lets go: the loop thread has removed every easy handle
    /// by then, and no thread can still call `wakeUp`.
    deinit { curl_multi_cleanup(multi) }
}

/// One exchange in progress: its easy handle, the header list and the buffers curl reads
/// from and writes to, kept alive until it ends.
final class RunningTransfer {
    let submission: TransferLoop.Submission
    private(set) var handle: UnsafeMutableRawPointer?
    /// Open past the loop's `slowAfter`: it no longer holds one of the loop's slots.
    var slow = false
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var recipientList: UnsafeMutablePointer<curl_slist>?
    /// What an SMTP upload reads, and how far it got.
    fileprivate var upload: [UInt8] = []
    fileprivate var uploaded = 0
    fileprivate var responseBody: [UInt8] = []

    init(submission: TransferLoop.Submission, request: OutboundRequest, configuration: TransferLoop.Configuration) {
        self.submission = submission
        guard let easy = curl_easy_init() else { return }
        handle = easy
        let this = Unmanaged.passUnretained(self).toOpaque()
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout))
        set(CURLOPT_TIMEOUT_MS, Self.milliseconds(configuration.timeout))
        _ = checkwire_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, this)
        _ = checkwire_curl_setopt_write_function(easy) { data, size, count, context in
            let transfer = Unmanaged<RunningTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            let room = TransferResult.bodyLimit - transfer.responseBody.count
            if room > 0, let data {
                data.withMemoryRebound(to: UInt8.self, capacity: length) {
                    transfer.responseBody += UnsafeBufferPointer(start: $0, count: min(room, length))
                }
            }
            return length
        }
        switch request {
        case .post(let post): configure(post, easy)
        case .smtp(let submission): configure(submission, easy, context: this)
        }
    }

    private func configure(_ post: HTTPPost, _ easy: UnsafeMutableRawPointer) {
        set(CURLOPT_URL, post.url)
        _ = checkwire_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "https,http")
        set(CURLOPT_POST, 1)
        _ = checkwire_curl_setopt_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(post.body.count))
        if post.body.isEmpty {
            set(CURLOPT_POSTFIELDS, "")
        } else {
            post.body.withUnsafeBytes { bytes in
                // Copied by curl now: the body need not outlive this call.
                _ = checkwire_curl_setopt_pointer(
                    easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }
        // `Expect:` with no value: no 100-continue round trip for a few kilobytes.
        for line in post.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            headerList = curl_slist_append(headerList, line)
        }
        _ = checkwire_curl_setopt_list(easy, CURLOPT_HTTPHEADER, headerList)
    }

    private func configure(_ mail: SMTPSubmission, _ easy: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) {
        set(CURLOPT_URL, mail.url)
        _ = checkwire_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        switch mail.security {
        case .implicitTLS, .startTLSRequired: set(CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
        case .startTLSIfOffered: set(CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue))
        }
        if let caFile = mail.caFile { set(CURLOPT_CAINFO, caFile) }
        if let user = mail.user { set(CURLOPT_USERNAME, user) }
        if let password = mail.password { set(CURLOPT_PASSWORD, password) }
        set(CURLOPT_MAIL_FROM, "<\(mail.mailFrom)>")
        for recipient in mail.recipients { recipientList = curl_slist_append(recipientList, "<\(recipient)>") }
        _ = checkwire_curl_setopt_list(easy, CURLOPT_MAIL_RCPT, recipientList)
        upload = mail.message
        set(CURLOPT_UPLOAD, 1)
        _ = checkwire_curl_setopt_size(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(upload.count))
        _ = checkwire_curl_setopt_pointer(easy, CURLOPT_READDATA, context)
        _ = checkwire_curl_setopt_read_function(easy) { buffer, size, count, context in
            let transfer = Unmanaged<RunningTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = min(size * count, transfer.upload.count - transfer.uploaded)
            guard length > 0, let buffer else { return 0 }
            transfer.upload.withUnsafeBytes { bytes in
                UnsafeMutableRawPointer(buffer).copyMemory(
                    from: bytes.baseAddress! + transfer.uploaded, byteCount: length)
            }
            transfer.uploaded += length
            return length
        }
    }

    /// How the exchange ended: curl's code sorted into a failure, the status or reply code,
    /// and `Retry-After`.
    func result(code: Int) -> TransferResult {
        guard let handle else { return TransferLoop.stoppedResult }
        let easy = handle
        var status = 0
        _ = checkwire_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var retryAfter: String?
        var header: UnsafeMutablePointer<curl_header>?
        if curl_easy_header(easy, "Retry-After", 0, UInt32(CURLH_HEADER), -1, &header) == CURLHE_OK, let header {
            retryAfter = String(cString: header.pointee.value)
        }
        let failure = code == Int(CURLE_OK.rawValue) ? nil : Self.failure(code: code)
        return TransferResult(
            failure: failure, responseCode: status, retryAfter: retryAfter, responseBody: responseBody)
    }

    func close() {
        if let handle { curl_easy_cleanup(handle) }
        handle = nil
        curl_slist_free_all(headerList)
        curl_slist_free_all(recipientList)
        headerList = nil
        recipientList = nil
    }

    /// The one place curl's codes become transient or permanent failures.
    static func failure(code: Int) -> TransferFailure {
        let message = String(cString: curl_easy_strerror(CURLcode(UInt32(code))))
        let transient: Set<CURLcode> = [
            CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_OPERATION_TIMEDOUT, CURLE_SEND_ERROR,
            CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_SSL_CONNECT_ERROR, CURLE_HTTP2,
            CURLE_HTTP2_STREAM, CURLE_WEIRD_SERVER_REPLY, CURLE_UPLOAD_FAILED,
        ]
        let kind: TransferFailure.Kind = transient.contains(CURLcode(UInt32(code))) ? .transient : .permanent
        return TransferFailure(kind: kind, code: code, message: message)
    }

    private func set(_ option: CURLoption, _ value: Int) {
        _ = checkwire_curl_setopt_long(handle!, option, value)
    }

    private func set(_ option: CURLoption, _ value: String) {
        _ = checkwire_curl_setopt_string(handle!, option, value)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration / .milliseconds(1))
    }
}
