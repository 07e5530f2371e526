public import ChecklistCore
public import ChecklistStore

/// The devices that take Web Push, in `push_devices` (one row per endpoint), as SQLite keeps
/// them: every server on the database sends to the same devices.
extension PostgresStorage: PushDevicePort {
    public func pushDevices(_ key: PushDeviceKey) throws(StorageFailure) -> [PushDevice] {
        let condition: String
        let value: SQLValue
        switch key {
        case .user(let userID): (condition, value) = ("user_id = $1", .id(userID))
        case .id(let id): (condition, value) = ("id = $1", .text(id))
        case .endpoint(let endpoint): (condition, value) = ("endpoint = $1", .text(endpoint))
        }
        return try link.query(
            """
            SELECT id, user_id, device, endpoint, p256dh, auth, created_at, last_used_at FROM push_devices
            WHERE \(condition) ORDER BY created_at, position
            """, [value]
        ).map { row in
            PushDevice(
                id: row.string(0), userID: row.id(1), device: row.string(2), endpoint: row.string(3),
                p256dh: row.string(4), auth: row.string(5), created: Timestamp(milliseconds: row.int64(6)),
                lastUsed: Timestamp(milliseconds: row.int64(7)))
        }
    }

    public func write(_ change: PushDeviceChange) throws(StorageFailure) {
        wroteInBatch = true
        switch change {
        case .saved(let device):
            _ = try link.execute(
                """
                INSERT INTO push_devices (id, user_id, device, endpoint, p256dh, auth, created_at, last_used_at)
                VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
                ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, device = excluded.device,
                    endpoint = excluded.endpoint, p256dh = excluded.p256dh, auth = excluded.auth,
                    last_used_at = excluded.last_used_at
                """,
                [
                    .text(device.id), .id(device.userID), .text(device.device), .text(device.endpoint),
                    .text(device.p256dh), .text(device.auth), .time(device.created), .time(device.lastUsed),
                ])
        case .removed(let id):
            _ = try link.execute("DELETE FROM push_devices WHERE id = $1", [.text(id)])
        case .used(let id, let at):
            _ = try link.execute("UPDATE push_devices SET last_used_at = $1 WHERE id = $2", [.time(at), .text(id)])
        }
    }
}
