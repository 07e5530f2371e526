import Foundation

/// base64url (RFC 4648 §5) without padding: how Web Push writes keys and secrets, and how JWT
/// writes its parts.
public enum Base64URL {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.last == "=" { text.removeLast() }
        return text
    }

    /// The bytes, or `nil` for anything but base64url (padding is tolerated: some browsers
    /// and libraries add it).
    public static func decode(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.last == "=" { standard.removeLast() }
        guard !standard.contains("="), !standard.contains(where: \.isWhitespace) else { return nil }
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
