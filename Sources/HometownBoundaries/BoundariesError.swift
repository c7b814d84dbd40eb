/// Errors from loading the bundled data and from reverse geocoding.
public enum BoundariesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data file does not exist or cannot be opened.
    case dataFileMissing(path: String, reason: String)
    /// No path was given and none of the folders `DataLocation` looks in holds `file`.
    case dataNotFound(file: String, looked: [String])
    /// The file is shorter than its header says: an interrupted copy or checkout.
    case dataFileTruncated(path: String, expected: Int, actual: Int)
    /// Bytes that do not match their checksum, or an impossible layout.
    case dataFileCorrupted(path: String, detail: String)
    /// A file that does not begin as every Hometown data file does ("HOMETOWN"): another file named by mistake.
    case notADataFile(path: String)
    /// A file written by a newer or older builder than this library reads, or another kind of data file (each
    /// kind has its own format version).
    case unsupportedVersion(path: String, found: UInt32, supported: UInt32)
    /// A section the reader needs is not in the file.
    case missingSection(path: String, section: String)

    public var description: String {
        switch self {
        case .dataFileMissing(let p, let r):
            return
                "data file \(p) cannot be opened (\(r)); set HOMETOWN_DATA to the folder holding it, pass the file itself with --data, or rebuild it with tools/build-data.sh"
        case .dataNotFound(let file, let looked):
            let places = looked.isEmpty ? "nowhere (the executable's path is unknown)" : looked.joined(separator: ", ")
            return
                "\(file) not found; looked in \(places). Set HOMETOWN_DATA to the folder holding hometown.bin and gazetteer.bin, or name it with --data where the command takes that option (a package installs them in /usr/share/hometown)"
        case .dataFileTruncated(let p, let e, let a):
            return
                "data file \(p) is truncated: it should be \(e) bytes but is \(a); restore it from git (git checkout -- data/) or rebuild it"
        case .dataFileCorrupted(let p, let d):
            return "data file \(p) is corrupted: \(d); restore it from git (git checkout -- data/) or rebuild it"
        case .notADataFile(let p):
            return
                "\(p) is not a Hometown data file (it does not begin with HOMETOWN); name hometown.bin, or the data file the option asks for, or set HOMETOWN_DATA to the folder holding them"
        case .unsupportedVersion(let p, let f, let s):
            return
                "data file \(p) has format version \(f), this build reads version \(s) here: it is another kind of data file (hometown.bin, gazetteer.bin, water.bin and tiles.bin each have their own), or one built for another version of Hometown; name the right file, or rebuild the data with tools/build-data.sh"
        case .missingSection(let p, let s):
            return "data file \(p) has no section \(s); rebuild the data with tools/build-data.sh"
        }
    }
}
