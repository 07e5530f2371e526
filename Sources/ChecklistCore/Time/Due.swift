/// When an item or a checklist is due: a whole day, or a moment.
///
/// The contract promises that a due value comes back in the form it was given, so the
/// two forms are kept apart rather than folded into one instant.
public enum Due: Hashable, Sendable, CustomStringConvertible {
    case date(CivilDate)
    case dateTime(Timestamp)

    /// Parses `2027-03-12` or an RFC 3339 date-time; `nil` when it is neither.
    public init?(wire text: String) {
        if let date = CivilDate(iso: text) {
            self = .date(date)
        } else if let instant = Timestamp(rfc3339: text) {
            self = .dateTime(instant)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .date(let date): date.description
        case .dateTime(let instant): instant.rfc3339
        }
    }

    /// The instant used for ordering: an all-day date counts as 00:00Z of that day.
    public var sortKey: Timestamp {
        switch self {
        case .date(let date): date.startOfDayUTC
        case .dateTime(let instant): instant
        }
    }
}
