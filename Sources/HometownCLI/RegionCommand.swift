import ArgumentParser

struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "region", abstract: "Region that fits markers (not yet built).")
    func run() throws { throw ValidationError("hometown region is not built yet") }
}
