import ArgumentParser
import HometownCore

/// A time given on the command line in seconds ("30", "0.5", "1e-3"): a finite number from 0 to a day
/// (86,400 s), kept to the millisecond. The form is checked here, by ArgumentParser, which names the option in its
/// message; the range each option takes (more than 0, at most an hour, ...) is the rule of the library type the
/// option fills (`ServerLimits`, `WorkLimits`, `DatabaseConnectOptions`, `ServerConfiguration`), checked there.
struct Seconds: ExpressibleByArgument, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Equatable {
    /// The time, to the millisecond.
    let duration: Duration

    /// The most seconds any option takes.
    static let most = 86_400.0

    init?(argument: String) {
        // Decimal only: Double(_:) would also read hex ("0x10") and words ("inf").
        guard argument.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 43 || $0 == 45 || $0 | 32 == 101 }),
            let v = Double(argument), v.isFinite, v >= 0, v <= Self.most
        else { return nil }
        self.init(v)
    }

    init(integerLiteral value: Int) { self.init(Double(value)) }

    init(floatLiteral value: Double) { self.init(value) }

    private init(_ seconds: Double) { duration = .milliseconds(Int64((seconds * 1000).rounded())) }

    /// The default as the help shows it: "30", "0.1".
    var defaultValueDescription: String {
        let ms = DurationUnits.wholeMilliseconds(duration)
        return ms % 1000 == 0 ? "\(ms / 1000)" : "\(Double(ms) / 1000)"
    }
}
