// fuzz-build: modules=HometownCore,HometownMarkers support=Oracle
import Foundation
import HometownCore

@testable import HometownMarkers

/// The GeoJSON marker reader read in two parts on two threads (the way it reads files of 4 MiB and more, forced
/// here on every input) against the same reader on one thread: the same markers in the same order with the same
/// places, or the same error word for word. And the reader refuses as malformed every text that
/// `JSONValue.parse` refuses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSONMarkers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    func read(splitSize: Int) -> Result<[Marker], MarkersError> {
        Result { () throws(MarkersError) in try GeoJSONMarkerReader.read(bytes, file: "f", splitSize: splitSize) }
    }
    let one = read(splitSize: .max)
    let two = read(splitSize: 0)
    switch (one, two) {
    case (.success(let a), .success(let b)):
        Oracle.check(a == b, "one thread read \(a.count) markers, two threads \(b.count), or they differ")
    case (.failure(let a), .failure(let b)):
        Oracle.check("\(a)" == "\(b)", "one thread: \(a); two threads: \(b)")
    default:
        Oracle.fail("one thread: \(one); two threads: \(two)")
    }
    if (try? JSONValue.parse(bytes)) == nil {
        guard case .failure(.malformed) = one else { Oracle.fail("text that is not JSON read as \(one)") }
    }
    return 0
}
