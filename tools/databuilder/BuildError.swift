/// Errors of the data builder, naming the file and the record.
enum BuildError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, detail: String)
    case joinFailed(String)

    var description: String {
        switch self {
        case .unreadable(let p, let r): return "cannot read \(p): \(r)"
        case .malformed(let p, let d): return "\(p): \(d)"
        case .joinFailed(let d): return "join failed: \(d)"
        }
    }
}
