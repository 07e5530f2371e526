private import COpenSSL

/// Cryptographically strong random bytes from libcrypto's DRBG (seeded by getrandom).
public enum SecureRandom {
    public static func bytes(_ count: Int) throws(CredentialsError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        guard status == 1 else { throw .libcrypto("RAND_bytes failed") }
        return bytes
    }
}
