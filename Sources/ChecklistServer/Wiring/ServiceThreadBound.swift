/// A value that only the lws service thread may touch, checked on every access: misuse from
/// another thread traps at once instead of racing. NIO's `NIOLoopBound` is the model.
///
/// `@unchecked Sendable`: it may be handed across threads, but `value` can only be read on the
/// service thread, which the check enforces.
final class ServiceThreadBound<Value>: @unchecked Sendable {
    private let storage: Value
    private let isServiceThread: @Sendable () -> Bool

    init(_ value: Value, isServiceThread: @escaping @Sendable () -> Bool) {
        storage = value
        self.isServiceThread = isServiceThread
    }

    var value: Value {
        precondition(isServiceThread(), "this state is confined to the lws service thread")
        return storage
    }
}
