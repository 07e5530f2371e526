public import Foundation

extension Timestamp {
    /// The instant `date` names, to the millisecond below. Converting is not reading a clock:
    /// callers outside the core pass `Date()` in (`Timestamp(Date())`).
    public init(_ date: Date) {
        self.init(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
