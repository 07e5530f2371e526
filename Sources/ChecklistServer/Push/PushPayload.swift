import ChecklistCore
import ChecklistStore
import WebPush

/// What a push carries: the `reminder` message as sent over the WebSocket, which is the
/// protocol's payload. A push holds at most `PushEncryption.maximumPayload` bytes (one
/// 4,096-byte record); a reminder whose item has long notes or attachments would not fit, so
/// it goes without them (and, should that not do, with its titles shortened): what a
/// notification shows, and what its actions need (list, item, kind, `at`), are kept.
enum PushPayload {
    static func fitting(_ delivery: ReminderDelivery, as message: [UInt8]) -> [UInt8] {
        guard message.count > PushEncryption.maximumPayload else { return message }
        var slim = delivery
        slim.item.item.notes = nil
        slim.item.item.location = nil
        slim.item.item.attachments = []
        var encoded = StoreCommandRunner.encode(slim)
        if encoded.count > PushEncryption.maximumPayload {
            slim.listTitle = String(slim.listTitle.prefix(80))
            slim.item.item.title = String(slim.item.item.title.prefix(200))
            encoded = StoreCommandRunner.encode(slim)
        }
        return encoded
    }
}
