import CLibWebSockets

/// lws logging is process-global: route warnings and errors to stderr (lws's default
/// emitter), nothing chattier, so a busy server stays quiet.
enum LibWebSocketsLogging {
    static func configureOnce() {
        _ = configured
    }

    private static let configured: Bool = {
        lws_set_log_level(Int32(LLL_ERR) | Int32(LLL_WARN), nil)
        return true
    }()
}
