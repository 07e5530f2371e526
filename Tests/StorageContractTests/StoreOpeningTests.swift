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

    @Test(arguments: StorageBackendKind.allCases)
    func aFreshStoreIsWritableAndItsUploadFolderIsEmptiedOnOpening(_ kind: StorageBackendKind) throws {
        try kind.withLocation { location throws in
            let folder = try kind.withStore(at: location) { store throws in
                #expect(store.health == .writable)
                #expect(store.isOpen)
                _ = FileManager.default.createFile(
                    atPath: store.uploadDirectory + "/cut-off.part", contents: Data("x".utf8))
                return store.uploadDirectory
            }
            try kind.withStore(at: location) { store throws in
                #expect(store.uploadDirectory == folder)
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "an upload cut off is gone")
            }
        }
    }
}
