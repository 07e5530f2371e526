public import ChecklistStore

/// A `ReplaySink` that keeps each payload as an array, for assertions.
public struct PayloadList: ReplaySink, Sendable {
    public private(set) var payloads: [[UInt8]] = []

    public init() {}

    public mutating func append(_ payload: UnsafeRawBufferPointer) { payloads.append(Array(payload)) }

    public mutating func removeAll() { payloads.removeAll() }
}
