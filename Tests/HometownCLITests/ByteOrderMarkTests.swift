import Foundation
import HometownTestSupport
import Testing

@testable import HometownCLI

#if canImport(Glibc)
    import Glibc
#endif

/// A UTF-8 byte order mark at the start of a batch input is dropped however the input arrives: at once from a
/// file, or a byte at a time from a pipe whose writer pauses inside the mark.
@Suite struct ByteOrderMarkTests {
    static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads `pieces` through `BatchInput` from a pipe, written with a pause after each one, so that each arrives
    /// in a read of its own.
    static func readFromPipe(_ pieces: [[UInt8]], compression: InputCompression = .auto) throws -> [UInt8] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writeEnd = fds[1]
        let writer = Thread {
            for piece in pieces {
                _ = piece.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                usleep(150_000)
            }
            close(writeEnd)
        }
        writer.start()
        let input = try BatchInput(path: "/dev/fd/\(fds[0])", compression: compression)
        close(fds[0])  // the input opened its own descriptor of the pipe
        var bytes: [UInt8] = []
        while let more = try input.next() { bytes += more }
        return bytes
    }

    @Test func aMarkSplitOverThreeReadsIsDropped() throws {
        let bytes = try Self.readFromPipe([[0xEF], [0xBB], [0xBF] + Array("lat,lon\n1,2\n".utf8)])
        #expect(bytes == Array("lat,lon\n1,2\n".utf8))
    }

    @Test(arguments: [InputCompression.auto, .none])
    func aMarkSplitAfterItsFirstByteIsDropped(compression: InputCompression) throws {
        let bytes = try Self.readFromPipe([[0xEF], [0xBB, 0xBF, 0x7B]], compression: compression)
        #expect(bytes == [0x7B])
    }

    @Test func aStartLikeAMarkThatIsNotOneIsKept() throws {
        #expect(try Self.readFromPipe([[0xEF], [0xBB, 0x41]]) == [0xEF, 0xBB, 0x41])
        #expect(try Self.readFromPipe([[0xEF, 0xBB]]) == [0xEF, 0xBB], "an input that ends inside a mark")
        #expect(try Self.readFromPipe([Self.mark]) == [], "an input that is only a mark")
    }

    /// The command, end to end: a CSV header after a mark that arrives in pieces is read by its names.
    @Test func reverseReadsAHeaderAfterASplitMark() async throws {
        let fifo = TestScratch.newPath("bom", suffix: ".csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            for piece in [[0xEF], [0xBB, 0xBF] + Array("lat,lon\n44.9661,-93.2938\n".utf8)] as [[UInt8]] {
                _ = piece.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                usleep(300_000)
            }
            close(fd)
        }
        writer.start()
        let r = try await CLI.run(["reverse", "--input", fifo, "--input-compression", "none", "-q"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Minneapolis"), "\(r.out)")
    }
}
