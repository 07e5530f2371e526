import Credentials
import Foundation
import Testing

@Suite struct CredentialsTests {
    private let hasher = PasswordHasher(parameters: .testing)

    @Test(arguments: ["correct horse battery staple", "pässwörd ✓ 🔑", String(repeating: "x", count: 1024), ""])
    func aHashVerifiesItsPassword(password: String) throws {
        let stored = try hasher.hash(password)
        #expect(hasher.verify(password, against: stored))
    }

    @Test func theStoredFormNamesTheParameters() throws {
        let stored = try hasher.hash("correct horse")
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 6)
        #expect(parts[0] == "scrypt")
        #expect(parts[1...3] == ["1024", "8", "1"])
        #expect(Data(base64Encoded: parts[4])?.count == 16)
        #expect(Data(base64Encoded: parts[5])?.count == 32)
    }

    @Test(arguments: ["correct horsE", "correct horse ", "", "correct", "Correct horse"])
    func aWrongPasswordFails(attempt: String) throws {
        let stored = try hasher.hash("correct horse")
        #expect(!hasher.verify(attempt, against: stored))
    }

    /// Any change to the stored form (digest, salt, cost, shape) makes verification fail.
    @Test(arguments: [
        "digest", "salt", "n", "r", "prefix", "truncatedDigest", "missingPart", "extraPart", "notBase64", "empty",
    ])
    func aTamperedHashFails(change: String) throws {
        let stored = try hasher.hash("correct horse")
        var parts = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        func flipFirstBit(_ base64: String) -> String {
            var bytes = [UInt8](Data(base64Encoded: base64)!)
            bytes[0] ^= 0x01
            return Data(bytes).base64EncodedString()
        }
        switch change {
        case "digest": parts[5] = flipFirstBit(parts[5])
        case "salt": parts[4] = flipFirstBit(parts[4])
        case "n": parts[1] = "2048"
        case "r": parts[2] = "4"
        case "prefix": parts[0] = "bcrypt"
        case "truncatedDigest":
            parts[5] = Data([UInt8](Data(base64Encoded: parts[5])!).prefix(31)).base64EncodedString()
        case "missingPart": parts.removeLast()
        case "extraPart": parts.append("x")
        case "notBase64": parts[5] = "%%%"
        default: parts = [""]
        }
        let tampered = parts.joined(separator: "$")
        #expect(tampered != stored)
        #expect(!hasher.verify("correct horse", against: tampered))
        #expect(hasher.verify("correct horse", against: stored))
    }

    @Test func twoHashesOfOnePasswordDiffer() throws {
        let first = try hasher.hash("correct horse")
        let second = try hasher.hash("correct horse")
        #expect(first != second)
        #expect(first.split(separator: "$")[4] != second.split(separator: "$")[4])
        #expect(hasher.verify("correct horse", against: first))
        #expect(hasher.verify("correct horse", against: second))
    }

    /// The cost travels with the hash: a hasher with other parameters still verifies it.
    @Test func verificationUsesTheParametersInTheHash() throws {
        let stored = try hasher.hash("correct horse")
        let other = PasswordHasher(parameters: ScryptParameters(n: 1 << 11, r: 8, p: 1))
        #expect(other.verify("correct horse", against: stored))
        #expect(!other.verify("wrong horse", against: stored))
    }

    /// The scrypt test vector of RFC 7914 §12 ("password", "NaCl", N=1024, r=8, p=16), first 32 bytes.
    @Test func scryptMatchesTheRFCVector() throws {
        let salt = Data("NaCl".utf8).base64EncodedString()
        let expected: [UInt8] = [
            0xfd, 0xba, 0xbe, 0x1c, 0x9d, 0x34, 0x72, 0x00, 0x78, 0x56, 0xe7, 0x19, 0x0d, 0x01, 0xe9, 0xfe,
            0x7c, 0x6a, 0xd7, 0xcb, 0xc8, 0x23, 0x78, 0x30, 0xe7, 0x73, 0x76, 0x63, 0x4b, 0x37, 0x31, 0x62,
        ]
        let stored = "scrypt$1024$8$16$\(salt)$\(Data(expected).base64EncodedString())"
        #expect(hasher.verify("password", against: stored))
        #expect(!hasher.verify("Password", against: stored))
    }

    @Test func aTokenIs64LowercaseHexDigits() throws {
        let token = try SessionToken.generate()
        #expect(token.text.count == 64)
        #expect(token.text.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func tokensDiffer() throws {
        let tokens = try (0..<100).map { _ in try SessionToken.generate().text }
        #expect(Set(tokens).count == tokens.count)
    }

    @Test func theStoredHashIsTheSHA256OfTheTokenAndStable() throws {
        let token = try SessionToken.generate()
        #expect(token.storedHash.count == 32)
        #expect(token.storedHash == token.storedHash)
        #expect(SessionToken(text: token.text).storedHash == token.storedHash)
        #expect(try SessionToken.generate().storedHash != token.storedHash)
        // FIPS 180-2 test vector: SHA-256("abc").
        let abc = SessionToken(text: "abc").storedHash.map { String(format: "%02x", $0) }.joined()
        #expect(abc == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test(arguments: [0, 1, 16, 32, 1000])
    func secureRandomGivesTheRequestedCount(count: Int) throws {
        #expect(try SecureRandom.bytes(count).count == count)
    }

    @Test func secureRandomBytesDiffer() throws {
        #expect(try SecureRandom.bytes(32) != (try SecureRandom.bytes(32)))
    }
}
