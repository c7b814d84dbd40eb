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

        /// The decompressed bytes of `input`, the next piece of the compressed stream.
        func inflate(_ input: [UInt8]) throws -> [UInt8] {
            memberEnds.removeAll(keepingCapacity: true)
            guard !input.isEmpty else { return [] }
            if ended {
                guard inflateReset(&stream) == Z_OK else {
                    throw Failure(description: "cannot restart gzip decompression")
                }
                ended = false
            }
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
                        memberEnds.append((inp.count - Int(stream.avail_in), out.count))
                        // Another member may follow (gzip files may be concatenated).
                        if stream.avail_in > 0 {
                            guard inflateReset(&stream) == Z_OK else {
                                throw Failure(description: "cannot restart gzip decompression")
                            }
                        } else {
                            ended = true
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
