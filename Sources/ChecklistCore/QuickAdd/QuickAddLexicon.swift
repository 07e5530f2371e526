/// The words the recognizers know. Each word token is looked up once, when the text is
/// tokenized, and gets a `QuickAddLexeme`: the keyword it spells (aliases collapse: `tmrw` is
/// `.tomorrow`), the word classes it belongs to, and its month, weekday, count or unit. The
/// recognizers then compare small integers instead of strings.
enum QuickAddWord: UInt8 {
    case unknown
    // connectors and small words
    case a, an, the, about, after, and, at, around, before, by, due, each, every, from, `for`, `in`, into,
        of, on, other, till, until, to, within, starting, upcoming, coming, next, this, list, me, m, p, now,
        later, oclock, half, quarter, couple, few, please, asap, de, la, del, du, my, our, his, her, their,
        your, with, remind, reminder, reminders
    // dates and times
    case day, week, weekend, month, year, end, eod, eow, eom, eoy, today, tonight, tomorrow, morning,
        afternoon, evening, night, noon, midday, midnight, am, pm, hour, weekday
    // reminder adverbs
    case hourly, daily, nightly, weekly, monthly
    // the past, and reminders before the due moment (`remind me 10 minutes before`)
    case yesterday, last, beforehand, prior, ahead, early, earlier, advance, when, it, its, `is`
    // `until done` after a reminder interval
    case done, finished, complete, completed, checked, ticked, off, im
}

struct QuickAddLexeme {
    var word: QuickAddWord = .unknown
    var classes: QuickAddLexicon.Classes = []
    /// 1…12, or 0.
    var month: Int8 = 0
    /// ISO weekday 1…7, or 0.
    var weekday: Int8 = 0
    /// A count written as a word (`two`, `a`, `couple`), or 0.
    var count: Int8 = 0
    var unit: QuickAddLexicon.Unit?

    static let empty = QuickAddLexeme()
}

enum QuickAddLexicon {
    struct Classes: OptionSet {
        let rawValue: UInt32
        /// `cup`, `gallon`, `inch`: `1/2 gallon` is a quantity.
        static let measure = Classes(rawValue: 1 << 0)
        /// `St`, `Ave`: `at 42 Elm St` is an address.
        static let street = Classes(rawValue: 1 << 1)
        /// `home`, `gym`: `at home` is a place.
        static let place = Classes(rawValue: 1 << 2)
        /// `to`, `for`, `and`: ends a location phrase.
        static let endsLocation = Classes(rawValue: 1 << 3)
        /// `look`, `laugh`: `Look at …` is not a location.
        static let takesAt = Classes(rawValue: 1 << 4)
        /// `least`, `lunch`: `at least` is not a location.
        static let notPlaceAfterAt = Classes(rawValue: 1 << 5)
        /// `hand`, `check`, `log`: `Hand in …` is not a location.
        static let takesIn = Classes(rawValue: 1 << 6)
        /// `morning`, `meantime`: `in the morning` is not a location.
        static let notPlaceAfterInThe = Classes(rawValue: 1 << 7)
        /// `Spanish`, `Q3`, `time`: `in Spanish` is not a location.
        static let notPlaceAfterIn = Classes(rawValue: 1 << 8)
        /// `on`, `out`, `with`: `Work on essay` does not name the list Work.
        static let function = Classes(rawValue: 1 << 9)
        /// The first word of a holiday name.
        static let holidayStart = Classes(rawValue: 1 << 10)
        /// A one-word holiday (`Thanksgiving`): a date word for the address rule.
        static let holiday = Classes(rawValue: 1 << 11)
        /// `remind`, `ping`, `nudge` (+ `me`).
        static let reminderVerb = Classes(rawValue: 1 << 12)
        /// `sat`, `sun`, `wed`: weekday abbreviations that are also ordinary words.
        static let ambiguousWeekday = Classes(rawValue: 1 << 13)
        /// Month and weekday abbreviations that may take a `.`.
        static let abbreviation = Classes(rawValue: 1 << 14)
    }

    enum Unit {
        case second, minute, hour, day, week, month, year

        /// Reminder intervals: a month counts as 30 days; years are not intervals.
        var seconds: Int? {
            switch self {
            case .second: return 1
            case .minute: return 60
            case .hour: return 3600
            case .day: return 86_400
            case .week: return 604_800
            case .month: return 2_592_000
            case .year: return nil
            }
        }
    }

    static func lexeme(_ key: String) -> QuickAddLexeme {
        table[key] ?? .empty
    }

