/// The version of Checkwire this binary is, as `CHANGELOG.md` names its releases.
///
/// Why a target of its own: the server (`/healthz`, the `Server` header), the terminal client
/// (`checkwire --version`) and the load tester all report it, and none of them should have to
/// import another's module to read one string.
public enum ProductVersion {
    /// Semantic version of this build (`MAJOR.MINOR.PATCH`).
    public static let current = "0.18.0"
}
