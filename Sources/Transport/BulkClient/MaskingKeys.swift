private import COpenSSL

/// Masking keys for the bulk client's frames, drawn from libcrypto 4 KiB at a time.
///
/// Why a pool: every client frame needs an unpredictable 4-byte key (RFC 6455 §5.3). The
/// system generator made one `getrandom` call per frame (4 % of the load tester's CPU), and
/// `RAND_bytes` for 4 bytes at a time still cost 13 % (its per-call locking and DRBG setup);
/// one call per 1,024 keys costs next to nothing. Service-thread confined, like the engine.
struct MaskingKeys {
    private static let poolSize = 4096
    private var pool = [UInt8](repeating: 0, count: MaskingKeys.poolSize)
    private var next = MaskingKeys.poolSize

    /// The next key; refills the pool when it is used up.
    mutating func take() -> (UInt8, UInt8, UInt8, UInt8) {
        if next + 4 > Self.poolSize { refill() }
        defer { next += 4 }
        return (pool[next], pool[next + 1], pool[next + 2], pool[next + 3])
    }

    private mutating func refill() {
        let status = pool.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32($0.count)) }
        if status != 1 {
            // libcrypto's generator failed (it should not): the system generator instead.
            var generator = SystemRandomNumberGenerator()
            for index in pool.indices { pool[index] = generator.next() }
        }
        next = 0
    }
}
