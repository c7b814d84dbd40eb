// fuzz-build: modules=HometownCore,HometownBoundaries,HometownGazetteer support=Oracle,ReferenceContainer
import Foundation
import HometownBoundaries
import HometownCore
import HometownGazetteer

/// The data-file loaders. The first input byte picks the reader and whether the rest is first repaired
/// (`ReferenceContainer.repair`: sizes, offsets and checksums made consistent, so that fuzzing gets past the
/// checksums to the tables behind them); the rest is written to a file and opened.
/// - `DataFile` (always): opens exactly the files `ReferenceContainer` reads, with the same sections, and
///   `verify` passes exactly for the sections whose checksum matches.
/// - `ReverseGeocoder` (header or full verification) and `Gazetteer` (verified or not): load or throw a
///   `BoundariesError`/`GazetteerError` and never crash; a loaded geocoder answers lookups all over the globe
///   and a loaded gazetteer answers searches, the unverified one like the verified one where both load. (The
///   file is memory-mapped, which AddressSanitizer does not watch: a read outside the file is caught only
///   when it faults, which a small file's mapping followed by unmapped memory makes likely, not certain.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data![0]
    var bytes = Array(UnsafeBufferPointer(start: data! + 1, count: size - 1))
    let reader = Int(mode >> 1) % 4
    let version = reader == 3 ? GazetteerLayout.version : DataFileLayout.formatVersion
    if mode & 1 == 1 { ReferenceContainer.repair(&bytes, version: version) }
    let path = FileScratch.path
    // A scratch file that could not be written would make every check below test nothing: stop instead.
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        fatalError("cannot write the scratch file \(path)")
    }

    let expected = ReferenceContainer.read(bytes, version: version)
    let file = try? DataFile(path: path, version: version)
    Oracle.check(
        (file == nil) == (expected == nil), "DataFile opens: \(file != nil), the reference: \(expected != nil)")
    if let file, let expected {
        Oracle.check(file.sectionTags == expected.keys.sorted(), "tags \(file.sectionTags), expected \(expected.keys)")
        for (tag, s) in expected {
            let b = try! file.bytes(tag)
            Oracle.check(
                Array(b) == Array(bytes[s.offset..<(s.offset + s.length)]), "section \(tag) has other bytes")
            let matches = Checksum64.hash(Array(bytes[s.offset..<(s.offset + s.length)])) == s.checksum
            Oracle.check(((try? file.verify(tag)) != nil) == matches, "verify(\(tag)) disagrees with the checksum")
        }
    }
    switch reader {
    case 1, 2:
        guard let g = try? ReverseGeocoder(path: path, verification: reader == 1 ? .header : .full) else { break }
        for lat in stride(from: -90.0, through: 90, by: 15) {
            for lon in stride(from: -180.0, to: 180, by: 20) {
                _ = g.place(at: Coordinate(uncheckedLatitude: lat, longitude: lon))
            }
        }
    case 3:
        let verified = try? Gazetteer(path: path, verify: true)
        guard let unverified = try? Gazetteer(path: path, verify: false) else {
            Oracle.check(verified == nil, "the gazetteer loads verified but not unverified")
            break
        }
        for q in ["a", "Paris", "New York", "MN", "US", "zz zz", "\u{e9}"] {
            let u = (try? unverified.search(q, limit: 5))?.map { "\($0)" }
            if let verified {
                let v = (try? verified.search(q, limit: 5))?.map { "\($0)" }
                Oracle.check(u == v, "search \(q): unverified \(u as Any), verified \(v as Any)")
            }
        }
    default: break
    }
    return 0
}

/// A scratch file of this process for the data-file target, removed when the process exits (libFuzzer ends a
/// timed run with `exit`).
enum FileScratch {
    static let path: String = {
        atexit { _ = unlink(FileScratch.path) }
        return NSTemporaryDirectory() + "hometown-fuzz-data-\(getpid()).bin"
    }()
}
