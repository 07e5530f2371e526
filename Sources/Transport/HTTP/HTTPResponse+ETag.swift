extension HTTPResponse {
    /// Whether an `If-None-Match` header matches `etag`: a list of tags, weak or strong, or
    /// `*` (RFC 9110 §13.1.2, weak comparison). Feeds and attachments answer 304 with it.
    public static func ifNoneMatch(_ header: String, matches etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: " \t")
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        let blank = { (c: Character) in set.contains(c) }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
