import HometownBoundaries

/// The lakes of `water.bin` made ready for drawing: projected to Web Mercator once, each ring with its box.
///
/// The bundled states cover their lakes (Natural Earth's admin-1 polygons run across the Great Lakes), so the land
/// layer alone draws the lakes as land; this layer is drawn over it in the sea's colour. Immutable after `init`,
/// so one instance can serve any number of threads; preparing the bundled file takes a few milliseconds.
public final class WaterMap: Sendable {
    /// The shores and islands in world units, lake after lake.
    let rings: WorldRings
    /// Per lake: its first ring (the shore; the rest are islands); one more entry closes the last lake.
    let lakeStart: [Int32]

    /// Rings smaller than this many square drawing units once simplified (2 by 2 pixels at two units a pixel)
    /// are not drawn; a lake whose shore is that small is left out with its islands.
    public static let minimumArea = 16.0

    /// Number of lakes (parts of Natural Earth records).
    public var lakeCount: Int { lakeStart.count - 1 }
    /// Number of vertices over all rings.
    public var vertexTotal: Int { rings.xs.count }

    /// Prepares `lakes` (shore first, then islands, as `Lake` lists them).
    public init(lakes: [Lake]) {
        var lons: [Double] = []
        var lats: [Double] = []
        var ringStart: [Int32] = []
        var ringCount: [Int32] = []
        var lakeStart: [Int32] = []
        for lake in lakes {
            lakeStart.append(Int32(ringStart.count))
            for ring in lake.rings {
                ringStart.append(Int32(lons.count))
                ringCount.append(Int32(ring.count / 2))
                for k in stride(from: 0, to: ring.count - 1, by: 2) {
                    lons.append(ring[k])
                    lats.append(ring[k + 1])
                }
            }
        }
        lakeStart.append(Int32(ringStart.count))
        rings = WorldRings(lons: lons, lats: lats, start: ringStart, length: ringCount)
        self.lakeStart = lakeStart
    }

    /// Reads and prepares the lakes of a `water.bin` file (see `WaterFile`).
    /// - Parameter path: the file; nil: `WaterFile.path()`, beside the default `hometown.bin`.
    /// - Throws: `BasemapError.unreadableWater` naming the file and the problem.
    public convenience init(path: String? = nil) throws(BasemapError) {
        self.init(lakes: try Self.readLakes(path: path).lakes)
    }

    /// Reads and prepares the lakes of a `water.bin` file, with that file's header checksum
    /// (`DataFile.headerChecksum`) from the same reading: the checksum names the lakes drawn even when the file
    /// is replaced afterwards.
    /// - Parameter path: the file; nil: `WaterFile.path()`, beside the default `hometown.bin`.
    /// - Throws: `BasemapError.unreadableWater` naming the file and the problem.
    public static func load(path: String? = nil) throws(BasemapError) -> (map: WaterMap, fileChecksum: UInt64) {
        let (lakes, checksum) = try readLakes(path: path)
        return (WaterMap(lakes: lakes), checksum)
    }

    private static func readLakes(path: String?) throws(BasemapError) -> (lakes: [Lake], checksum: UInt64) {
        do {
            let file = try DataFile(path: try path ?? WaterFile.path(), version: WaterFile.version)
            return (try WaterFile.read(file), file.headerChecksum)
        } catch { throw .unreadableWater("\(error)") }
    }

    /// The lakes inside `frame` as rings in its units (see `BoundaryDrawing.water`), simplified and clipped the
    /// way `BoundaryMap.draw` treats the land: vertices rounded to whole units, Douglas-Peucker within
    /// `tolerance` units, rings clipped to the frame plus its buffer, rings under `minimumArea` left out.
    /// - Complexity: linear in the vertices of the rings whose boxes meet the frame.
    public func draw(_ frame: MapFrame, tolerance: Double = 1) -> [[Int32]] {
        var out: [[Int32]] = []
        let side = WaterMap.minimumArea.squareRoot() / frame.worldSize  // a smaller box holds a smaller ring
        var ring = BoundaryMap.Scratch()
        for copy in WorldCopy.all(in: frame) {
            for lake in 0..<lakeCount {
                let first = Int(lakeStart[lake])
                for r in first..<Int(lakeStart[lake + 1]) {
                    let (box, b) = (rings.boxes, 4 * r)
                    guard copy.meets(rings, r), box[b + 2] - box[b] >= side || box[b + 3] - box[b + 1] >= side
                    else {
                        if r == first { break }  // no shore here: none of its islands either
                        continue
                    }
                    ring.load(rings, r, copy: copy, key: { _ in 0 }, info: { _ in 0 })
                    ring.simplify(tolerance)
                    let clip = copy.holds(rings, r) ? nil : copy.clip
                    let flat = ring.pts.count >= 3 ? BoundaryMap.landRing(ring.pts, clip: clip) : []
                    guard flat.count >= 6, Double(BoundaryMap.area(flat)) >= 2 * WaterMap.minimumArea else {
                        if r == first { break }
                        continue
                    }
                    out.append(flat)
                }
            }
        }
        return out
    }
}
