// fuzz-build: sources=Sources/HometownCLI/Gzip.swift support=Oracle,FuzzBytes,ZlibReference
import CZlib

/// The batch commands' gzip reader (`Gzip.Inflater`, fed in random pieces) against zlib's own one-shot calls.
/// An input whose first byte is even is taken as compressed data as it comes: when zlib inflates its first
/// member in one call, the reader gives the same bytes (and ends at a member end when nothing follows); when
/// zlib finds the data damaged, the reader throws; when it is cut short, the reader's bytes and zlib's agree as
/// far as both go. An input whose first byte is odd is plain data, written as one to three members (gzip by
/// `Gzip.member`, zlib by `compress2`) in a row: the reader gives back exactly the data and every member end,
/// and passes over and counts bytes after them that begin no member; and each `Gzip.member` holds a deflate
/// stream that zlib's `uncompress` inflates to the data, with the CRC-32 and length of the data in its trailer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    guard size > 0 else { return 0 }
    var choices = FuzzBytes(buffer)
    let rest = Array(buffer[1...])
    if buffer[0] % 2 == 0 {
        let limit = 1 << 21
        let reference = ZlibReference.inflateOnce(rest, limit: limit)
        let ours = inflateInPieces(rest, &choices)
        guard let out = ours.bytes else {
            // We refused: zlib must find the first member damaged, or something after it.
            Oracle.check(
                reference.status == Z_DATA_ERROR || reference.status == Z_NEED_DICT
                    || (reference.status == Z_STREAM_END && reference.used < rest.count),
                "the reader refuses (\(ours.error!)), zlib's one-shot inflate gives status \(reference.status)")
            return 0
        }
        switch reference.status {
        case Z_STREAM_END:
            Oracle.check(out.starts(with: reference.bytes), "the reader's bytes differ from zlib's")
            if reference.used == rest.count {
                Oracle.check(out == reference.bytes, "the reader gives more bytes than zlib's one member")
                Oracle.check(ours.atEnd, "the reader does not end at the member's end")
            }
        case Z_BUF_ERROR where reference.bytes.count < limit:
            // Cut short: the reader ends inside the member, with the bytes zlib gives (or fewer, held back).
            Oracle.check(!ours.atEnd || rest.isEmpty, "the reader ends at a member end of a stream cut short")
            Oracle.check(reference.bytes.starts(with: out), "the reader's bytes differ from zlib's (cut short)")
        case Z_BUF_ERROR:
            Oracle.check(out.prefix(limit).elementsEqual(reference.bytes), "the reader's bytes differ from zlib's")
        default:
            Oracle.fail("the reader accepts what zlib refuses with status \(reference.status)")
        }
        return 0
    }
    // Plain data in one to three members.
    let cuts = (0..<choices.int(in: 0...2)).map { _ in choices.int(in: 0...rest.count) }.sorted()
    let bounds = [0] + cuts + [rest.count]
    var stream: [UInt8] = []
    var memberEnds: [Int] = []
    for k in 0..<(bounds.count - 1) {
        let part = Array(rest[bounds[k]..<bounds[k + 1]])
        let level = Int32(choices.int(in: 0...9))
        if choices.next() % 2 == 0 {
            let member = try! Gzip.member(part, level: level)
            checkMember(member, holds: part)
            stream += member
        } else {
            stream += ZlibReference.compress(part, level: level)
        }
        memberEnds.append(stream.count)
    }
    // Bytes after the last member that begin no other (zeros, as padding to a block leaves, or text) are passed
    // over and counted.
    let tail: [UInt8] = [[], [0, 0, 0, 0], Array("end\n".utf8)][choices.int(in: 0...2)]
    let ours = inflateInPieces(stream + tail, &choices)
    Oracle.check(ours.bytes == rest, "the reader gives other bytes than were compressed (\(ours.error as Any))")
    Oracle.check(ours.atEnd, "the reader does not end at a member end")
    Oracle.check(ours.memberEnds == memberEnds, "member ends \(ours.memberEnds), written at \(memberEnds)")
    Oracle.check(ours.trailing == tail.count, "\(ours.trailing) trailing bytes counted, \(tail.count) written")
    return 0
}

/// `stream` through a `Gzip.Inflater` in random pieces: the bytes (nil if it threw, with the error), whether it
/// ended at a member end, the offsets in `stream` where it saw members end, and the bytes after the last member
/// that it passed over.
func inflateInPieces(_ stream: [UInt8], _ choices: inout FuzzBytes) -> (
    bytes: [UInt8]?, error: Error?, atEnd: Bool, memberEnds: [Int], trailing: Int
) {
    do {
        let inflater = try Gzip.Inflater()
        var out: [UInt8] = []
        var ends: [Int] = []
        for piece in choices.pieces(of: stream.count, maxPiece: max(1, stream.count / 2)) {
            let produced = try inflater.inflate(Array(stream[piece]))
            for e in inflater.memberEnds {
                Oracle.check(e.output <= produced.count, "a member end lies past the bytes produced")
                ends.append(piece.lowerBound + e.input)
            }
            out += produced
            if out.count > 1 << 22 { break }
        }
        inflater.finish()
        return (out, nil, inflater.atMemberEnd, ends, inflater.trailingBytes)
    } catch {
        return (nil, error, false, [], 0)
    }
}

/// `member`, written by `Gzip.member`, is a gzip member holding `data`: its deflate stream, wrapped as a zlib
/// stream, inflates by `uncompress` to `data`, and its trailer holds the data's CRC-32 and length.
func checkMember(_ member: [UInt8], holds data: [UInt8]) {
    Oracle.check(member.count >= 18 && member[0] == 0x1F && member[1] == 0x8B && member[2] == 8, "not a gzip header")
    Oracle.check(member[3] == 0, "gzip header flags \(member[3]), expected none")
    let deflate = Array(member[10..<(member.count - 8)])
    let adler = ZlibReference.adler(data)
    let wrapped =
        [0x78, 0x01] + deflate + [
            UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF),
        ]
    Oracle.check(ZlibReference.uncompress(wrapped, limit: data.count) == data, "uncompress does not give the data back")
    let trailer = member[(member.count - 8)...].map(UInt32.init)
    let crc = trailer[0] | trailer[1] << 8 | trailer[2] << 16 | trailer[3] << 24
    let length = trailer[4] | trailer[5] << 8 | trailer[6] << 16 | trailer[7] << 24
    Oracle.check(crc == ZlibReference.crc(data), "trailer CRC-32 \(crc), the data's \(ZlibReference.crc(data))")
    Oracle.check(length == UInt32(truncatingIfNeeded: data.count), "trailer length \(length) for \(data.count) bytes")
}
