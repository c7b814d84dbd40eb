#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CSVRecords {
    /// Finds where complete records end in text that arrives in pieces, by the same rules as `Reader`: a line
    /// feed outside quotes ends a record. Feed it the bytes in order; it remembers the quoting state between
    /// pieces.
    ///
    /// Outside quotes only a quote changes how the bytes are read, so the stretch up to the next quote (found
    /// with `memchr`) is taken whole: its line feeds counted in one pass, the last one and the field state read
    /// from its end. Quoted text goes a byte at a time. A batch scans every byte of its input here, on the thread
    /// that hands chunks to the others.
    public struct BoundaryScanner: Sendable {
        private var inQuotes = false, quoteInQuotes = false, fieldStart = true, wasQuoted = false
        /// Line feeds that ended a record in all the bytes scanned so far.
        public private(set) var recordEnds = 0

        public init() {}

        /// Scans `bytes[from...]` and returns the index just after the last line feed that ends a record, if any.
        public mutating func scan(_ bytes: [UInt8], from: Int) -> Int? {
            bytes.withUnsafeBufferPointer { scan($0, from: from) }
        }

        private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf: UInt8 = 0x0A

        private mutating func scan(_ p: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
            var last: Int?
            var i = from
            let n = p.count
            while i < n {
                if !inQuotes && !quoteInQuotes {
                    let end = Self.nextQuote(p, from: i)
                    if end > i {
                        if let lastEnd = takeUnquoted(p, i..<end) { last = lastEnd }
                        i = end
                    }
                    if i == n { break }
                }
                let b = p[i]
                i += 1
                if quoteInQuotes {
                    // A quote inside quotes: doubled ("") it is text, else it closed the field.
                    quoteInQuotes = false
                    if b == Self.quote { continue }
                    inQuotes = false
                }
                if inQuotes {
                    if b == Self.quote { quoteInQuotes = true }
                    continue
                }
                switch b {
                case Self.quote:
                    if fieldStart && !wasQuoted {
                        inQuotes = true
                        wasQuoted = true
                    }
                    fieldStart = false
                case Self.comma:
                    fieldStart = true
                    wasQuoted = false
                case Self.lf:
                    fieldStart = true
                    wasQuoted = false
                    last = i
                    recordEnds += 1
                default:
                    fieldStart = false
                }
            }
            return last
        }

        /// The index of the first quote in `p[from...]`, or `p.count`.
        private static func nextQuote(_ p: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
            guard let base = p.baseAddress, from < p.count else { return p.count }
            guard let hit = memchr(base + from, Int32(quote), p.count - from) else { return p.count }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }

        /// Reads `p[range]`, which holds no quote and starts outside quotes, as the byte loop would: every line
        /// feed ends a record; afterwards a field starts when the last byte was a comma or line feed, and none is
        /// quoted once a comma or line feed went by. Returns the index after its last line feed, if any.
        private mutating func takeUnquoted(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
            let feeds = ByteCount.count(Self.lf, in: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: p[range])))
            // The last comma or line feed, from the end (a row's length away at most, when there is one).
            var k = range.upperBound - 1
            while k >= range.lowerBound, p[k] != Self.lf, p[k] != Self.comma { k -= 1 }
            let last = p[range.upperBound - 1]
            fieldStart = last == Self.lf || last == Self.comma
            if k >= range.lowerBound { wasQuoted = false }
            guard feeds > 0 else { return nil }
            recordEnds += feeds
            var f = range.upperBound - 1
            while p[f] != Self.lf { f -= 1 }
            return f + 1
        }
    }
}
