// The framework's own ceiling for the server benchmark: a Hummingbird 2 application whose responder does no work
// (every request gets 200 with the 6-byte body of GET count), on the same configuration as `hometown serve`.
// tools/bench/server/run.sh runs it beside hometown and nginx under the same wrk settings.
import Hummingbird
import NIOCore

let port = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 8090
let body = ByteBuffer(string: "100000")
let app = Application(
    responder: CallbackResponder<BasicRequestContext> { _, _ in
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: body))
    },
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "hometown")
)
try await app.runService()
