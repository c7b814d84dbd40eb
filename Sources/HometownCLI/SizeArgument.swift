import ArgumentParser
import HometownCore

/// A picture or view size on the command line as `WxH` in pixels (`map --size 800x500`, `region --size 800x600`;
/// `X` also allowed): two finite numbers more than 0. Commands that need whole pixels or a range check that too.
struct SizeArgument: ExpressibleByArgument, Equatable, Sendable, CustomStringConvertible {
    /// Why a text is not a size.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String { "expected WxH in pixels, two numbers more than 0, e.g. 800x500" }
    }

    /// Pixels across.
    let width: Double
    /// Pixels down.
    let height: Double

    /// A size from numbers (not checked: for defaults).
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH`.
    /// - Throws: `Failure` unless the text is two finite numbers more than 0 joined by `x`.
    init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else {
            throw Failure()
        }
        self.init(width: w, height: h)
    }

    init?(argument: String) {
        guard let size = try? SizeArgument(parsing: argument) else { return nil }
        self = size
    }

    /// The size in whole pixels when both are whole numbers in `range`, else nil.
    func wholePixels(in range: ClosedRange<Int>) -> (width: Int, height: Int)? {
        guard width == width.rounded(), height == height.rounded(),
            width >= Double(range.lowerBound), width <= Double(range.upperBound),
            height >= Double(range.lowerBound), height <= Double(range.upperBound)
        else { return nil }
        return (Int(width), Int(height))
    }

    /// `WxH` with whole numbers written without a fraction.
    var description: String {
        "\(width.plainText)x\(height.plainText)"
    }

    var defaultValueDescription: String { description }
}
