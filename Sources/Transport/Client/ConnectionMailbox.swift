import Synchronization

/// What one `WebSocketConnection` has received, and the async callers waiting for it.
///
/// The client engine's thread posts events; async callers take results. Waiters are
/// continuations kept under the same lock as the state, each resumed exactly once: by the
/// event that satisfies it, by its timeout, or by task cancellation, whichever removes it first.
// @unchecked Sendable: all mutable state lives in `state`, accessed only under its lock.
final class ConnectionMailbox: @unchecked Sendable {
    enum Phase: Equatable {
        case connecting
        case open
        case failed(reason: String)
        case closed(code: UInt16?, reason: String)
    }

    struct State {
        var phase = Phase.connecting
        var messages: [WebSocketMessage] = []
        var readIndex = 0
        fileprivate var waiters: [UInt64: Waiter] = [:]
        fileprivate var nextToken: UInt64 = 0

        /// The next unread message, if any.
        mutating func takeMessage() -> WebSocketMessage? {
            guard readIndex < messages.count else { return nil }
            let message = messages[readIndex]
            readIndex += 1
            if readIndex == messages.count {
                messages.removeAll(keepingCapacity: true)
                readIndex = 0
            }
            return message
        }
    }

    fileprivate struct Waiter {
        /// Resumes the continuation and returns true if the state now answers the wait.
        let fulfil: (inout State) -> Bool
        let fail: (any Error) -> Void
    }

    private let state = Mutex(State())

    var phase: Phase { state.withLock { $0.phase } }

    // MARK: - Engine side

    func post(_ update: (inout State) -> Void) {
        state.withLock { state in
            update(&state)
            for (token, waiter) in state.waiters where waiter.fulfil(&state) {
                state.waiters[token] = nil
            }
        }
    }

    // MARK: - Caller side

    /// Waits until `attempt` returns a result, at most `timeout`.
    func wait<T: Sendable>(
        timeout: Duration,
        _ attempt: @escaping @Sendable (inout State) -> Result<T, WebSocketConnectionError>?
    ) async throws -> T {
        let token = state.withLock { state -> UInt64 in
            state.nextToken += 1
            return state.nextToken
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let immediate = state.withLock { state -> Result<T, WebSocketConnectionError>? in
                    if let result = attempt(&state) { return result }
                    state.waiters[token] = Waiter(
                        fulfil: { state in
                            guard let result = attempt(&state) else { return false }
                            continuation.resume(with: result.mapError { $0 as any Error })
                            return true
                        },
                        fail: { continuation.resume(throwing: $0) }
                    )
                    return nil
                }
                if let immediate {
                    continuation.resume(with: immediate.mapError { $0 as any Error })
                    return
                }
                Task { [self] in
                    try? await Task.sleep(for: timeout)
                    expire(token, with: WebSocketConnectionError.timedOut)
                }
            }
        } onCancel: {
            expire(token, with: CancellationError())
        }
    }

    private func expire(_ token: UInt64, with error: any Error) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: token) }
        waiter?.fail(error)
    }
}
