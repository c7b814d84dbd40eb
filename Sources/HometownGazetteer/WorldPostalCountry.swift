/// One country of section WPCTRY: its ISO 3166-1 code, the usual written form of its postal codes (`shape`,
/// `WorldPostalCode.written`) and the form of the part people write after a code the data keeps shorter
/// (`tail`: "9aa" after a British outward code; empty when there is none).
struct WorldPostalCountry: Sendable {
    let iso: String
    let shape: String
    let tail: String

    /// A WPCTRY line: "CC<tab>shape<tab>tail".
    init(line: Substring) {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        iso = parts.first.map(String.init) ?? ""
        shape = parts.count > 1 ? String(parts[1]) : ""
        tail = parts.count > 2 ? String(parts[2]) : ""
    }

    /// The lengths of the parts of `shape` between its separators ("999-9999": 3, 4).
    var partLengths: [Int] {
        shape.split(whereSeparator: { $0 != "9" && $0 != "a" }).map(\.count)
    }
}
