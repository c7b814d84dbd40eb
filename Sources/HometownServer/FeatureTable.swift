import NIOCore

/// GeoJSON features written once and kept back to back, each found by its key (`0..<count`): what an answer
/// copies instead of writing its features again. Features may be written in any order of keys (an order that
/// puts the features an answer holds together makes its copy read memory nearly in sequence); a key never
/// written has an empty feature.
struct FeatureTable: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Feature `k` is `bytes[bounds[2 * k]..<bounds[2 * k + 1]]`.
    private var bounds: [Int]

    /// An empty table for `count` keys, with room for `reservingBytes` bytes of features.
    init(count: Int, reservingBytes: Int) {
        bounds = [Int](repeating: 0, count: 2 * count)
        bytes.reserveCapacity(reservingBytes)
    }

    /// Writes feature `key` with `body`, which appends its bytes (appending nothing leaves it empty).
    mutating func write(_ key: Int, _ body: (inout [UInt8]) -> Void) {
        bounds[2 * key] = bytes.count
        body(&bytes)
        bounds[2 * key + 1] = bytes.count
    }

    /// Bytes of feature `key`.
    func byteCount(_ key: Int) -> Int { bounds[2 * key + 1] - bounds[2 * key] }

    /// Bytes the table holds: its features and their offsets.
    var approximateBytes: Int { bytes.count + bounds.count * MemoryLayout<Int>.stride }

    /// Writes feature `key` to `out`, after a comma unless it is the first (`first` then turns false); an empty
    /// feature writes nothing.
    func copy(_ key: Int, to out: inout ByteBuffer, first: inout Bool) {
        let range = bounds[2 * key]..<bounds[2 * key + 1]
        if range.isEmpty { return }
        if !first { out.writeInteger(UInt8(ascii: ",")) }
        first = false
        _ = bytes.withUnsafeBytes { out.writeBytes(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }
}
