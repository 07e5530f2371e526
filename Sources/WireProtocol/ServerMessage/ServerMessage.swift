/// A message from the server, as a value: what a client decodes (`ServerMessage.decode`) and
/// what re-encodes to the very bytes the server sent (`encoded()`).
///
/// The server itself writes its messages with the static writers beside these cases
/// (`ServerMessage.event(_:)` and the rest, in the `ServerMessage+…Writers.swift` files): they go from the
/// domain's values straight to bytes with the measured `JSONWriter`, and an event's bytes are
/// stored in the log. `encoded()` goes through those same writers, so there is one encoding;
/// the golden fixtures (`Tests/fixtures/wire/server`) check that decoding and re-encoding give
/// back each fixture byte for byte.
///
/// Forward compatible, as the contract asks of clients: unknown fields are ignored (kept in
/// the payloads' `raw` where a client passes them on), and a message of a type this value does
/// not model arrives as `.other` instead of failing.
public enum ServerMessage: Sendable, Equatable {
    case authed(Authed)
    case loggedOut(LoggedOut)
    case error(ErrorReply)
    case ack(Ack)
    case lists(Lists)
    case snapshot(Snapshot)
    case subscribed(Subscribed)
    case unsubscribed(Unsubscribed)
    case listShared(ListShared)
    case revoked(Revoked)
    case event(RemoteEvent)
    case settings(Settings)
    case reminder(Reminder)
    case reminderDismissed(ReminderDismissed)
    case reminderSnoozed(ReminderSnoozed)
    case history(History)
    case agenda(Agenda)
    case search(SearchResults)
    case feed(Feed)
    case attachmentURL(AttachmentURL)
    case pushKey(PushKey)
    case pushSubscribed(DeviceReply)
    case pushUnsubscribed(DeviceReply)
    case devices(Devices)
    /// A type this build does not model (one a newer server added): the message as sent.
    case other(type: String, JSONValue)
}
