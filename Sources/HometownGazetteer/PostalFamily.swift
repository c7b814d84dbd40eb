/// The kinds of postal code the gazetteer knows beyond US ZIP codes, each with its country, its written form
/// and the number it is stored under (section PCODES).
public enum PostalFamily: UInt32, Sendable, CaseIterable {
    /// A Canadian forward sortation area: the first three characters of a postal code ("M5V" of "M5V 3L9"):
    /// a letter, a digit, a letter.
    case canadaFSA = 1
    /// An Indian PIN code: six digits, the first 1-9 ("110001").
    case indiaPIN = 2

    /// The ISO 3166-1 alpha-2 code of the family's country.
    public var country: String {
        switch self {
        case .canadaFSA: return "CA"
        case .indiaPIN: return "IN"
        }
    }

    /// The number code `text` is stored under, or nil when `text` is not of this family's form (letters in any
    /// case).
    public func number(of text: String) -> UInt32? {
        let b = Array(text.utf8)
        func digit(_ x: UInt8) -> UInt32? { x >= 48 && x <= 57 ? UInt32(x - 48) : nil }
        func letter(_ x: UInt8) -> UInt32? {
            let l = x | 0x20
            return l >= 97 && l <= 122 ? UInt32(l - 97) : nil
        }
        switch self {
        case .canadaFSA:
            guard b.count == 3, let a = letter(b[0]), let d = digit(b[1]), let c = letter(b[2]) else { return nil }
            return (a * 10 + d) * 26 + c
        case .indiaPIN:
            guard b.count == 6, b[0] != 48, b.allSatisfy({ digit($0) != nil }) else { return nil }
            return UInt32(text)
        }
    }

    /// The written form of number `n` ("M5V", "110001").
    public func text(of n: UInt32) -> String {
        switch self {
        case .canadaFSA:
            let c = n % 26
            let d = (n / 26) % 10
            let a = n / 260
            return String(UnicodeScalar(UInt8(65 + a % 26))) + String(d) + String(UnicodeScalar(UInt8(65 + c)))
        case .indiaPIN:
            return String(n)
        }
    }
}
