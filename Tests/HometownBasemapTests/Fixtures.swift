import HometownBasemap
import HometownBoundaries

/// The bundled data of this checkout and the boundary map made from it, built once for all tests.
enum Fixtures {
    static let dataPath: String = {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + root + "/data/hometown.bin"
    }()
    static let geocoder: ReverseGeocoder = {
        do { return try ReverseGeocoder(path: dataPath, verification: .header) } catch {
            fatalError("cannot load \(dataPath): \(error)")
        }
    }()
    static let map: BoundaryMap = {
        do { return try BoundaryMap(geocoder: geocoder) } catch {
            fatalError("cannot prepare the boundaries: \(error)")
        }
    }()

    /// The lakes of this checkout (`data/water.bin`, beside hometown.bin).
    static let waterPath = try! WaterFile.path(besideBoundaries: dataPath)
    static let water: WaterMap = {
        do { return try WaterMap(path: waterPath) } catch { fatalError("cannot prepare the lakes: \(error)") }
    }()

    /// Even-odd test of a point (frame units) against the land rings of a drawing.
    static func onLand(_ d: BoundaryDrawing, x: Double, y: Double) -> Bool { inside(d.land, x: x, y: y) }

    /// Even-odd test of a point (frame units) against rings.
    static func inside(_ rings: [[Int32]], x: Double, y: Double) -> Bool {
        var inside = false
        for ring in rings {
            let n = ring.count / 2
            var j = n - 1
            for i in 0..<n {
                let xi = Double(ring[2 * i])
                let yi = Double(ring[2 * i + 1])
                let xj = Double(ring[2 * j])
                let yj = Double(ring[2 * j + 1])
                if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                j = i
            }
        }
        return inside
    }
}
