import Foundation

/// The `sub` claim of every VAPID token (`--vapid-subject`): how a push service's operators
/// reach whoever runs this server when its pushes misbehave. RFC 8292 §2.1 asks for a
/// `mailto:` or an `https:` URL; Apple's push service refuses anything else.
public struct VAPIDSubject: Sendable, Hashable, CustomStringConvertible {
    public let description: String

    /// - Throws: `PushConfigurationError.invalidSubject` for anything but `mailto:USER@HOST`
    ///   or `https://HOST…`.
    public init(_ text: String) throws(PushConfigurationError) {
        let lower = text.lowercased()
        if lower.hasPrefix("mailto:") {
            let address = text.dropFirst("mailto:".count)
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
                !address.contains(where: { $0.isWhitespace || $0 == "," })
            else { throw .invalidSubject(text) }
        } else if lower.hasPrefix("https://") {
            guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
                throw .invalidSubject(text)
            }
        } else {
            throw .invalidSubject(text)
        }
        description = text
    }
}

/// A sender configured wrongly: told at start, before anything is sent.
public enum PushConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidSubject(String)

    public var description: String {
        switch self {
        case .invalidSubject(let text):
            "--vapid-subject must be a mailto: address or an https: URL where the server's operator can be reached, not \"\(text)\""
        }
    }
}
