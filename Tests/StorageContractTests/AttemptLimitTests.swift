import ChecklistCore
import ChecklistStore
@testable import StorageRules
import StoreTestSupport
import Testing

/// Failed logins and signups counted in the store (`attempts`, `write(AttemptChange)`), with
/// the throttle's and the signup limit's policy over them, on every back end; the clock is
/// an input. On a shared back end two stores (two servers) count into one limit.
@Suite struct AttemptLimitTests {
    static let start = Timestamp(milliseconds: 1_795_000_000_000)

    static func at(_ seconds: Double) -> Timestamp {
        Timestamp(milliseconds: start.milliseconds + Int64(seconds * 1_000))
    }

    static func fail(
        _ store: StoreExecutor, _ address: String, _ username: String?, times: Int = 1, at seconds: Double = 0
    ) throws {
        for _ in 0..<times {
            try store.sync { rules throws(StoreError) in
                try rules.loginFailed(address: address, username: username, at: at(seconds))
            }
        }
    }

    static func wait(_ store: StoreExecutor, _ address: String, _ username: String?, at seconds: Double) throws -> Int?
    {
        try store.sync { rules throws(StoreError) in
            try rules.loginWait(address: address, username: username, at: at(seconds))
        }
    }

    static func signup(_ store: StoreExecutor, _ address: String, limit: Int, at seconds: Double) throws -> Int? {
        try store.sync { rules throws(StoreError) in
            try rules.admitSignup(address: address, limit: limit, at: at(seconds))
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func sprayingManyUsernamesFromOneAddressIsSlowedWithGrowingDelays(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let free = LoginThrottle().freeFailuresPerAddress
            for i in 0..<free { try Self.fail(store, "203.0.113.9", "user\(i)") }
            #expect(try Self.wait(store, "203.0.113.9", "another", at: 0) == 1)
            #expect(try Self.wait(store, "203.0.113.9", nil, at: 0) == 1, "a token's auth waits too")
            #expect(try Self.wait(store, "198.51.100.7", "another", at: 0) == nil, "another address does not")

            try Self.fail(store, "203.0.113.9", "another", at: 1.5)
            #expect(try Self.wait(store, "203.0.113.9", "yet another", at: 1.5) == 2, "each failure doubles the delay")
            #expect(try Self.wait(store, "203.0.113.9", "yet another", at: 3.6) == nil)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aVictimIsNeverLockedOutBySomeoneElsesFailures(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            try Self.fail(store, "203.0.113.9", "victim", times: 40)
            #expect(try Self.wait(store, "203.0.113.9", "victim", at: 0) != nil)
            #expect(try Self.wait(store, "198.51.100.7", "Victim", at: 0) == nil)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func guessingOneAccountIsSlowedEarlyAndASuccessStartsItOver(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let free = LoginThrottle().freeFailuresPerAccount
            try Self.fail(store, "192.0.2.1", "ana", times: free)
            #expect(try Self.wait(store, "192.0.2.1", "ANA", at: 0) == 1, "usernames count ignoring case")
            #expect(try Self.wait(store, "192.0.2.1", "bo", at: 0) == nil, "other accounts are not slowed yet")

            try store.sync { rules throws(StoreError) in try rules.loginSucceeded(address: "192.0.2.1", username: "Ana")
            }
            #expect(try Self.wait(store, "192.0.2.1", "ana", at: 0) == nil)
            try Self.fail(store, "192.0.2.1", "ana")
            #expect(try Self.wait(store, "192.0.2.1", "ana", at: 0) == nil, "the count started over")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func aQuietWindowForgivesEverything(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            try Self.fail(store, "192.0.2.1", "ana", times: 12)
            #expect(try Self.wait(store, "192.0.2.1", "ana", at: 0) != nil)
            let window = LoginThrottle().window
            #expect(try Self.wait(store, "192.0.2.1", "ana", at: window + 1) == nil)
            try Self.fail(store, "192.0.2.1", "ana", at: window + 1)
            #expect(try Self.wait(store, "192.0.2.1", "ana", at: window + 1) == nil, "counting started over at 1")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func signupsAreLimitedPerAddressPerHour(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            #expect(try Self.signup(store, "203.0.113.9", limit: 2, at: 0) == nil)
            #expect(try Self.signup(store, "203.0.113.9", limit: 2, at: 10) == nil)
            #expect(try Self.signup(store, "203.0.113.9", limit: 2, at: 10) == 3_590, "the hour runs from the first")
            #expect(try Self.signup(store, "198.51.100.7", limit: 2, at: 10) == nil, "another address is not affected")
            #expect(try Self.signup(store, "203.0.113.9", limit: 0, at: 10) == nil, "0 is no limit")
            #expect(try Self.signup(store, "203.0.113.9", limit: 2, at: 3_601) == nil, "a new hour")
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func countsOutliveARestartAndStaleOnesAreForgotten(_ kind: StorageBackendKind) throws {
        try kind.withLocation { location throws in
            try kind.withStore(at: location) { store throws in try Self.fail(store, "192.0.2.1", "ana", times: 6) }
            try kind.withStore(at: location) { store throws in
                #expect(try Self.wait(store, "192.0.2.1", "ana", at: 0) != nil, "a restart forgives nothing")
                // Two hours on, the next count prunes what no limit looks at any more.
                try Self.fail(store, "198.51.100.7", nil, at: 7_200)
                let stale = try store.sync { rules throws(StoreError) in
                    do {
                        return try rules.port.attempts(AttemptKey(.loginFailure, address: "192.0.2.1", username: "ana"))
                    } catch {
                        throw .failure("\(error)")
                    }
                }
                #expect(stale == nil)
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases.filter(\.isShared))
    func twoStoresOnOneDatabaseCountIntoOneLimit(_ kind: StorageBackendKind) throws {
        try kind.withLocation { location throws in
            try kind.withStore(at: location) { first throws in
                try kind.withStore(at: location) { second throws in
                    let free = LoginThrottle().freeFailuresPerAccount
                    try Self.fail(first, "192.0.2.1", "ana", times: free - 1)
                    try Self.fail(second, "192.0.2.1", "ana")
                    #expect(try Self.wait(first, "192.0.2.1", "ana", at: 0) == 1)
                    #expect(try Self.wait(second, "192.0.2.1", "ana", at: 0) == 1)
                    #expect(try Self.signup(first, "203.0.113.9", limit: 1, at: 0) == nil)
                    #expect(try Self.signup(second, "203.0.113.9", limit: 1, at: 0) == 3_600)
                }
            }
        }
    }
}
