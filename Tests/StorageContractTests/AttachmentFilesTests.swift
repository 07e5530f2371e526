import ChecklistStore
import Foundation
import StoreTestSupport
import Testing

/// The attachment folder at start: uploads cut off are removed, but in a folder other servers
/// may share (PostgreSQL's cache) only those untouched for an hour; the clock is an input.
@Suite struct AttachmentFilesTests {
    static func upload(_ files: AttachmentFiles, _ name: String, modified: Date) throws -> String {
        let path = files.temporaryDirectory + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data("part".utf8)))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        return path
    }

    @Test func aFolderOfItsOwnLosesEveryCutOffUpload() throws {
        try StoreFixture.withDatabasePath { path in
            let files = AttachmentFiles(directory: path + "-attachments")
            try files.prepare()
            let fresh = try Self.upload(files, "fresh", modified: Date())
            try files.prepare()
            #expect(!FileManager.default.fileExists(atPath: fresh))
        }
    }

    @Test func aSharedFolderKeepsUploadsThatMayStillBeArriving() throws {
        try StoreFixture.withDatabasePath { path in
            let files = AttachmentFiles(directory: path + "-cache")
            try files.prepare()
            let now = Date(timeIntervalSince1970: 1_795_000_000)
            let arriving = try Self.upload(files, "arriving", modified: now.addingTimeInterval(-3_599))
            let abandoned = try Self.upload(files, "abandoned", modified: now.addingTimeInterval(-3_600))
            try files.prepare(removingUploadsOlderThan: 3_600, now: now)
            #expect(FileManager.default.fileExists(atPath: arriving), "another server's upload in progress")
            #expect(!FileManager.default.fileExists(atPath: abandoned))
        }
    }
}
