import ChecklistCore
import Foundation

/// The opIds this client makes: time-ordered UUIDs (`TimeOrderedUUID` says why). The ids
/// of new lists and items stay random: people type their first digits in the terminal.
@usableFromInline enum NewOpID {
    @usableFromInline static func make() -> String {
        TimeOrderedUUID.make(at: Timestamp(Date()))
    }
}
