public import OutboundDelivery

/// Sends Web Push messages from the server: `send` takes a message from any thread without
/// waiting; a thread of its own encrypts, signs and POSTs it, retries 429/5xx and network
/// failures (honouring `Retry-After`), and tells each message's end to `onOutcome`:
/// delivered, gone (the caller removes the subscription) or failed after its attempts.
/// `counts` is what `/metrics` exports; `stop()` ends what is still held as failed.
///
/// For example:
///
///     let channel = PushChannel(keys: keys, subject: try VAPIDSubject("mailto:ops@example.org"))
///     let sender = PushSender(channel: channel) { outcome in
///         storeQueue.async { handle(outcome) }  // hand on, never wait here
///     }
///     sender.send(PushMessage(subscription: subscription, payload: Array(reminderJSON.utf8)))
public typealias PushSender = Courier<PushChannel>
