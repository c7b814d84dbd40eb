import Foundation

/// The US ZIP codes of PyPI `zipcodes` 1.3.0 (`us_zipcodes/zips.json.bz2`, MIT): each code with its point and
/// its state's USPS abbreviation.
struct USZIPCodes {
    /// One ZIP code.
    struct Row {
        /// The five digits as a number (00501 is 501).
        let code: UInt32
        /// The USPS abbreviation of its state or territory ("MN", "PR"; "AA", "AE", "AP" for military mail).
        let state: String
        let latitude: Double
        let longitude: Double
    }

    let rows: [Row]

    /// Reads `zips.json.bz2` (unpacked with `bzcat`).
    /// - Throws: `BuildError` naming the file when it cannot be unpacked or a row is not a ZIP code with a point.
    init(path: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bzcat", path]
        let pipe = Pipe()
        p.standardOutput = pipe
        do { try p.run() } catch { throw BuildError("\(path): cannot run bzcat: \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BuildError("\(path): bzcat exited \(p.terminationStatus)") }
        guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw BuildError("\(path): not a JSON list of objects")
        }
        rows = try list.enumerated().map { i, o in
            guard let z = o["zip_code"] as? String, z.count == 5, z.allSatisfy(\.isASCII), let code = UInt32(z),
                let state = o["state"] as? String, let lat = (o["lat"] as? String).flatMap(Double.init),
                let lon = (o["long"] as? String).flatMap(Double.init), (-90...90).contains(lat),
                (-180...180).contains(lon)
            else {
                throw BuildError("\(path): row \(i) is not a five-digit ZIP code with a state and a point")
            }
            return Row(code: code, state: state, latitude: lat, longitude: lon)
        }
    }
}
