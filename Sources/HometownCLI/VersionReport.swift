import Foundation
import HometownBoundaries
import HometownCore

/// `hometown --version --verbose`: the version, then each data file as this program finds it (`DataLocation`):
/// its path, size, container format version and checksum (the container header's, which covers every section's
/// own checksum, so two files with the same checksum hold the same data), or where it was looked for.
enum VersionReport {
    /// The data files a full installation has.
    static let files = ["hometown.bin", "gazetteer.bin", "water.bin", "tiles.bin"]

    /// Whether `arguments` (after the program's name) ask for this report: `--version` and `--verbose`, in either
    /// order, and nothing else.
    static func isAsked(_ arguments: [String]) -> Bool {
        arguments.count == 2 && Set(arguments) == ["--version", "--verbose"]
    }

    /// The report's lines.
    static func text(places: [DataLocation.Place] = DataLocation.defaultPlaces()) -> String {
        var lines = ["hometown \(HometownVersion.current)"]
        lines.append("data, looked for in: " + places.map(\.description).joined(separator: ", "))
        for name in files {
            guard let path = DataLocation.find(name, in: places) else {
                lines.append("  \(name): not found")
                continue
            }
            lines.append("  \(name): \(path), " + describe(path))
        }
        return lines.joined(separator: "\n")
    }

    /// Size, format version and header checksum of the container at `path`, or why they cannot be read.
    static func describe(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be opened" }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: DataFileLayout.headerSize)) ?? Data())
        guard header.count == DataFileLayout.headerSize, Array(header[0..<8]) == DataFileLayout.magic else {
            return "not a Hometown data file"
        }
        func u64(_ o: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(header[o + $1]) << (8 * UInt64($1)) } }
        let version = UInt32(truncatingIfNeeded: u64(8))
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        let checksum = String(u64(24), radix: 16)
        return "\(size.map(String.init) ?? "?") bytes, format \(version), checksum "
            + String(repeating: "0", count: 16 - checksum.count) + checksum
    }
}
