import Foundation

/// The upload files of the batch under way: each stays where it is, through any rerun of the
/// batch, until the batch is over, and is removed then, whatever became of it.
///
/// Why: a batch rolled back for a conflict with another server (a deadlock between servers)
/// is run again whole (`StoreExecutor.maxConflictReruns`). Its `attach` jobs then need their
/// uploads' bytes again, but the first run's `putAttachment` took the file (moved it into the
/// folder, or into the cache). So each upload also gets a second name, a hard link (no copy,
/// the same disk), from which a rerun puts the file back. A crash in between leaves the names
/// in the upload folder, which the back end empties of old files as it opens.
struct UploadsKept {
    /// Each upload of the batch by its temporary path, with its second name (`nil`: none could
    /// be made, and a rerun would miss it).
    private var kept: [String: String?] = [:]

    /// Before anything of the job can fail: keeps a second name for the upload on the first
    /// run, and on a rerun puts the file back under its temporary path.
    mutating func keep(_ temporaryPath: String) {
        let manager = FileManager.default
        if let second = kept[temporaryPath] {
            if let second, !manager.fileExists(atPath: temporaryPath) {
                try? manager.linkItem(atPath: second, toPath: temporaryPath)
            }
            return
        }
        let second = temporaryPath + ".kept"
        try? manager.removeItem(atPath: second)
        if (try? manager.linkItem(atPath: temporaryPath, toPath: second)) != nil
            || (try? manager.copyItem(atPath: temporaryPath, toPath: second)) != nil
        {
            kept[temporaryPath] = second
        } else {
            kept[temporaryPath] = .some(nil)
        }
    }

    /// The batch is over: every upload's names go (the back end moved what it stored).
    mutating func removeAll() {
        guard !kept.isEmpty else { return }
        for (temporaryPath, second) in kept {
            unlink(temporaryPath)
            if let second { unlink(second) }
        }
        kept.removeAll()
    }
}
