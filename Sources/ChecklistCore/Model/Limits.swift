/// The contract's field limits, checked once when a request is decoded.
public enum Limits {
    public static let title = 500
    public static let description = 10_000
    public static let notes = 10_000
    public static let location = 200
    public static let opID = 64
    public static let ref = 64
    public static let id = 64
    public static let username = 32
    public static let minimumPasswordLength = 8
    /// Bound on a single password so hashing cannot be used to burn CPU.
    public static let maximumPasswordLength = 1024
    /// A repeat reminder of a year at most.
    public static let remindEvery = 366 * 86_400
    /// `remindBefore`: at most 366 days before the due moment.
    public static let remindBefore = 366 * 86_400
    /// A habit checklist's goal: at most ten years of days.
    public static let goalDays = 3_660
}
