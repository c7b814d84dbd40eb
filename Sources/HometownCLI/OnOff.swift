import ArgumentParser

/// A switch given on the command line as `on` or `off` (ArgumentParser lists both in `--help` and refuses
/// anything else, naming the option).
enum OnOff: String, ExpressibleByArgument, CaseIterable, Sendable {
    case on, off

    /// Whether the switch is on.
    var isOn: Bool { self == .on }
}
