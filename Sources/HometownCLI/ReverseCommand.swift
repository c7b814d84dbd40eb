import ArgumentParser

struct ReverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reverse", abstract: "Reverse geocode (being built).")
    func run() throws { throw ValidationError("not built yet") }
}
