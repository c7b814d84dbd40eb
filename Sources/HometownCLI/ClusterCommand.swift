import ArgumentParser

struct ClusterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cluster", abstract: "Cluster markers (not yet built).")
    func run() throws { throw ValidationError("hometown cluster is not built yet") }
}
