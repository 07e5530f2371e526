public import ChecklistCore

// Replies about the devices that take Web Push (docs/protocol.md, "Notifications when nothing
// is open").
extension ServerMessage {
    /// `pushKey`: the server's VAPID public key (the uncompressed P-256 point, base64url).
    public struct PushKey: Sendable, Equatable {
        public var key: String
        public var ref: String?

        public init(key: String, ref: String? = nil) {
            self.key = key
            self.ref = ref
        }
    }

    /// `pushSubscribed` (the device now takes push, under `id`) and `pushUnsubscribed` (the
    /// device `id` takes no more).
    public struct DeviceReply: Sendable, Equatable {
        public var id: String
        public var ref: String?

        public init(id: String, ref: String? = nil) {
            self.id = id
            self.ref = ref
        }
    }

    /// `devices`: the user's devices that take push, oldest first.
    public struct Devices: Sendable, Equatable {
        public var devices: [Device]
        public var ref: String?

        public init(devices: [Device], ref: String? = nil) {
            self.devices = devices
            self.ref = ref
        }
    }

    /// One device that takes push: what the server writes and what a client reads back.
    public struct Device: Sendable, Equatable {
        public var id: String
        /// The name the user gave it ("Chromium on Linux").
        public var device: String
        public var created: Timestamp
        /// When a push to it was last accepted (or it was last subscribed).
        public var lastUsed: Timestamp

        public init(id: String, device: String, created: Timestamp, lastUsed: Timestamp) {
            self.id = id
            self.device = device
            self.created = created
            self.lastUsed = lastUsed
        }
    }
}

extension ServerMessage.Devices {
    init(json: JSONValue) throws(ServerMessageDecodingError) {
        devices = []
        for device in json["devices"]?.arrayValue ?? [] { devices.append(try ServerMessage.Device(json: device)) }
        ref = json.string("ref")
    }
}

extension ServerMessage.Device {
    init(json: JSONValue) throws(ServerMessageDecodingError) {
        id = try json.required("id", in: "a device")
        device = json.string("device") ?? ""
        created = try json.requiredTimestamp("created", in: "a device")
        lastUsed = json.timestamp("lastUsed") ?? created
    }

    /// The device as `devices` writes it, for `--json`.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("id", .string(id)), ("device", .string(device)), ("created", .string(created.rfc3339)),
                ("lastUsed", .string(lastUsed.rfc3339)),
            ]))
    }
}
