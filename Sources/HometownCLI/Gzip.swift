import CZlib

/// gzip through zlib (Debian's zlib1g): a streaming inflater for `.gz` inputs (several members in a row are one
/// stream, as gzip writes them) and a deflater that writes each chunk of output as a gzip member of its own, so
/// that a file cut short after any member is still a valid gzip file (what `--resume` relies on).
enum Gzip {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Inflates gzip (or zlib) data handed in as it arrives.
    final class Inflater {
        private var stream = z_stream()
        /// Whether the input so far ends exactly at the end of a member (true before any input).
        private(set) var atMemberEnd = true
        /// The current member ended; the next byte starts another.
        private var ended = false
        /// A byte that may begin another member, at the very end of the last input after a member: whether one
        /// follows is decided with the next input.
        private var held: UInt8?
        /// Bytes after the last member that do not start another (gzip, too, ignores them), and how many of them
        /// are not zero (padding to a block size is zeros; anything else is worth a word).
        private(set) var trailingBytes = 0
        private(set) var trailingNonZero = 0
        private var buffer = [UInt8](repeating: 0, count: 1 << 18)

        init() throws {
            let status = inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else {
                throw Failure(description: "cannot start gzip decompression (zlib status \(status))")
            }
        }

        deinit { inflateEnd(&stream) }

        /// Where members ended in the last `inflate` call: the offset in its input just after each member, and
        /// the length of the output at that point.
        private(set) var memberEnds: [(input: Int, output: Int)] = []

        /// Whether the bytes after a member, `next` (with a held first byte before them), start another member
        /// (nil: too few to tell yet): gzip's magic number 1F 8B, or a zlib header (deflate, a window of at most
        /// 32 KiB, a check that is a multiple of 31; RFC 1950), the two kinds this inflater reads.
        private func startsMember(_ next: UnsafeBufferPointer<UInt8>) -> Bool? {
            let first = held ?? next.first
            let second = held != nil ? next.first : next.count > 1 ? next[1] : nil
            guard let first else { return nil }
            let zlib = first & 0x0F == 8 && first >> 4 <= 7
            guard first == 0x1F || zlib else { return false }
            guard let second else { return nil }
            return first == 0x1F ? second == 0x8B : (UInt16(first) << 8 | UInt16(second)) % 31 == 0
        }

        /// Counts `bytes` (after the last member) as trailing.
        private func skipTrailing(_ bytes: UnsafeBufferPointer<UInt8>) {
            if let byte = held {
                trailingBytes += 1
                trailingNonZero += byte == 0 ? 0 : 1
                held = nil
            }
            trailingBytes += bytes.count
            trailingNonZero += bytes.reduce(0) { $1 == 0 ? $0 : $0 + 1 }
        }

        /// Called at the end of the input: a held byte that no second one followed is trailing.
        func finish() {
            if held != nil { skipTrailing(UnsafeBufferPointer(start: nil, count: 0)) }
        }

        /// The decompressed bytes of `input`, the next piece of the compressed stream.
        func inflate(_ input: [UInt8]) throws -> [UInt8] {
            memberEnds.removeAll(keepingCapacity: true)
            guard !input.isEmpty else { return [] }
            if trailingBytes > 0 {
                input.withUnsafeBufferPointer { skipTrailing($0) }
                return []
            }
            if ended {
                // After a member: another one, or bytes that are not gzip (counted and passed over).
                let starts = input.withUnsafeBufferPointer { startsMember($0) }
                if starts == nil {
                    held = input[0]
                    return []
                }
                if starts == false {
                    input.withUnsafeBufferPointer { skipTrailing($0) }
                    return []
                }
                guard inflateReset(&stream) == Z_OK else {
                    throw Failure(description: "cannot restart gzip decompression")
                }
                ended = false
            }
            // A magic byte held back from the last input goes in first (`memberEnds` still counts in `input`).
            let prepended = held == nil ? 0 : 1
            let input = held.map { [$0] + input } ?? input
            held = nil
            var out: [UInt8] = []
            try input.withUnsafeBufferPointer { inp in
                stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                stream.avail_in = UInt32(inp.count)
                while stream.avail_in > 0 {
                    let (status, produced) = buffer.withUnsafeMutableBufferPointer { b -> (Int32, Int) in
                        stream.next_out = b.baseAddress
                        stream.avail_out = UInt32(b.count)
                        let s = CZlib.inflate(&stream, Z_NO_FLUSH)
                        return (s, b.count - Int(stream.avail_out))
                    }
                    out += buffer[0..<produced]
                    switch status {
                    case Z_OK, Z_BUF_ERROR:
                        atMemberEnd = false
                        if status == Z_BUF_ERROR && produced == 0 { return }
                    case Z_STREAM_END:
                        atMemberEnd = true
                        memberEnds.append((inp.count - Int(stream.avail_in) - prepended, out.count))
                        // Another member may follow (gzip files may be concatenated), or bytes that are not gzip.
                        let rest = UnsafeBufferPointer(
                            start: inp.baseAddress! + (inp.count - Int(stream.avail_in)), count: Int(stream.avail_in))
                        switch rest.isEmpty ? nil : startsMember(rest) {
                        case true:
                            guard inflateReset(&stream) == Z_OK else {
                                throw Failure(description: "cannot restart gzip decompression")
                            }
                        case false:
                            skipTrailing(rest)
                            return
                        default:
                            // Nothing after it yet, or one byte that may begin the next member.
                            ended = true
                            held = rest.count == 1 ? rest[0] : nil
                            return
                        }
                    default:
                        let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                        throw Failure(description: "the gzip data is damaged: \(message)")
                    }
                }
            }
            return out
        }
    }

    /// One complete gzip member holding `bytes`.
    static func member(_ bytes: [UInt8], level: Int32 = 6) throws -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw Failure(description: "cannot start gzip compression")
        }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        let status = bytes.withUnsafeBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                stream.avail_in = UInt32(inp.count)
                stream.next_out = o.baseAddress
                stream.avail_out = UInt32(o.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw Failure(description: "gzip compression failed (zlib status \(status))")
        }
        out.removeLast(Int(stream.avail_out))
        return out
    }
}
