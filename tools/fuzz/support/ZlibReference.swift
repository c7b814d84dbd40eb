import CZlib

/// zlib's own one-shot calls, as the gzip oracle: `uncompress` for zlib streams, `compress2` to make them, and
/// `crc32` for checking a gzip member's trailer.
enum ZlibReference {
    /// `uncompress` of a whole zlib stream whose inflated size is at most `limit` bytes: the bytes, or nil when
    /// zlib refuses the stream (damaged, cut short, or larger than `limit`).
    static func uncompress(_ stream: [UInt8], limit: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(limit, 1))
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            stream.withUnsafeBufferPointer { i in
                CZlib.uncompress(o.baseAddress, &length, i.baseAddress, uLong(i.count))
            }
        }
        guard status == Z_OK else { return nil }
        return Array(out[0..<Int(length)])
    }

    /// `compress2` of `bytes` at `level` (0-9): a zlib stream.
    static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(bytes.count))))
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in
                compress2(o.baseAddress, &length, i.baseAddress, uLong(i.count), level)
            }
        }
        precondition(status == Z_OK, "compress2 failed with \(status)")
        return Array(out[0..<Int(length)])
    }

    /// The CRC-32 of `bytes`, as a gzip trailer holds it.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    /// The Adler-32 of `bytes`, as a zlib trailer holds it.
    static func adler(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
    }
}

extension ZlibReference {
    /// zlib's one-shot inflate of a gzip or zlib stream (`inflateInit2` with automatic header detection, one
    /// `inflate(Z_FINISH)` over all of `stream`), as `uncompress2` does for zlib streams: its status, the bytes
    /// (at most `limit`), and how many bytes of `stream` the first member took.
    static func inflateOnce(_ stream: [UInt8], limit: Int) -> (status: Int32, bytes: [UInt8], used: Int) {
        var z = z_stream()
        guard inflateInit2_(&z, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            preconditionFailure("inflateInit2 failed")
        }
        defer { inflateEnd(&z) }
        var out = [UInt8](repeating: 0, count: max(limit, 1))
        let status = out.withUnsafeMutableBufferPointer { o in
            stream.withUnsafeBufferPointer { i -> Int32 in
                z.next_in = UnsafeMutablePointer(mutating: i.baseAddress)
                z.avail_in = uInt(i.count)
                z.next_out = o.baseAddress
                z.avail_out = uInt(o.count)
                return inflate(&z, Z_FINISH)
            }
        }
        return (status, Array(out[0..<Int(z.total_out)]), stream.count - Int(z.avail_in))
    }
}
