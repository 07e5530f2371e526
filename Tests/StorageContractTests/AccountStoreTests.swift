import ChecklistCore
import ChecklistStore
import Testing
import StorageRules
import StoreTestSupport

@Suite struct AccountStoreTests {
    @Test(arguments: StorageBackendKind.allCases, ["alice", "ALICE", "aLiCe"])
    func usernamesAreUniqueIgnoringCase(_ kind: StorageBackendKind, second: String) throws {
        try kind.withStore { store in
            let alice = try store.signUp("Alice")
            #expect(alice.username == "Alice")
            let error = #expect(throws: StoreError.self) { try store.signUp(second) }
            guard case .rejected(let domain)? = error else {
                Issue.record("expected a refusal, got \(String(describing: error))")
                return
            }
            #expect(domain.kind == "conflict")
            #expect(domain.message.contains(second))
        }
    }

    @Test(arguments: StorageBackendKind.allCases, ["Alice", "alice", "ALICE"])
    func credentialsAreFoundIgnoringCase(_ kind: StorageBackendKind, lookup: String) throws {
        try kind.withStore { store in
            let alice = try store.sync { store throws(StoreError) in
                try store.createUser(username: "Alice", passwordHash: "scrypt$1$2$3$salt$hash")
            }
            let found = try store.sync { store throws(StoreError) in try store.credentials(username: lookup) }
            #expect(found?.0 == alice)
            #expect(found?.0.username == "Alice")
            #expect(found?.1 == "scrypt$1$2$3$salt$hash")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func unknownUsernamesHaveNoCredentials(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            _ = try store.signUp("alice")
            let found = try store.sync { store throws(StoreError) in try store.credentials(username: "alicia") }
            #expect(found == nil)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func distinctUsersGetDistinctIDs(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let a = try store.signUp("a")
            let b = try store.signUp("b")
            #expect(a.id != b.id)
            #expect(!a.id.isEmpty)
        }
    }

    /// Sessions are kept by token hash; deleting one leaves the user's other sessions valid.
    @Test(arguments: StorageBackendKind.allCases)
    func sessionsAreCreatedLookedUpAndDeletedByTokenHash(_ kind: StorageBackendKind) throws {
        try kind.withStore { store in
            let alice = try store.signUp("alice")
            let bob = try store.signUp("bob")
            let phone: [UInt8] = Array(repeating: 0xA1, count: 32)
            let laptop: [UInt8] = Array(repeating: 0xB2, count: 32)
            let bobs: [UInt8] = Array(repeating: 0xC3, count: 32)
            try store.sync { store throws(StoreError) in
                try store.createSession(tokenHash: phone, for: alice.id)
                try store.createSession(tokenHash: laptop, for: alice.id)
                try store.createSession(tokenHash: bobs, for: bob.id)
            }
            func user(_ hash: [UInt8]) throws -> UserAccount? {
                try store.sync { store throws(StoreError) in try store.user(forTokenHash: hash) }
            }
            #expect(try user(phone) == alice)
            #expect(try user(laptop) == alice)
            #expect(try user(bobs) == bob)
            #expect(try user(Array(repeating: 0xA1, count: 31)) == nil)

            try store.sync { store throws(StoreError) in try store.deleteSession(tokenHash: phone) }
            #expect(try user(phone) == nil)
            #expect(try user(laptop) == alice)
            #expect(try user(bobs) == bob)
            // Deleting a token that is already gone is harmless.
            try store.sync { store throws(StoreError) in try store.deleteSession(tokenHash: phone) }
        }
    }
}
