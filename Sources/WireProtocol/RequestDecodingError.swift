/// A request the server cannot act on, with what it could read of its `opId` and `ref`
/// so the `badRequest` reply can echo them.
public struct RequestDecodingError: Error, Hashable, Sendable {
    public var message: String
    public var opID: String?
    public var ref: String?

    public init(_ message: String, opID: String? = nil, ref: String? = nil) {
        self.message = message
        self.opID = opID
        self.ref = ref
    }
}
