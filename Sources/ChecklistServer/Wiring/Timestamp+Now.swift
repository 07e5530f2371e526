import ChecklistCore
import Foundation

extension Timestamp {
    /// The system's time of day. The core never reads a clock; the server's wiring does, here.
    static var now: Timestamp {
        Timestamp(Date())
    }
}
