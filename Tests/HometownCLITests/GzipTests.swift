import Testing

@testable import HometownCLI

@Suite struct GzipTests {
    /// Two members, then bytes that are not gzip, fed in pieces of every size down to one byte (so that the second
    /// member's magic number is split between pieces): the same text, the members' ends at the same offsets, and
    /// the trailing bytes counted, those that are not zero apart.
    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func membersAndTrailingBytesInPiecesOfAnySize(piece: Int) throws {
        let first = Array("first member\n".utf8)
        let second = Array(String(repeating: "second\n", count: 50).utf8)
        let (a, b) = (try Gzip.member(first), try Gzip.member(second))
        let tails: [(bytes: [UInt8], nonZero: Int)] = [
            ([], 0), ([0, 0, 0], 0), ([0x1F], 1), ([0x1F, 0x00, 0x41], 2), (Array("junk".utf8), 4),
        ]
        for tail in tails {
            let data = a + b + tail.bytes
            let inflater = try Gzip.Inflater()
            var text: [UInt8] = []
            var ends: [Int] = []
            var offset = 0
            while offset < data.count {
                let chunk = Array(data[offset..<min(offset + piece, data.count)])
                text += try inflater.inflate(chunk)
                ends += inflater.memberEnds.map { offset + $0.input }
                offset += chunk.count
            }
            inflater.finish()
            #expect(text == first + second, "tail \(tail.bytes)")
            #expect(ends == [a.count, a.count + b.count], "tail \(tail.bytes)")
            #expect(inflater.atMemberEnd)
            #expect(inflater.trailingBytes == tail.bytes.count, "tail \(tail.bytes)")
            #expect(inflater.trailingNonZero == tail.nonZero, "tail \(tail.bytes)")
        }
    }
}
