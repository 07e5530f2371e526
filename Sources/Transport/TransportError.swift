/// Failures at the libwebsockets / socket boundary, keeping the raw C code where there is one.
public enum TransportError: Error, Equatable, Sendable {
    /// `lws_create_context` returned NULL (port in use, unusable address, bad TLS files...).
    /// `errno` is the value lws left behind (e.g. `EADDRINUSE`); it may be 0 when lws failed
    /// without a system call error. lws logs the details at warn/err level on stderr.
    case contextCreationFailed(errno: Int32)
    /// The configured host is neither an IP address nor a name `getaddrinfo` resolves
    /// (`code` is the `EAI_*` value).
    case hostResolutionFailed(host: String, code: Int32)
    /// A configuration value that cannot work (e.g. only one of the TLS paths set).
    case invalidConfiguration(String)
    /// `start()` was called twice, or after `stop()`.
    case alreadyStarted
    /// A `ws://` / `wss://` URL that could not be parsed.
    case invalidURL(String)
}
