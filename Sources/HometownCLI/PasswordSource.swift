import Foundation

/// Where `hometown post` takes the password from: --password, --password-stdin (the first line of standard
/// input) or $HOMETOWN_PASSWORD, exactly one of them.
enum PasswordSource {
    /// The password.
    /// - Throws: `CLIError` when both options are given, standard input is empty, or no source has one.
    static func read(option: String?, fromStandardInput: Bool) throws -> String {
        guard !(option != nil && fromStandardInput) else {
            throw CLIError("give the password one way: --password or --password-stdin")
        }
        if let option { return option }
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true) else {
                throw CLIError("--password-stdin: standard input is empty")
            }
            return line
        }
        if let env = ProcessInfo.processInfo.environment["HOMETOWN_PASSWORD"], !env.isEmpty { return env }
        throw CLIError("a password is needed: --password-stdin, HOMETOWN_PASSWORD, or --password")
    }
}
