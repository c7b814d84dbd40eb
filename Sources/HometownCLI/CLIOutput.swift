import Foundation
import HometownProtocol

/// JSON on standard output, notes on standard error.
enum CLIOutput {
    /// `value` as the protocol writes it (`AnswerCoding`), and a line break.
    static func printJSON<T: Encodable>(_ value: T) throws {
        var bytes = try AnswerCoding.encode(value)
        bytes.append(0x0A)
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("note: \(message)\n".utf8))
    }
}
