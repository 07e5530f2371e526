import ChecklistCore
import ChecklistStore
import Credentials
import Transport

/// The links in mail, answered without a session: `GET /email/verify/<token>` (the address
/// check, single use), and `/email/unsubscribe/<token>`: `GET` shows a page that asks, `POST`
/// (RFC 8058's one-click, which mail readers send with `List-Unsubscribe=One-Click`, or the
/// page's button) turns reminders and the digest off. A GET never changes anything, so a
/// link checker or a mail scanner that follows links cannot unsubscribe anyone.
extension ChecklistServer {
    /// `GET /email/verify/<token>`: confirms the address the token was mailed to.
    func answerVerificationLink(_ request: HTTPRequest) {
        guard let token = mailLinkToken(request) else { return }
        runOnStore(.verifyEmail(tokenHash: SessionToken(text: token).storedHash, now: configuration.clock())) {
            [self] result in
            transport.execute { [self] in
                if case .success(.emailVerified(.verified, let next?)) = result {
                    hub.holdDigest(next)
                    performHubActions()
                }
                transport.respond(to: request.id, with: Self.verificationPage(result))
            }
        }
    }

    /// `GET /email/unsubscribe/<token>`: the page that asks; it changes nothing.
    func answerUnsubscribePage(_ request: HTTPRequest) {
        guard mailLinkToken(request) != nil else { return }
        transport.respond(
            to: request.id,
            with: Self.page(
                200, "Stop Checkwire mail?",
                "No more reminders or digests will be mailed to you. You can turn them on again in Checkwire's settings.",
                form: "Unsubscribe"))
    }

    /// `POST /email/unsubscribe/<token>`: turns reminders and the digest off.
    func answerUnsubscribe(_ request: HTTPRequest) {
        guard let token = mailLinkToken(request) else { return }
        runOnStore(.unsubscribeEmail(token: token)) { [transport] result in
            let response: HTTPResponse =
                switch result {
                case .success(.emailUnsubscribed(_?)):
                    Self.page(
                        200, "Unsubscribed",
                        "Checkwire mails you no more reminders or digests. Turn them on again in its settings.")
                case .success:
                    Self.page(404, "Unknown link", "This unsubscribe link is not one Checkwire knows.")
                case .failure:
                    Self.page(503, "Try again", "That could not be saved right now; try again shortly.")
                }
            transport!.execute { transport!.respond(to: request.id, with: response) }
        }
    }

    /// Any other path under `/email`.
    func answerUnknownMailLink(_ request: HTTPRequest) {
        transport.respond(to: request.id, with: Self.unknownMailLink)
    }

    /// The token of `/email/<action>/<token>`, or nil once the request is answered: 404 for a
    /// path of another shape or a malformed token, 503 while the server shuts down.
    private func mailLinkToken(_ request: HTTPRequest) -> String? {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false)
        // "", "email", action, token
        guard parts.count == 4, Self.isMailToken(parts[3]) else {
            transport.respond(to: request.id, with: Self.unknownMailLink)
            return nil
        }
        guard !hub.draining else {
            transport.respond(to: request.id, with: Self.page(503, "Try again", "The server is restarting."))
            return nil
        }
        return String(parts[3])
    }

    static let unknownMailLink = page(404, "Not found", "This link is not one Checkwire gave out.")

    /// Tokens are 64 hex digits (`SessionToken`).
    static func isMailToken(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static func verificationPage(_ result: Result<StoreReply, StoreError>) -> HTTPResponse {
        switch result {
        case .success(.emailVerified(.verified(let settings), _)):
            return page(
                200, "Address confirmed",
                "Checkwire will mail \(settings.address) the reminders no device of yours took, and your digest if you chose one."
            )
        case .success(.emailVerified(.expired, _)):
            return page(
                410, "Link expired",
                "This link is more than 48 hours old. Enter your address again in Checkwire to get a new one.")
        case .success:
            return page(404, "Link already used", "This link was used already, or replaced by a newer one.")
        case .failure:
            return page(503, "Try again", "That could not be saved right now; try again shortly.")
        }
    }

    /// A small page; `form` adds a button that POSTs to the same URL.
    static func page(_ status: Int, _ title: String, _ text: String, form: String? = nil) -> HTTPResponse {
        let button =
            form.map {
                "<form method=\"post\"><input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\"><button type=\"submit\">\($0)</button></form>"
            } ?? ""
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title) · Checkwire</title>\
            </head><body><main><h1>\(title)</h1><p>\(text)</p>\(button)</main></body></html>

            """
        return HTTPResponse(
            status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8),
            headers: [
                ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
                ("Content-Security-Policy", "default-src 'none'; form-action 'self'"),
            ])
    }
}
