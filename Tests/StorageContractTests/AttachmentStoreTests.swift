import ChecklistCore
import ChecklistStore
import Foundation
@testable import StorageRules
import StoreTestSupport
import Testing

/// Attachment bytes through the store: handed over from the upload folder, stored once per
/// content, read back from the file the store names, counted against the space limit, and
/// forgotten when the edit that needed them is refused.
@Suite struct AttachmentStoreTests {
    /// Writes `bytes` into the store's upload folder and attaches them to `item` as `name`.
    static func attach(
        _ bytes: [UInt8], hash: String, id: AttachmentID, to item: ItemID, in list: ListID, by user: UserAccount,
        store: StoreExecutor, maxTotalBytes: Int64 = 0
    ) throws(StoreError) -> EditOutcome {
        let temporary = store.uploadDirectory + "/" + UUID().uuidString + ".part"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(bytes))
        let upload = AttachmentUpload(
            listID: list, itemID: item,
            attachment: Attachment(
                id: id, name: "\(id).bin", type: "application/octet-stream", size: Int64(bytes.count), sha256: hash,
                by: "", at: Timestamp(Date())),
            temporaryPath: temporary)
        return try store.sync { s throws(StoreError) in
            try s.attach(upload, maxTotalBytes: maxTotalBytes, opID: "upload-\(id)", by: user.actor)
        }
    }

    static func hash(_ letter: Character) -> String { String(repeating: letter, count: 64) }

    /// Where the store keeps the bytes of a content, or `nil`.
    static func file(_ hash: String, in store: StoreExecutor) throws -> String? {
        try store.sync { rules throws(StoreError) -> String? in
            do { return try rules.port.attachmentFile(sha256: hash) } catch { throw .failure("\(error)") }
        }
    }

    static func setUp(_ store: StoreExecutor) throws -> (olive: UserAccount, vera: UserAccount, sam: UserAccount) {
        let olive = try store.signUp("olive")
        let vera = try store.signUp("vera")
        let sam = try store.signUp("sam")
        try store.createList("l", by: olive)
        try store.applied(.share("l", username: "vera", role: .viewer), opID: "share", by: olive)
        try store.applied(.edit("l", .addItem(Edit.NewItem(id: "i", title: "Scan"))), opID: "add", by: olive)
        return (olive, vera, sam)
    }

    @Test(arguments: StorageBackendKind.allCases)
    func attachedBytesAreReadFromTheFileTheStoreNamesByReadersOnly(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let (olive, vera, sam) = try Self.setUp(store)
            let bytes = Array("a scanned page".utf8)
            let outcome = try Self.attach(
                bytes, hash: Self.hash("a"), id: "att-1", to: "i", in: "l", by: olive, store: store)
            #expect(outcome.acknowledgement.seq == 4)
            let lookup = { (user: UserAccount, id: AttachmentID) throws(StoreError) -> AttachmentLocation? in
                try store.sync { s throws(StoreError) in try s.attachment(id, readableBy: user.id) }
            }
            let found = try #require(try lookup(vera, "att-1"))
            #expect(found.attachment.by == "olive" && found.itemID == "i")
            let file = try #require(found.file)
            #expect(FileManager.default.contents(atPath: file) == Data(bytes))
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.uploadDirectory).isEmpty)
            #expect(try lookup(sam, "att-1") == nil, "not a reader")
            #expect(try lookup(vera, "nope") == nil)
            #expect(throws: StoreError.self, "a viewer may not attach") {
                try Self.attach(bytes, hash: Self.hash("v"), id: "att-v", to: "i", in: "l", by: vera, store: store)
            }
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func theSameBytesAreStoredOnceAndCountedOnceAgainstTheSpace(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let (olive, _, _) = try Self.setUp(store)
            let page = Array(repeating: UInt8(7), count: 100)
            for id in ["one", "two"] as [AttachmentID] {
                _ = try Self.attach(
                    page, hash: Self.hash("p"), id: id, to: "i", in: "l", by: olive, store: store, maxTotalBytes: 150)
            }
            let refused = #expect(throws: StoreError.self, "100 stored, 60 more would pass 150") {
                try Self.attach(
                    Array(repeating: 1, count: 60), hash: Self.hash("q"), id: "three", to: "i", in: "l", by: olive,
                    store: store, maxTotalBytes: 150)
            }
            guard case .rejected(let domain)? = refused, case .tooLarge = domain else {
                Issue.record("expected tooLarge, got \(String(describing: refused))")
                return
            }
            #expect(try Self.file(Self.hash("q"), in: store) == nil, "nothing was stored")
            #expect(try store.snapshot("l", for: olive).items.first?.item.attachments.map(\.id) == ["one", "two"])
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func anAttachRefusedAfterItsBytesWereStoredForgetsThem(_ kind: StorageBackendKind) throws {
        // The edit is refused by the per-user byte limit, which is checked after the bytes are in.
        try kind.withLocation { location throws in
            let (olive, stored) = try kind.withStore(at: location) { store throws in
                let (olive, _, _) = try Self.setUp(store)
                return (olive, try store.log("l", for: olive).reduce(0) { $0 + $1.count })
            }
            let limits = StoreLimits(listsPerUser: 10, itemsPerList: 10, storedBytesPerUser: stored)
            try kind.withStore(at: location, limits: limits) { store throws in
                #expect(throws: StoreError.self) {
                    try Self.attach(
                        Array("x".utf8), hash: Self.hash("x"), id: "x", to: "i", in: "l", by: olive, store: store)
                }
                #expect(try Self.file(Self.hash("x"), in: store) == nil)
                #expect(try store.snapshot("l", for: olive).items.first?.item.attachments.isEmpty == true)
            }
        }
    }
}
