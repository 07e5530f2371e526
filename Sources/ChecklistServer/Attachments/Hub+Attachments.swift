import ChecklistCore
import ChecklistStore
import Transport
import WireProtocol
import CoreMetrics

/// Uploads meet the hub once their bytes are on disk: the `attach` edit goes through the
/// store like any edit, its event is broadcast to the checklist's subscribers, and the HTTP
/// request is answered after the commit (201 with the attachment, or the refusal).
extension Hub {
    func uploadReceived(_ upload: AttachmentUpload, maxTotalBytes: Int64, tokenHash: [UInt8], request: HTTPRequestID) {
        runStore(
            .attach(
                upload, maxTotalBytes: maxTotalBytes, opID: "upload-" + upload.attachment.id.rawValue,
                tokenHash: tokenHash),
            then: .upload(request)
        )
    }

    func uploadAttached(_ result: Result<StoreReply, StoreError>, request: HTTPRequestID) {
        let response: HTTPResponse
        switch result {
        case .success(.attached(let committed, let attachment)):
            if let delivery = committed.delivery { broadcast(delivery) }
            response = HTTPResponse(
                status: 201, contentType: "application/json", body: ServerMessage.attachmentCreated(attachment))
        case .success(.unauthenticated):
            response = HTTPResponse(WireError.invalidCredentials)
        case .success:
            response = HTTPResponse(WireError(.internal, "unexpected store reply to an upload"))
        case .failure(let error):
            metrics.errors.increment()
            response = HTTPResponse(WireError(error))
        }
        actions.append(.respondHTTP(response, to: request))
    }
}
