public import ChecklistCore

/// Replies about the devices that take Web Push (docs/protocol.md, "Notifications when
/// nothing is open").
extension ServerMessage {
    /// `pushKey`: the VAPID public key, the uncompressed P-256 point in base64url.
    public static func pushKey(_ key: String, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.beginMessage("pushKey", ref: ref)
        writer.field("key", key)
        writer.endObject()
        return writer.bytes
    }

    public static func pushSubscribed(id: String, ref: String?) -> [UInt8] {
        deviceMessage("pushSubscribed", id: id, ref: ref)
    }

    public static func pushUnsubscribed(id: String, ref: String?) -> [UInt8] {
        deviceMessage("pushUnsubscribed", id: id, ref: ref)
    }

    private static func deviceMessage(_ type: String, id: String, ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        writer.beginMessage(type, ref: ref)
        writer.field("id", id)
        writer.endObject()
        return writer.bytes
    }

    /// `devices`: oldest first; `lastUsed` is when a push to it was last accepted (or it was
    /// last subscribed).
    public static func devices(_ devices: [Device], ref: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + 160 * devices.count)
        writer.beginMessage("devices", ref: ref)
        writer.key("devices")
        writer.beginArray()
        for device in devices {
            writer.beginObject()
            writer.field("id", device.id)
            writer.field("device", device.device)
            writer.field("created", device.created)
            writer.field("lastUsed", device.lastUsed)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
