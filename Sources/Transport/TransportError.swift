/// Failures at the libwebsockets / socket boundary, keeping the raw C code where there is one.
public enum TransportError: Error, Equatable, Sendable {
    /// The listening socket could not be bound: `errno` is the `bind` error, e.g.
    /// `EADDRINUSE` (98) when the port is taken, `EADDRNOTAVAIL` for a foreign address.
    case listenFailed(host: String, port: Int, errno: Int32)
    /// `lws_create_context` returned NULL for another reason (typically unreadable or invalid
    /// TLS files). lws 4.1.6 leaves no usable error code (`errno` is kept as found, but it is
    /// often unrelated); the details are in lws's error log on stderr.
    case contextCreationFailed(errno: Int32)
    /// The configured host is neither an IP address nor a name `getaddrinfo` resolves
    /// (`code` is the `EAI_*` value).
    case hostResolutionFailed(host: String, code: Int32)
    /// A configuration value that cannot work (e.g. only one of the TLS paths set).
    case invalidConfiguration(String)
    /// The epoll loop (`EventLoopBackend.epoll`) cannot run: lws's libev plugin is not
    /// installed (Debian package libwebsockets-evlib-ev) or libev could not create a loop.
    /// `poll` still works.
    case eventLoopUnavailable
    /// `start()` was called twice, or after `stop()`.
    case alreadyStarted
    /// A `ws://` / `wss://` URL that could not be parsed.
    case invalidURL(String)
    /// A file to send as a response body (`HTTPFile`) could not be opened or is not a
    /// regular file: `errno` is the `open(2)` / `fstat(2)` error (`EISDIR` for a non-file).
    case fileUnavailable(path: String, errno: Int32)
}
