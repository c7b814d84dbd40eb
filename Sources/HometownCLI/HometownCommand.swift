import ArgumentParser
import HometownCore

/// The `hometown` command: turns map points into places and places into map points, and shows many posted
/// places on a map. Each capability is a subcommand; the work is done by the library modules.
public struct HometownCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hometown",
        abstract: "Offline geocoding and map tools for posted hometowns.",
        discussion: """
            Reverse geocoding (a point to country, state and city), forward geocoding (a
            name to a point and box), marker clustering and map regions, all from the
            bundled Natural Earth and GeoNames data.
            Data: Made with Natural Earth. Contains data from GeoNames (geonames.org), CC
            BY 4.0. hometown --version --verbose prints the version and the data files
            found, with their format versions and checksums.
            """,
        version: HometownVersion.current,
        subcommands: [
            ServeCommand.self, PostCommand.self, UpdateCommand.self, DeleteCommand.self, UsersCommand.self,
            ReverseCommand.self, ForwardCommand.self,
            ClusterCommand.self, RegionCommand.self, MapCommand.self, PrepareTilesCommand.self, TransformCommand.self,
            DistanceCommand.self,
            AreaCommand.self, DbCommand.self,
        ]
    )
    public init() {}

    /// Runs the command line like `main()`, but a usage error (unknown option, missing or malformed value)
    /// exits with status 2, the status of every other invalid input, instead of ArgumentParser's 64.
    public static func runMain() async {
        // The one-point lookup, the command scripts call once a row, starts without the parser (same answer).
        if ReverseCommand.answeredDirectly(Array(CommandLine.arguments.dropFirst())) { return }
        if VersionReport.isAsked(Array(CommandLine.arguments.dropFirst())) {
            do { try CLIOutput.line(VersionReport.text()) } catch { exit(withError: report(error)) }
            return
        }
        var parsed: ParsableCommand.Type? = nil
        do {
            var command = try parseAsRoot()
            parsed = type(of: command)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let e where e is SystemFailure || isInvalidInput(e) {
            // A refusal or a failure that a command threw without reporting it itself: the same words and status
            // as `runReportingErrors` gives them.
            exit(withError: report(e))
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, help and --version: their text written as every answer is, so that one that cannot be
                // written (a full disk, a closed pipe) is a failure, not a success that printed nothing.
                let text = fullMessage(for: error)
                do { if !text.isEmpty { try CLIOutput.line(text) } } catch { exit(withError: report(error)) }
                exit(withError: ExitCode.success)
            }
            guard code == .validationFailure else { exit(withError: error) }
            // ArgumentParser's words ("Error: ..."), without Hometown's prefix, as for the errors found in parsing.
            let message = parsed.map { runMessage(for: error, in: $0) } ?? fullMessage(for: error)
            if !message.isEmpty {
                var e = StandardError()
                print(message, to: &e)
            }
            exit(withError: ExitCode(ExitStatus.invalidInput))
        }
    }

    /// The message for a usage error that a command's `run()` found (a value that only its library can judge):
    /// the error and where that command's help is. ArgumentParser, given an error after parsing, would point to
    /// the top-level command's usage instead of the one that was run.
    static func runMessage(for error: Error, in command: ParsableCommand.Type) -> String {
        guard let path = commandPath(to: command) else { return fullMessage(for: error) }
        return "Error: \(message(for: error))\n  See '\(path.joined(separator: " ")) --help' for more information."
    }

    /// The names from `root` down to `command` in the tree of subcommands ("hometown", "db", "copy"), or nil when
    /// `command` is not in it.
    static func commandPath(
        to command: ParsableCommand.Type, from root: ParsableCommand.Type = HometownCommand.self
    ) -> [String]? {
        if ObjectIdentifier(command) == ObjectIdentifier(root) { return [root._commandName] }
        for sub in root.configuration.subcommands {
            if let path = commandPath(to: command, from: sub) { return [root._commandName] + path }
        }
        return nil
    }
}
