import ArgumentParser
import Foundation

/// Where `hometown post`, `delete` and `update` take the password from: --password, --password-stdin (the
/// first line of standard input) or $HOMETOWN_PASSWORD, exactly one of them. A command takes these options with
/// `@OptionGroup var password: PasswordSource`.
struct PasswordSource: ParsableArguments {
    @Option(help: "The password (at least 3 characters); prefer --password-stdin or HOMETOWN_PASSWORD.")
    var password: String?

    @Flag(help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    /// The password (not checked against the protocol's rules: the caller does that).
    /// - Throws: `CLIError` when both options are given, standard input is empty, or no source has one.
    func read() throws -> String {
        guard !(password != nil && passwordStdin) else {
            throw CLIError("give the password one way: --password or --password-stdin")
        }
        if let password { return password }
        if passwordStdin {
            guard let line = readLine(strippingNewline: true) else {
                throw CLIError("--password-stdin: standard input is empty")
            }
            return line
        }
        if let env = ProcessInfo.processInfo.environment["HOMETOWN_PASSWORD"], !env.isEmpty { return env }
        throw CLIError("a password is needed: --password-stdin, HOMETOWN_PASSWORD, or --password")
    }
}
