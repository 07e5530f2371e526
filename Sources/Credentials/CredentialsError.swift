/// A libcrypto call failed; the text names the call.
public enum CredentialsError: Error, Hashable, Sendable {
    case libcrypto(String)
    /// The server key file cannot be read or made.
    case keyFile(String)
}
