public import ChecklistClient

/// "14:02:11  bob checked off “Homework 2”": who did what, when.
public enum ChangeLine {
    public static func render(_ change: ChangeRecord, dates: DateText, painter: Painter) -> String {
        let when = change.at.map(dates.moment) ?? "--:--:--"
        let who = change.by.map { painter.bold($0) + " " } ?? ""
        return painter.dim(when) + "  " + who + change.text
    }
}
