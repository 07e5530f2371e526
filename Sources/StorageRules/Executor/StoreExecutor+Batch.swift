import ChecklistStore

/// The store thread's loop: one transaction per batch, and every job answered.
extension StoreExecutor {
    func run() {
        while let batch = nextBatch() {
            runBatch(batch)
            rules.trimCache()
        }
        port.close()
        finish()
    }

    /// Runs a batch in one transaction. If the transaction cannot even begin, no job runs and
    /// each is abandoned with the cause; otherwise each job's `AfterCommit` learns whether
    /// the batch committed and is durable. Either way the health is recorded. The results are
    /// handed to the back end, which releases them in batch order once the batch is durable,
    /// while this thread goes on with the next batch.
    ///
    /// A batch the database rolled back for a conflict with another server's transaction (a
    /// deadlock between servers) is run again whole, at most `maxConflictReruns` times: none of
    /// its jobs was answered, and the rules' state of it was dropped with the rollback. The
    /// uploads its `attach` jobs handed to the back end are put back for the rerun
    /// (`UploadsKept`).
    private func runBatch(_ batch: [QueuedJob]) {
        var afterCommits: [AfterCommit] = []
        afterCommits.reserveCapacity(batch.count)
        let rules = self.rules
        let port = self.port
        var lookAhead = BatchLookAhead()
        for job in batch where !job.lookAhead.isEmpty { lookAhead.formUnion(job.lookAhead) }
        let body = { [lookAhead] () throws(StorageFailure) -> BatchEnd in
            rules.beginBatch()
            if !lookAhead.isEmpty { try port.prepareBatch(lookAhead) }
            for job in batch { afterCommits.append(job.run(rules)) }
            if rules.poisoned { return .rollBack }
            try rules.flushPendingWrites()
            return .commit
        }
        let inBackground = batch.allSatisfy(\.inBackground)
        var outcome: BatchOutcome
        var reruns = 0
        while true {
            afterCommits.removeAll(keepingCapacity: true)
            outcome = inBackground ? port.runBatchUnlessLocked(body) : port.runBatch(body)
            guard case .rolledBack(let failure) = outcome, failure?.kind == .conflict || rules.poisonedByConflict,
                reruns < Self.maxConflictReruns
            else { break }
            reruns += 1
            rules.rollBackBatch()
        }
        rules.uploadsKept.removeAll()
        switch outcome {
        case .didNotBegin(let failure):
            let reason: StoreError
            if failure.kind == .permanent {
                reason = .failure(failure.message)
            } else {
                recordHealth(.failing(reason: "\(location): \(failure.message)"))
                reason = .failure(
                    "the database cannot be written just now (\(failure.message)); nothing was changed, try again")
            }
            port.releaseAfterBatch(wrote: false) { _ in for job in batch { job.abandon(reason) } }
        case .committed(let wrote):
            if !batch.isEmpty { batchCommitted(batch.count) }
            // A batch that only read proves nothing about writes (a read-only store commits it).
            // On a shared database it does: what failed there was reaching the server (a
            // PostgreSQL restarted, a network cut), and a commit says it answers again.
            if wrote || port.isShared { recordHealth(.writable) }
            port.releaseAfterBatch(wrote: wrote) { [afterCommits] durable in
                for afterCommit in afterCommits { afterCommit(durable) }
            }
        case .rolledBack(let failure):
            let cause = failure?.message ?? rules.poisonCause ?? "a write failed inside a batch"
            rules.rollBackBatch()
            recordHealth(.failing(reason: "\(location): \(cause)"))
            // A batch that failed before its jobs ran (reading ahead, say) still answers each.
            let neverRan = batch[afterCommits.count...]
            port.releaseAfterBatch(wrote: false) { [afterCommits] _ in
                for afterCommit in afterCommits { afterCommit(false) }
                for job in neverRan { job.abandon(.failure("the batch could not run (\(cause)); nothing was changed")) }
            }
        }
    }

    /// A committed batch that wrote makes the store writable; a batch that failed in the back
    /// end (not one a job refused on its own) makes it failing, with the cause. A permanent
    /// failure (reported by the back end) is final.
    private func recordHealth(_ health: StoreHealth) {
        if let changed = healthState.record(health) { healthChanged(changed) }
    }
}
