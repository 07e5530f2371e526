/// The cost of one password hash. Kept with every hash, so the cost can be raised later
/// without invalidating stored passwords.
public struct ScryptParameters: Hashable, Sendable {
    /// CPU/memory cost, a power of two.
    public var n: UInt64
    public var r: UInt64
    public var p: UInt64

    public init(n: UInt64, r: UInt64, p: UInt64) {
        self.n = n
        self.r = r
        self.p = p
    }

    /// N=2^15, r=8, p=1: ~110 ms and 32 MiB per hash in a release build on this kind of
    /// machine, the figure OWASP recommends for scrypt.
    public static let interactive = ScryptParameters(n: 1 << 15, r: 8, p: 1)

    /// Much cheaper, for test servers that sign up many users; never for real accounts.
    public static let testing = ScryptParameters(n: 1 << 10, r: 8, p: 1)

    /// OpenSSL refuses parameters whose memory exceeds `maxmem`; this is what they need.
    var memoryBound: UInt64 { 128 * r * (n + p + 2) }
}