    /// Units written right after digits: `30min`, `2h`, `3d`.
    static func unit(suffix: Substring) -> Unit? {
        switch suffix {
        case "s", "sec", "secs", "second", "seconds": return .second
        case "m", "min", "mins", "minute", "minutes", "mn": return .minute
        case "h", "hr", "hrs", "hour", "hours": return .hour
        case "d", "day", "days": return .day
        case "w", "wk", "wks", "week", "weeks": return .week
        case "mo", "mos", "month", "months": return .month
        case "y", "yr", "yrs", "year", "years": return .year
        default: return nil
        }
    }

    // MARK: - Tables

    private static let keywords: [(String, QuickAddWord)] = [
        ("a", .a), ("an", .an), ("the", .the), ("about", .about), ("after", .after), ("and", .and), ("at", .at),
        ("around", .around), ("before", .before), ("by", .by), ("due", .due), ("each", .each),
        ("every", .every), ("from", .from), ("for", .for), ("in", .in), ("into", .into), ("of", .of),
        ("on", .on), ("other", .other), ("till", .till), ("til", .till), ("until", .until), ("to", .to),
        ("within", .within), ("starting", .starting), ("upcoming", .upcoming), ("coming", .coming),
        ("next", .next), ("this", .this), ("list", .list), ("me", .me), ("m", .m), ("p", .p), ("now", .now),
        ("later", .later), ("oclock", .oclock), ("half", .half), ("quarter", .quarter), ("couple", .couple),
        ("few", .few), ("please", .please), ("asap", .asap), ("de", .de), ("la", .la), ("del", .del),
        ("du", .du), ("my", .my), ("our", .our), ("his", .his), ("her", .her), ("their", .their),
        ("your", .your), ("with", .with), ("remind", .remind), ("reminder", .reminder),
        ("reminders", .reminders),
        ("day", .day), ("week", .week), ("weekend", .weekend), ("month", .month), ("year", .year),
        ("end", .end), ("eod", .eod), ("eow", .eow), ("eom", .eom), ("eoy", .eoy), ("today", .today),
        ("tonight", .tonight), ("tonite", .tonight), ("2nite", .tonight), ("tomorrow", .tomorrow),
        ("tmrw", .tomorrow), ("tmr", .tomorrow), ("tmw", .tomorrow), ("tmrow", .tomorrow),
        ("tomorow", .tomorrow), ("tommorow", .tomorrow), ("tommorrow", .tomorrow), ("2morrow", .tomorrow),
        ("tomoz", .tomorrow), ("morning", .morning), ("afternoon", .afternoon), ("evening", .evening),
        ("night", .night), ("noon", .noon), ("midday", .midday), ("midnight", .midnight), ("am", .am),
        ("pm", .pm), ("hour", .hour), ("weekday", .weekday), ("hourly", .hourly), ("daily", .daily),
        ("nightly", .nightly), ("weekly", .weekly), ("monthly", .monthly),
        ("yesterday", .yesterday), ("yday", .yesterday), ("yesterdy", .yesterday), ("ystrdy", .yesterday),
        ("last", .last), ("beforehand", .beforehand), ("prior", .prior), ("ahead", .ahead), ("early", .early),
        ("earlier", .earlier), ("advance", .advance), ("when", .when), ("it", .it), ("its", .its), ("is", .is),
        ("done", .done), ("finished", .finished), ("complete", .complete), ("completed", .completed),
        ("checked", .checked), ("ticked", .ticked), ("off", .off), ("im", .im),
    ]

    private static let months: [(String, Int8)] = [
        ("january", 1), ("jan", 1), ("february", 2), ("feb", 2), ("febr", 2), ("march", 3), ("mar", 3),
        ("april", 4), ("apr", 4), ("may", 5), ("june", 6), ("jun", 6), ("july", 7), ("jul", 7), ("august", 8),
        ("aug", 8), ("september", 9), ("sep", 9), ("sept", 9), ("october", 10), ("oct", 10), ("november", 11),
        ("nov", 11), ("december", 12), ("dec", 12),
    ]

    private static let weekdays: [(String, Int8)] = [
        ("monday", 1), ("mon", 1), ("tuesday", 2), ("tue", 2), ("tues", 2), ("wednesday", 3), ("wed", 3),
        ("weds", 3), ("thursday", 4), ("thu", 4), ("thur", 4), ("thurs", 4), ("friday", 5), ("fri", 5),
        ("saturday", 6), ("sat", 6), ("sunday", 7), ("sun", 7),
    ]

