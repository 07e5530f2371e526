public import ChecklistCore
public import ChecklistStore

/// The devices that take Web Push: subscribed per user, listed, removed by their user or
/// when their push service says they are gone, and looked up when reminders fire.
extension StoreRules {
    /// The back end's device table, or `badRequest` when it keeps none.
    private func devicePort() throws(StoreError) -> any PushDevicePort {
        guard let port = port as? any PushDevicePort else {
            throw .rejected(.badRequest("this server's store keeps no push devices"))
        }
        return port
    }

    public func subscribePush(_ device: PushDevice, limit: Int) throws(StoreError) -> PushDevice {
        let devices = try devicePort()
        do {
            var stored = device
            if let existing = try devices.pushDevices(.endpoint(device.endpoint)).first {
                // The same browser again: it keeps its id and creation time, and belongs to
                // whoever subscribed it last.
                stored.id = existing.id
                stored.created = existing.created
            }
            let others = try devices.pushDevices(.user(device.userID)).filter { $0.id != stored.id }
            guard others.count < limit else {
                throw StoreError.rejected(
                    .tooLarge(
                        "you have \(others.count) devices taking notifications, the most one account may have; remove one first"
                    ))
            }
            try devices.write(.saved(stored))
            return stored
        } catch {
            throw storeError(error)
        }
    }

    public func pushDevices(of userID: UserID) throws(StoreError) -> [PushDevice] {
        guard let devices = port as? any PushDevicePort else { return [] }
        do { return try devices.pushDevices(.user(userID)) } catch { throw failed(error) }
    }

    public func unsubscribePush(id: String, userID: UserID) throws(StoreError) {
        let devices = try devicePort()
        do {
            guard let device = try devices.pushDevices(.id(id)).first, device.userID == userID else {
                throw StoreError.rejected(.notFound("no device with id \(id) takes your notifications"))
            }
            try devices.write(.removed(id: id))
        } catch {
            throw storeError(error)
        }
    }

    public func pushDeliveries(of deliveries: [(userID: UserID, itemID: ItemID, payload: [UInt8])])
        throws(StoreError) -> [PushDelivery]
    {
        guard !deliveries.isEmpty, let devices = port as? any PushDevicePort else { return [] }
        do {
            var byUser: [UserID: [PushDevice]] = [:]
            var pushes: [PushDelivery] = []
            for delivery in deliveries {
                if byUser[delivery.userID] == nil {
                    byUser[delivery.userID] = try devices.pushDevices(.user(delivery.userID))
                }
                for device in byUser[delivery.userID] ?? [] {
                    pushes.append(PushDelivery(device: device, payload: delivery.payload, itemID: delivery.itemID))
                }
            }
            return pushes
        } catch {
            throw failed(error)
        }
    }

    public func pushAnswered(deviceID: String, endpoint: String, gone: Bool, at: Timestamp) throws(StoreError) {
        guard let devices = port as? any PushDevicePort else { return }
        do {
            // Only the subscription that was pushed to: the device may have subscribed again since.
            guard let device = try devices.pushDevices(.id(deviceID)).first, device.endpoint == endpoint else { return }
            try devices.write(gone ? .removed(id: deviceID) : .used(id: deviceID, at: at))
        } catch {
            throw failed(error)
        }
    }
}
