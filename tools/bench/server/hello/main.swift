// The framework's own ceiling for the server benchmark: a Hummingbird 2 application whose responder does no work
// (every request gets 200 with the same bytes: the 6-byte body of GET count, or the file given), on the same
// configuration as `hometown serve`. tools/bench/server/run.sh runs it beside hometown and nginx under the same
// wrk settings, once per GET row with that row's answer bytes.
// Usage: hometown-bench-hello [PORT [FILE]]
import Foundation
import Hummingbird
import NIOCore

let arguments = CommandLine.arguments.dropFirst()
let port = Int(arguments.first ?? "") ?? 8090
let body: ByteBuffer
if arguments.count > 1, let data = FileManager.default.contents(atPath: arguments[arguments.startIndex + 1]) {
    body = ByteBuffer(bytes: data)
} else {
    body = ByteBuffer(string: "100000")
}
let app = Application(
    responder: CallbackResponder<BasicRequestContext> { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: body))
    },
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "hometown")
)
try await app.runService()
