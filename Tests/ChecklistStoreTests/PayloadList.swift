import ChecklistStore

/// A `ReplaySink` that keeps each payload as an array, for assertions.
struct PayloadList: ReplaySink, Sendable {
    private(set) var payloads: [[UInt8]] = []

    init() {}

    mutating func append(_ payload: UnsafeRawBufferPointer) { payloads.append(Array(payload)) }

    mutating func removeAll() { payloads.removeAll() }
}
