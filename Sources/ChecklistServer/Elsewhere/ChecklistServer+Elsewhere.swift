import ChecklistStore
import Dispatch
import Logging
import CoreMetrics
import Synchronization
import Transport

extension ChecklistServer {
    /// The tail's lag above which the log warns: a transaction held open this long.
    static let tailLagWarning: Double = 3

    /// How often the heads of the checklists subscribed here are checked on a shared store.
    static let headCheckInterval = 250

    /// Starts following what the other servers of a shared store commit (nothing on a store
    /// only this server writes), checking the heads of subscribed checklists, and competes for
    /// the reminder scheduler.
    func followOtherServers() {
        if store.isShared { headCheckWakeUp.schedule(inMilliseconds: Self.headCheckInterval) }
        store.followOtherServers(
            CommitFollower(
                events: { [weak self] events in self?.committedElsewhere(events) },
                notices: { [weak self] notices in self?.noticedElsewhere(notices) },
                lag: { [weak self] lag in self?.tailLagMeasured(lag) }))
        let shared = store.isShared
        store.leadScheduling { [weak self] leads in
            guard let self else { return }
            if shared {
                logger.notice(
                    leads
                        ? "this server runs the reminder scheduler now"
                        : "this server lost the scheduling lock; another runs the reminder scheduler")
            }
            transport.execute { [self] in
                hub.schedulingChanged(leads: leads)
                performHubActions()
            }
        }
    }

    /// Events a shared store's tail read (any server's commits, this one's too, in any order,
    /// perhaps again), handed to the hub on the service thread: `FanOutOrder` gives each
    /// subscriber every one once, in `seq` order, reading from the log what it missed.
    func committedElsewhere(_ events: [CommittedEvent]) {
        let deliveries = events.map(EventDelivery.init(committedElsewhere:))
        transport.execute { [self] in
            hub.committedElsewhere(deliveries)
            performHubActions()
        }
    }

    /// Notices another server published, for this server's connections.
    func noticedElsewhere(_ notices: [ClusterNotice]) {
        let elsewhere = notices.compactMap { notice -> ElsewhereNotice? in
            switch notice {
            case .eventNotices: nil
            case .loggedOut(let tokenHash): .loggedOut(tokenHash: tokenHash)
            case .reminder(let userID, let message): .reminder(userID: userID, message: message)
            case .told(let userID, let message): .told(userID: userID, message: message)
            case .settings(let userID, let timeZone): .settings(userID: userID, timeZone: timeZone)
            case .schedule(let entries): .schedule(entries)
            }
        }
        guard !elsewhere.isEmpty else { return }
        transport.execute { [self] in
            hub.noticedElsewhere(elsewhere)
            performHubActions()
        }
    }

    /// Exports the tail's lag, and warns (at most every 10 s) while a transaction has been open
    /// for more than a few seconds, naming its server process.
    func tailLagMeasured(_ lag: TailLag) {
        transport.execute { [self] in hub.metrics.tailLag.record(lag.seconds) }
        guard lag.seconds > Self.tailLagWarning else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = tailLagWarnedAt.withLock { last in
            guard last == 0 || now >= last + 10_000_000_000 else { return false }
            last = now
            return true
        }
        guard due else { return }
        if let pid = lag.holderPID {
            logger.warning(
                "an open transaction holds back what other servers committed; events from them wait for it",
                metadata: [
                    "pid": "\(pid)", "open_seconds": "\(Int(lag.seconds))",
                    "hint": "SELECT pg_terminate_backend(\(pid)) ends it",
                ])
        } else {
            logger.warning(
                "cannot read what other servers commit; their events wait", metadata: ["seconds": "\(Int(lag.seconds))"]
            )
        }
    }
}
