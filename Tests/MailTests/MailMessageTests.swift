import Foundation
import Testing

@testable import Mail

@Suite struct MailMessageTests {
    let date = Date(timeIntervalSince1970: 1_805_612_400)  // 2027-03-21 07:00:00 UTC

    func message(subject: String = "Reminder: Lab report", text: String = "Due at 14:00.", unsubscribe: Bool = true)
        throws -> MailMessage
    {
        try MailMessage(
            from: Mailbox(parsing: "Checkwire <reminders@checkwire.test>"), to: MailAddress("ana@example.org"),
            subject: subject, text: text,
            unsubscribe: unsubscribe ? URL(string: "https://checkwire.test/unsubscribe/abc") : nil)
    }

    func text(_ message: MailMessage) -> String {
        String(decoding: message.rendered(date: date, messageID: "m1"), as: UTF8.self)
    }

    @Test func headersOfAReminder() throws {
        let rendered = text(try message())
        let head = rendered.components(separatedBy: "\r\n\r\n")[0]
        #expect(head.contains("Date: Sun, 21 Mar 2027 07:00:00 +0000\r\n"))
        #expect(head.contains("From: \"Checkwire\" <reminders@checkwire.test>\r\n"))
        #expect(head.contains("To: ana@example.org\r\n"))
        #expect(head.contains("Subject: Reminder: Lab report\r\n"))
        #expect(head.contains("Message-ID: <m1@checkwire.test>\r\n"))
        #expect(head.contains("Content-Type: text/plain; charset=utf-8\r\n"))
        #expect(head.contains("Auto-Submitted: auto-generated\r\n"))
        #expect(head.contains("List-Unsubscribe: <https://checkwire.test/unsubscribe/abc>\r\n"))
        #expect(head.hasSuffix("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\nContent-Transfer-Encoding: 7bit"))
        #expect(rendered.hasSuffix("\r\n\r\nDue at 14:00.\r\n"))
    }

    @Test func noUnsubscribeHeadersForAMailTheUserCannotStop() throws {
        #expect(!text(try message(unsubscribe: false)).contains("List-Unsubscribe"))
    }

    @Test func everyLineEndsInCRLF_andNoneIsLong() throws {
        let long = String(repeating: "Überlänge ", count: 40)
        let rendered = text(try message(subject: long, text: "first\nsecond\r\nthird " + long))
        #expect(!rendered.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!rendered.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        for line in rendered.components(separatedBy: "\r\n") {
            // RFC 5322 asks 78 at most; RFC 2047, 76 for a line with encoded words.
            #expect(line.utf8.count <= (line.contains("=?utf-8?") ? 76 : 78), "\(line)")
        }
        // The subject's first word stays on its line.
        #expect(rendered.contains("\r\nSubject: =?utf-8?B?"))
        #expect(rendered.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func nonASCIISubjectsBecomeEncodedWords_thatNeverSplitACharacter() {
        let encoded = MailEncoding.headerText("Réviser l'examen — 数学 " + String(repeating: "é", count: 30))
        let words = encoded.split(separator: " ")
        #expect(words.count > 1)
        for word in words {
            #expect(word.hasPrefix("=?utf-8?B?") && word.hasSuffix("?=") && word.count <= 75)
            let payload = word.dropFirst(10).dropLast(2)
            let bytes = Data(base64Encoded: String(payload))!
            #expect(String(data: bytes, encoding: .utf8) != nil)
        }
        #expect(MailEncoding.headerText("plain =?not?= an encoded word").hasPrefix("=?utf-8?B?"))
        #expect(MailEncoding.headerText("two\r\nlines") == "two lines")
    }

    @Test(arguments: [
        ("a=b", "a=3Db"), ("é", "=C3=A9"), ("ends with space ", "ends with space=20"), ("tab\tinside", "tab\tinside"),
    ])
    func quotedPrintable(line: String, encoded: String) {
        #expect(String(decoding: MailEncoding.quotedPrintable(Array(line.utf8)), as: UTF8.self) == encoded)
    }

    @Test func quotedPrintableSoftBreaksAt76() {
        let encoded = String(
            decoding: MailEncoding.quotedPrintable(Array(String(repeating: "é", count: 40).utf8)), as: UTF8.self)
        let lines = encoded.components(separatedBy: "=\r\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 75 })
        #expect(lines.joined() == String(repeating: "=C3=A9", count: 40))
    }
}
