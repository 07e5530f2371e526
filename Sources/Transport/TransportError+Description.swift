import Glibc

/// What a person starting the server reads (`checkwire serve` prints errors as they are).
extension TransportError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .listenFailed(let host, let port, let errno):
            "cannot listen on \(host):\(port): \(String(cString: strerror(errno)))"
        case .contextCreationFailed:
            "libwebsockets could not start (often unreadable or invalid TLS files; its log above says why)"
        case .hostResolutionFailed(let host, let code):
            "cannot resolve \(host): \(String(cString: gai_strerror(code)))"
        case .invalidConfiguration(let reason):
            "invalid transport configuration: \(reason)"
        case .eventLoopUnavailable:
            "the epoll event loop is unavailable: libwebsockets' libev plugin is not installed "
                + "(Debian package libwebsockets-evlib-ev); install it, or choose the poll event loop"
        case .alreadyStarted:
            "already started"
        case .invalidURL(let url):
            "not a ws:// or wss:// URL: \(url)"
        case .fileUnavailable(let path, let errno):
            "cannot read \(path): \(String(cString: strerror(errno)))"
        }
    }
}
