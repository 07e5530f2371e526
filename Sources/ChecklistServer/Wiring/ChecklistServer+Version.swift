import ProductVersion

/// How the server names its version to the outside: the `Server` header of every HTTP
/// response and the `/healthz` body. One place, so both always agree with `ProductVersion`.
extension ChecklistServer {
    /// The `Server` header's value: an RFC 9110 product token, `checkwire/0.18.0`.
    static let serverHeader = "checkwire/\(ProductVersion.current)"

    /// `/healthz`'s body: the state on the first line (`ok`, or why not), then
    /// `version 0.18.0`. The first line is what it always was, so a probe that reads only the
    /// status or the first line is unaffected; an operator sees which build answered.
    static func healthBody(_ state: String) -> [UInt8] {
        Array("\(state)\nversion \(ProductVersion.current)\n".utf8)
    }
}
