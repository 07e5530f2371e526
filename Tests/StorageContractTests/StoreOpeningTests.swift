import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Testing

/// What opening a store gives the server: its key, its health, a folder for uploads.
@Suite struct StoreOpeningTests {
    @Test(arguments: StorageBackendKind.allCases)
    func theServerKeyIsMadeOnceAndKeptAcrossRestarts(_ kind: StorageBackendKind) throws {
        let (first, again) = try kind.withLocation { location throws in
            (try kind.withStore(at: location) { $0.serverKey }, try kind.withStore(at: location) { $0.serverKey })
        }
        #expect(first.count == 32)
        #expect(again == first)
        #expect(try kind.withStore { $0.serverKey } != first, "another store has its own")
    }

    /// Uploads cut off are removed when the store opens; in a folder other servers may share
    /// (PostgreSQL's cache), only those untouched for an hour.
    @Test(arguments: StorageBackendKind.allCases)
    func aFreshStoreIsWritableAndItsUploadFolderIsEmptiedOnOpening(_ kind: StorageBackendKind) throws {
        try kind.withLocation { location throws in
            let folder = try kind.withStore(at: location) { store throws in
                #expect(store.health == .writable)
                #expect(store.isOpen)
                let old = store.uploadDirectory + "/cut-off.part"
                _ = FileManager.default.createFile(atPath: old, contents: Data("x".utf8))
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: old)
                _ = FileManager.default.createFile(
                    atPath: store.uploadDirectory + "/arriving.part", contents: Data("x".utf8))
                return store.uploadDirectory
            }
            try kind.withStore(at: location) { store throws in
                #expect(store.uploadDirectory == folder)
                let left = try FileManager.default.contentsOfDirectory(atPath: folder)
                #expect(!left.contains("cut-off.part"), "an upload cut off is gone")
                #expect(
                    left == (kind.isShared ? ["arriving.part"] : []),
                    "a recent one stays only where another server may be writing it")
            }
        }
    }
}
