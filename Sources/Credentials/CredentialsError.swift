/// A libcrypto call failed; the text names the call.
public enum CredentialsError: Error, Hashable, Sendable {
    case libcrypto(String)
}