    private static let counts: [(String, Int8)] = [
        ("a", 1), ("an", 1), ("one", 1), ("two", 2), ("couple", 2), ("three", 3), ("few", 3), ("four", 4),
        ("five", 5), ("six", 6), ("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10), ("eleven", 11),
        ("twelve", 12), ("fifteen", 15), ("twenty", 20), ("thirty", 30), ("forty", 40), ("fortyfive", 45),
        ("fifty", 50), ("sixty", 60), ("ninety", 90),
    ]

    /// Units as separate words (one-letter forms only count when glued to digits).
    private static let units: [(String, Unit)] = [
        ("sec", .second), ("secs", .second), ("second", .second), ("seconds", .second), ("min", .minute),
        ("mins", .minute), ("minute", .minute), ("minutes", .minute), ("hr", .hour), ("hrs", .hour),
        ("hour", .hour), ("hours", .hour), ("day", .day), ("days", .day), ("wk", .week), ("wks", .week),
        ("week", .week), ("weeks", .week), ("mo", .month), ("mos", .month), ("month", .month),
        ("months", .month), ("yr", .year), ("yrs", .year), ("year", .year), ("years", .year),
    ]

    private static let classLists: [(Classes, [String])] = [
        (
            .measure,
            [
                "cup", "cups", "c", "tsp", "tbsp", "tbs", "teaspoon", "teaspoons", "tablespoon", "tablespoons",
                "oz", "ounce", "ounces", "lb", "lbs", "pound", "pounds", "g", "gram", "grams", "kg", "kilo",
                "kilos", "ml", "l", "liter", "liters", "litre", "litres", "gallon", "gallons", "gal", "quart",
                "quarts", "qt", "pint", "pints", "pt", "inch", "inches", "in", "ft", "foot", "feet", "yd",
                "yard", "yards", "mile", "miles", "mi", "km", "cm", "mm", "m", "dozen", "stick", "sticks",
                "slice", "slices", "can", "cans", "bag", "bags", "box", "boxes", "bottle", "bottles", "loaf",
                "tank", "of", "piece", "pieces", "hour", "hours", "hr", "hrs", "size", "off", "price",
                "sheet", "sheets", "pinch", "bunch", "head", "clove", "cloves", "scoop", "scoops", "mug",
                "glass", "glasses", "marathon", "page", "pages", "way", "turn", "share", "shares", "time",
                "minutes", "mins", "days", "weeks",
            ]
        ),
        (
            .street,
            [
                "st", "street", "ave", "av", "avenue", "rd", "road", "blvd", "boulevard", "dr", "drive", "ln",
                "lane", "way", "ct", "court", "pl", "place", "pkwy", "parkway", "hwy", "highway", "sq",
                "square", "ter", "terrace", "cir", "circle", "plaza", "floor", "fl", "suite", "ste", "apt",
                "building", "bldg", "hall", "room", "rm",
            ]
        ),
        (
            .place,
            [
                "home", "work", "school", "office", "church", "gym", "campus", "library", "hospital", "airport",
                "mall", "park", "store", "bank", "studio", "clinic", "temple", "mosque", "synagogue", "downtown",
                "uptown", "starbucks", "costco", "target", "walmart", "pool", "beach", "station", "lab", "court",
                "dentist", "doctor", "doctors", "dentists", "vet", "salon", "barber", "cafe", "café", "pharmacy",
                "restaurant", "hotel", "moms", "dads", "grandmas", "grandpas", "parents",
            ]
        ),
        (
            .endsLocation,
            [
                "to", "for", "with", "about", "and", "or", "but", "then", "before", "after", "on", "by",
                "at", "in", "from", "until", "till", "til", "due", "because", "so", "if", "when", "while",
                "remind", "ping", "every", "is", "are", "was", "this", "next", "re", "regarding", "asap",
                "please", "today", "tonight", "tomorrow", "around", "during", "between", "via", "w",
                "instead", "again",
            ]
        ),
        (
            .takesAt,
            [
                "look", "looks", "looked", "looking", "stare", "stares", "staring", "glance", "glancing", "peek",
                "laugh", "laughing", "smile", "point", "aim", "aimed", "yell", "shout", "hint", "wave", "nod",
                "good", "bad", "great", "better", "best", "excel", "poke", "grab", "hit", "snap", "jab",
                "swing", "guess", "marvel", "rate", "priced", "valued",
            ]
        ),
        (
            .notPlaceAfterAt,
            [
                "least", "most", "all", "once", "first", "last", "times", "risk", "ease", "large",
                "random", "hand", "heart", "stake", "scale", "cost", "best", "worst", "lunch", "dinner",
                "breakfast", "brunch", "night", "dawn", "dusk", "sunrise", "sunset", "bedtime", "length",
                "will", "fault", "peace", "war", "odds", "play", "rest", "it", "this", "that", "me",
                "you", "him", "them", "us", "her", "end", "beginning", "start", "latest", "earliest",
                "moment", "same", "top", "bottom", "very", "time", "next", "following", "bit", "while",
                "minute", "sec", "second", "few", "row", "hurry", "glance", "loss", "minimum", "maximum",
                "discount", "premium", "rate", "price", "pace", "speed", "point",
            ]
        ),
        (
            .takesIn,
            [
                "hand", "hands", "handed", "turn", "turned", "check", "checked", "checking", "log", "logged",
                "sign", "signed", "fill", "filled", "plug", "drop", "pencil", "phone", "call", "send", "mail",
                "factor", "tune", "zoom", "chip", "pitch", "give", "break", "cash", "clock", "punch", "put",
                "type", "write", "key", "tuck", "lock", "opt", "rope", "settle", "sit", "stay", "move",
                "moving", "interested", "involved", "participate", "invest", "believe", "included", "trade",
                "weigh", "dial", "listen", "join", "jump", "kick", "chime", "loop", "fit", "fold", "mix", "stir",
                "bring", "let", "hop", "walk", "tie", "sleep", "dive", "pop", "cave", "gave", "login",
                "signin", "rub",
            ]
        ),
        (
            .notPlaceAfterInThe,
            [
                "morning", "afternoon", "evening", "night", "end", "beginning", "start", "meantime",
                "future", "past", "middle", "first", "last", "next", "same", "long", "short", "way",
                "mood", "loop", "know", "works", "moment", "summer", "winter", "spring", "fall",
                "autumn", "week", "weekend", "month", "year", "day", "am", "pm", "background", "car",
                "mail", "queue", "system", "cloud", "app", "doc", "document", "spreadsheet", "sheet",
                "repo", "chat", "thread", "group", "channel", "calendar",
            ]
        ),
        (
            .notPlaceAfterIn,
            [
                "english", "spanish", "french", "german", "chinese", "mandarin", "japanese", "italian",
                "portuguese", "russian", "arabic", "hindi", "korean", "latin", "greek", "python",
                "swift", "java", "javascript", "typescript", "rust", "go", "excel", "markdown", "latex",
                "slack", "jira", "figma", "notion", "github", "gitlab", "q1", "q2", "q3", "q4", "h1",
                "h2", "person", "time", "advance", "progress", "general", "total", "full", "bulk",
                "case", "order", "fact", "private", "public", "pen", "pencil", "ink", "red", "blue",
                "green", "black", "writing", "detail", "draft", "review", "a", "an", "it", "this",
                "that", "my", "our", "his", "her", "their", "your", "i", "we", "you",
            ]
        ),
        (
            .function,
            [
                "on", "off", "out", "up", "down", "from", "with", "to", "at", "in", "for", "of", "and", "or",
                "is", "was", "are", "were", "through", "harder", "late", "overtime", "around", "it", "this",
                "that",
            ]
        ),
        (.holiday, ["halloween", "thanksgiving", "christmas", "xmas", "easter", "juneteenth", "valentines", "nye"]),
        (.reminderVerb, ["remind", "ping", "nudge", "alert", "notify", "bug", "buzz", "nag", "text", "message"]),
        (.ambiguousWeekday, ["sat", "sun", "wed"]),
        (
            .abbreviation,
            [
                "jan", "feb", "febr", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
                "mon", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat", "sun",
            ]
        ),
    ]

    private static let table: [String: QuickAddLexeme] = {
        var t: [String: QuickAddLexeme] = [:]
        for (key, word) in keywords { t[key, default: .empty].word = word }
        for (key, month) in months { t[key, default: .empty].month = month }
        for (key, day) in weekdays { t[key, default: .empty].weekday = day }
        for (key, n) in counts { t[key, default: .empty].count = n }
        for (key, unit) in units { t[key, default: .empty].unit = unit }
        for (classes, keys) in classLists {
            for key in keys { t[key, default: .empty].classes.insert(classes) }
        }
        for (words, _) in QuickAddHolidays.table { t[words[0], default: .empty].classes.insert(.holidayStart) }
        return t
    }()

    static func isSeparator(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0x2014, 0x2013, 0x3A, 0x2C, 0x3B, 0x7C, 0x2022, 0xB7: return true  // - — – : , ; | • ·
        default: return false
        }
    }

    static func isOpenBracket(_ scalar: UInt32) -> Bool { scalar == 0x28 || scalar == 0x5B || scalar == 0x7B }
    static func isCloseBracket(_ scalar: UInt32) -> Bool { scalar == 0x29 || scalar == 0x5D || scalar == 0x7D }

    static func isQuote(_ scalar: UInt32) -> Bool { scalar == 0x22 || scalar == 0x201C || scalar == 0x201D }
}
