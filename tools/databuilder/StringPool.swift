/// Collects UTF-8 strings into one byte pool; each string is (offset, length). Equal strings are stored once.
struct StringPool {
    private(set) var bytes: [UInt8] = []
    private var seen: [String: (UInt32, UInt32)] = [:]

    mutating func add(_ s: String) -> (UInt32, UInt32) {
        if let r = seen[s] { return r }
        let r = (UInt32(bytes.count), UInt32(s.utf8.count))
        bytes += Array(s.utf8)
        seen[s] = r
        return r
    }
}
