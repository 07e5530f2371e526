public import ChecklistCore
public import ChecklistStore
import GRDB

/// The devices that take Web Push, in `push_devices` (one row per endpoint).
extension SQLiteStorage: PushDevicePort {
    public func pushDevices(_ key: PushDeviceKey) throws(StorageFailure) -> [PushDevice] {
        try guarded {
            let columns = "id, user_id, device, endpoint, p256dh, auth, created_at, last_used_at"
            let (condition, argument): (String, any DatabaseValueConvertible) =
                switch key {
                case .user(let userID): ("user_id = ?", userID)
                case .id(let id): ("id = ?", id)
                case .endpoint(let endpoint): ("endpoint = ?", endpoint)
                }
            return try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT \(columns) FROM push_devices WHERE \(condition) ORDER BY created_at, rowid"),
                arguments: [argument]
            ).map { row in
                PushDevice(
                    id: row[0], userID: row[1], device: row[2], endpoint: row[3], p256dh: row[4], auth: row[5],
                    created: Timestamp(milliseconds: row[6]), lastUsed: Timestamp(milliseconds: row[7]))
            }
        }
    }

    public func write(_ change: PushDeviceChange) throws(StorageFailure) {
        try guarded {
            switch change {
            case .saved(let device):
                try db.cachedStatement(
                    sql: """
                        INSERT INTO push_devices (id, user_id, device, endpoint, p256dh, auth, created_at, last_used_at)
                        VALUES (?,?,?,?,?,?,?,?)
                        ON CONFLICT(id) DO UPDATE SET user_id = excluded.user_id, device = excluded.device,
                            endpoint = excluded.endpoint, p256dh = excluded.p256dh, auth = excluded.auth,
                            last_used_at = excluded.last_used_at
                        """
                ).execute(arguments: [
                    device.id, device.userID, device.device, device.endpoint, device.p256dh, device.auth,
                    device.created.milliseconds, device.lastUsed.milliseconds,
                ])
            case .removed(let id):
                try db.cachedStatement(sql: "DELETE FROM push_devices WHERE id = ?").execute(arguments: [id])
            case .used(let id, let at):
                try db.cachedStatement(sql: "UPDATE push_devices SET last_used_at = ? WHERE id = ?")
                    .execute(arguments: [at.milliseconds, id])
            }
        }
    }
}
