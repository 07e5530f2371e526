public import ChecklistCore

/// What a back end does to keep the devices that take Web Push (`PushDevice`), beside the
/// `StoragePort` it implements. Called on the store thread, inside the batch, as the port's
/// requirements are.
///
/// A protocol of its own so that a back end can be written, and pass the contract suite,
/// before it keeps devices: `StoreRules` asks its port for it, and a back end without it
/// refuses `pushSubscribe` with a message saying so.
public protocol PushDevicePort: AnyObject {
    func pushDevices(_ key: PushDeviceKey) throws(StorageFailure) -> [PushDevice]
    func write(_ change: PushDeviceChange) throws(StorageFailure)
}

public enum PushDeviceKey: Hashable, Sendable {
    /// A user's devices, oldest first (in the order subscribed).
    case user(UserID)
    /// The device with this id (at most one).
    case id(String)
    /// The device with this endpoint (at most one).
    case endpoint(String)
}

public enum PushDeviceChange: Hashable, Sendable {
    /// Inserts the device, or replaces the one with the same id.
    case saved(PushDevice)
    case removed(id: String)
    /// A push to it was accepted.
    case used(id: String, at: Timestamp)
}
