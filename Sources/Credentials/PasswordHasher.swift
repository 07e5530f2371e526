private import COpenSSL
import Foundation

/// Hashes and verifies passwords with scrypt (memory-hard) through libcrypto.
///
/// A hash blocks its thread for ~100 ms by design: call these from the password workers,
/// never from the lws service thread or the store thread.
/// The stored form is `scrypt$N$r$p$<salt base64>$<hash base64>`.
public struct PasswordHasher: Sendable {
    public var parameters: ScryptParameters

    public init(parameters: ScryptParameters = .interactive) {
        self.parameters = parameters
    }

    public func hash(_ password: String) throws(CredentialsError) -> String {
        let salt = try SecureRandom.bytes(16)
        let digest = try Self.derive(password, salt: salt, parameters: parameters)
        return [
            "scrypt", String(parameters.n), String(parameters.r), String(parameters.p),
            Data(salt).base64EncodedString(), Data(digest).base64EncodedString(),
        ].joined(separator: "$")
    }

    /// `true` when `password` produces `stored`; compares in constant time.
    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt",
            let n = UInt64(parts[1]), let r = UInt64(parts[2]), let p = UInt64(parts[3]),
            let salt = Data(base64Encoded: String(parts[4])), let expected = Data(base64Encoded: String(parts[5])),
            let actual = try? Self.derive(
                password, salt: [UInt8](salt), parameters: ScryptParameters(n: n, r: r, p: p)),
            actual.count == expected.count
        else { return false }
        return actual.withUnsafeBytes { a in
            expected.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 }
        }
    }

    static func derive(_ password: String, salt: [UInt8], parameters: ScryptParameters) throws(CredentialsError)
        -> [UInt8]
    {
        var output = [UInt8](repeating: 0, count: 32)
        let passwordBytes = Array(password.utf8)
        let status = passwordBytes.withUnsafeBufferPointer { pass in
            salt.withUnsafeBufferPointer { saltBytes in
                output.withUnsafeMutableBufferPointer { out in
                    pass.baseAddress.withMemoryRebound(to: CChar.self, capacity: max(pass.count, 1)) { passPointer in
                        EVP_PBE_scrypt(
                            passPointer, pass.count, saltBytes.baseAddress, saltBytes.count,
                            parameters.n, parameters.r, parameters.p, parameters.memoryBound + (1 << 20),
                            out.baseAddress, out.count
                        )
                    }
                }
            }
        }
        guard status == 1 else { throw .libcrypto("EVP_PBE_scrypt failed") }
        return output
    }
}

extension Optional where Wrapped == UnsafePointer<UInt8> {
    fileprivate func withMemoryRebound<T, R>(to type: T.Type, capacity: Int, _ body: (UnsafePointer<T>?) -> R) -> R {
        guard let pointer = self else { return body(nil) }
        return pointer.withMemoryRebound(to: type, capacity: capacity) { body($0) }
    }
}
