import Foundation

/// How far a `MarkerReader` has got, for a progress display on another thread: input bytes and markers read so
/// far. The reading threads report every few thousand markers, so reading is not slowed; any thread may look.
public final class MarkerReadProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var bytesByPart = [0, 0]
    private var markersByPart = [0, 0]
    private var size: Int?

    public init() {}

    /// Bytes of the input read so far (of `totalBytes`) and markers (features, rows) read so far, summed over
    /// the threads that read parts of the input.
    public var current: (bytes: Int, markers: Int) {
        lock.withLock { (bytesByPart.reduce(0, +), markersByPart.reduce(0, +)) }
    }

    /// The input's size in bytes once it is in memory (nil before, or while standard input is still read).
    public var totalBytes: Int? { lock.withLock { size } }

    /// Markers are reported every `interval` of them (a power of two).
    static let interval = 8192

    func start(totalBytes: Int) { lock.withLock { size = totalBytes } }

    /// Part `part` (0 or 1) of the reading has read `bytes` bytes and `markers` markers.
    func report(part: Int, bytes: Int, markers: Int) {
        lock.withLock {
            bytesByPart[part] = bytes
            markersByPart[part] = markers
        }
    }

    /// Part 1's work was dropped (part 0 read on alone).
    func dropPart(_ part: Int) { report(part: part, bytes: 0, markers: 0) }
}
