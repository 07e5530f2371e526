import Glibc
import Testing
@testable import Transport

/// `checkwire serve` prints these as they are: they must name the cause and the way out.
@Suite struct TransportErrorTests {
    @Test func descriptionsNameTheCause() {
        #expect(
            TransportError.listenFailed(host: "127.0.0.1", port: 8080, errno: EADDRINUSE).description
                == "cannot listen on 127.0.0.1:8080: Address already in use")
        #expect(TransportError.eventLoopUnavailable.description.contains("libwebsockets-evlib-ev"))
        #expect(TransportError.eventLoopUnavailable.description.contains("poll"))
        #expect(TransportError.invalidURL("http://x").description.contains("http://x"))
    }
}
