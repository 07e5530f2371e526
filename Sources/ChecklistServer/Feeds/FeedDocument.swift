import ChecklistCore
import ChecklistStore
import Credentials
import Transport

/// The answer to a GET of a feed URL, looked up on the store thread; the calendar text is
/// written afterwards, off it (`ChecklistServer.answerFeed`), so edits never wait behind it.
///
/// The `ETag` comes from the store's fingerprint (each checklist's head, the user's zone,
/// the day), not from the calendar text, so a calendar app polling every half hour gets its
/// 304 without a single item being read or the calendar being written.
enum FeedDocument: Sendable {
    /// An unknown, rotated or malformed token, or a checklist no longer the user's: all alike.
    case notFound
    case notModified(etag: String)
    case calendar(etag: String, CalendarFeed)

    /// Bumped when the calendar text changes shape, so calendars holding an old copy refetch.
    static let formatVersion = "2"

    static func make(
        tokenHash: [UInt8], components: CalendarFeed.Components, ifNoneMatch: String?, now: Timestamp,
        from storage: some ChecklistStorage
    ) throws(StoreError) -> FeedDocument {
        guard let scope = try storage.feedScope(forTokenHash: tokenHash) else { return .notFound }
        let today = RepeatDue.localDate(of: now, timeZone: "UTC")
        guard let fingerprint = try storage.feedFingerprint(scope, today: today) else { return .notFound }
        let digest = SessionToken.sha256(Array("\(formatVersion)|\(components.rawValue)|\(fingerprint.text)".utf8))
        let etag = "\"" + SessionToken.hexDigits(digest.prefix(16)) + "\""
        if let ifNoneMatch, HTTPResponse.ifNoneMatch(ifNoneMatch, matches: etag) { return .notModified(etag: etag) }
        let (name, entries) = try storage.feedEntries(scope, of: fingerprint, today: today)
        return .calendar(etag: etag, CalendarFeed(name: name, components: components, entries: entries))
    }
}
