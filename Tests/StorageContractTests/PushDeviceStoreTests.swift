import ChecklistCore
import ChecklistStore
import Foundation
import StorageRules
import StoreTestSupport
import Testing

/// The devices that take Web Push: one per endpoint, per user, bounded; removed by their
/// user or when their push service says they are gone, and kept across a restart.
@Suite struct PushDeviceStoreTests {
    static func device(_ endpoint: String, of user: UserAccount, named name: String = "Phone") -> PushDevice {
        let now = Timestamp(milliseconds: 1_800_000_000_000)
        return PushDevice(
            id: UUID().uuidString, userID: user.id, device: name, endpoint: "https://push.example.org/\(endpoint)",
            p256dh: "key-\(endpoint)", auth: "auth-\(endpoint)", created: now, lastUsed: now)
    }

    @Test(arguments: StorageBackendKind.allCases)
    func anEndpointIsOneDeviceOfWhoeverSubscribedItLast(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            let sam = try store.signUp("sam")
            let first = try store.sync { s throws(StoreError) in
                try s.subscribePush(Self.device("a", of: olive), limit: 3)
            }
            let renamed = try store.sync { s throws(StoreError) in
                try s.subscribePush(Self.device("a", of: olive, named: "Laptop"), limit: 3)
            }
            #expect(renamed.id == first.id, "the same endpoint keeps its id")
            #expect(
                try store.sync { s throws(StoreError) in try s.pushDevices(of: olive.id) }.map(\.device) == ["Laptop"])
            // Sam signs in on that browser and subscribes it: it reminds Sam now, not Olive.
            _ = try store.sync { s throws(StoreError) in try s.subscribePush(Self.device("a", of: sam), limit: 3) }
            #expect(try store.sync { s throws(StoreError) in try s.pushDevices(of: olive.id) }.isEmpty)
            #expect(try store.sync { s throws(StoreError) in try s.pushDevices(of: sam.id) }.map(\.id) == [first.id])
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func tooManyDevicesAreRefusedAndRemovalIsTheOwners(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            let sam = try store.signUp("sam")
            for name in ["a", "b"] {
                _ = try store.sync { s throws(StoreError) in try s.subscribePush(Self.device(name, of: olive), limit: 2)
                }
            }
            #expect(throws: StoreError.self) {
                try store.sync { s throws(StoreError) in try s.subscribePush(Self.device("c", of: olive), limit: 2) }
            }
            // Subscribing a device it has again is not one more.
            _ = try store.sync { s throws(StoreError) in try s.subscribePush(Self.device("b", of: olive), limit: 2) }
            let devices = try store.sync { s throws(StoreError) in try s.pushDevices(of: olive.id) }
            #expect(devices.count == 2)
            let id = devices[0].id
            #expect(throws: StoreError.rejected(.notFound("no device with id \(id) takes your notifications"))) {
                try store.sync { s throws(StoreError) in try s.unsubscribePush(id: id, userID: sam.id) }
            }
            try store.sync { s throws(StoreError) in try s.unsubscribePush(id: id, userID: olive.id) }
            #expect(try store.sync { s throws(StoreError) in try s.pushDevices(of: olive.id) }.count == 1)
        }
    }

    @Test(arguments: StorageBackendKind.allCases)
    func firedRemindersGoToEachDeviceAndGoneDevicesAreForgotten(_ kind: StorageBackendKind) throws {
        try kind.withStore { store throws in
            let olive = try store.signUp("olive")
            let sam = try store.signUp("sam")
            let phone = try store.sync { s throws(StoreError) in
                try s.subscribePush(Self.device("p", of: olive), limit: 5)
            }
            let laptop = try store.sync { s throws(StoreError) in
                try s.subscribePush(Self.device("l", of: olive), limit: 5)
            }
            let pushes = try store.sync { s throws(StoreError) in
                try s.pushDeliveries(of: [(olive.id, "i1", [1]), (sam.id, "i1", [2]), (olive.id, "i2", [3])])
            }
            #expect(
                pushes.map { [$0.device.id, $0.itemID.rawValue, "\($0.payload)"] } == [
                    [phone.id, "i1", "[1]"], [laptop.id, "i1", "[1]"], [phone.id, "i2", "[3]"],
                    [laptop.id, "i2", "[3]"],
                ])
            let later = Timestamp(milliseconds: 1_900_000_000_000)
            try store.sync { s throws(StoreError) in
                try s.pushAnswered(deviceID: laptop.id, endpoint: laptop.endpoint, gone: false, at: later)
                // An answer about an endpoint the device no longer has changes nothing.
                try s.pushAnswered(deviceID: phone.id, endpoint: "https://push.example.org/old", gone: true, at: later)
                try s.pushAnswered(deviceID: "unknown", endpoint: phone.endpoint, gone: true, at: later)
            }
            var devices = try store.sync { s throws(StoreError) in try s.pushDevices(of: olive.id) }
            #expect(devices.map(\.id) == [phone.id, laptop.id])
            #expect(devices[1].lastUsed == later && devices[0].lastUsed == phone.lastUsed)
            try store.sync { s throws(StoreError) in
                try s.pushAnswered(deviceID: phone.id, endpoint: phone.endpoint, gone: true, at: later)
            }
            devices = try store.sync { s throws(StoreError) in try s.pushDevices(of: olive.id) }
            #expect(devices.map(\.id) == [laptop.id])
        }
    }
}
