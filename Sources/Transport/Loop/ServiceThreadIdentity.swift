import Glibc

/// Answers "is the current thread the service thread of this engine?" without a lock.
///
/// Each service thread stores its loop's address in a thread-specific slot when it starts;
/// any thread can compare its own slot with a loop's address. This is cheap enough for the
/// precondition on every `send`, and free of data races (each thread only reads its own slot).
enum ServiceThreadIdentity {
    /// Marks the calling thread as the service thread of `token`.
    static func markCurrentThread(as token: UnsafeMutableRawPointer) {
        pthread_setspecific(key, token)
    }

    static func currentThreadIs(_ token: UnsafeMutableRawPointer) -> Bool {
        let current: UnsafeMutableRawPointer? = pthread_getspecific(key)
        return current == token
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}
