import HometownCore
import Testing

/// `CSVRecords.BoundaryScanner` against the byte-at-a-time scanner it replaced (kept here as the reference):
/// the same record ends and counts for every piece of seeded random texts made of the bytes that matter (quotes,
/// commas, line feeds, carriage returns, text), fed in random pieces.
@Suite struct BoundaryScannerTests {
    /// The reference: RFC 4180 quoting read one byte at a time.
    struct ByteScanner {
        var inQuotes = false, quoteInQuotes = false, fieldStart = true, wasQuoted = false
        var recordEnds = 0

        mutating func scan(_ bytes: [UInt8], from: Int) -> Int? {
            var last: Int?
            for i in from..<bytes.count {
                let b = bytes[i]
                if quoteInQuotes {
                    quoteInQuotes = false
                    if b == 34 { continue }
                    inQuotes = false
                }
                if inQuotes {
                    if b == 34 { quoteInQuotes = true }
                    continue
                }
                switch b {
                case 34:
                    if fieldStart && !wasQuoted {
                        inQuotes = true
                        wasQuoted = true
                    }
                    fieldStart = false
                case 44:
                    fieldStart = true
                    wasQuoted = false
                case 10:
                    fieldStart = true
                    wasQuoted = false
                    last = i + 1
                    recordEnds += 1
                default:
                    fieldStart = false
                }
            }
            return last
        }
    }

    @Test(arguments: 0..<6)
    func recordEndsAreTheByteScannersInEveryPiece(seed: Int) {
        var rng = SeededRandom(seed: UInt64(1000 + seed))
        // Alphabets from quote-heavy to plain rows, so that long quote-free stretches and quoted ones both occur.
        let alphabets: [[UInt8]] = [
            Array("\",\na".utf8), Array("ab,\n\"\r".utf8), Array("0123456789.,-\n".utf8), Array("abc\"\"\n,".utf8),
            Array("x,y\n".utf8) + [34], Array("-12.5,45.25\n".utf8),
        ]
        let alphabet = alphabets[seed % alphabets.count]
        for _ in 0..<300 {
            let length = Int(rng.next() % 600)
            var text: [UInt8] = []
            for _ in 0..<length {
                // Quotes rarer in the plain alphabets.
                var b = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                if b == 34, seed >= 4, rng.next() % 20 != 0 { b = UInt8(ascii: "7") }
                text.append(b)
            }
            var fast = CSVRecords.BoundaryScanner()
            var reference = ByteScanner()
            var seen: [UInt8] = []
            var at = 0
            while at < text.count {
                let piece = 1 + Int(rng.next() % 80)
                let from = seen.count
                seen += text[at..<min(text.count, at + piece)]
                at += piece
                let a = fast.scan(seen, from: from)
                let b = reference.scan(seen, from: from)
                guard a == b, fast.recordEnds == reference.recordEnds else {
                    Issue.record(
                        "text \(String(decoding: text, as: UTF8.self).debugDescription): at \(from) \(a as Any) vs \(b as Any), \(fast.recordEnds) vs \(reference.recordEnds)"
                    )
                    return
                }
            }
        }
    }
}
