import Foundation
import HometownProtocol

/// Answers on standard output, notes on standard error. Every answer a command prints goes through here, so that
/// one that cannot be written (a full disk, a closed descriptor) is a system failure (status 1) naming the reason,
/// never a crash or a silent success.
enum CLIOutput {
    /// `value` as the protocol writes it (`AnswerCoding`), and a line break.
    /// - Throws: `SystemFailure` when standard output cannot be written.
    static func printJSON<T: Encodable>(_ value: T) throws {
        var bytes = try AnswerCoding.encode(value)
        bytes.append(0x0A)
        try BatchOutput().write(bytes)
    }

    /// `text` and a line break (`terminator`), as `print` would write them.
    /// - Throws: `SystemFailure` when standard output cannot be written.
    static func line(_ text: String, terminator: String = "\n") throws {
        try BatchOutput().write(Array((text + terminator).utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("note: \(message)\n".utf8))
    }
}
