import Foundation
import HometownClustering
import HometownCore

/// Reads the supercluster conformance fixtures bundled with the tests.
enum FixtureLoader {
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/\(name).json"])
        }
        return try Data(contentsOf: url)
    }

    /// `places.json` as cluster points, in file order (one feature has a null geometry: nil).
    static func places() throws -> [ClusterPoint?] {
        let fc = try JSONDecoder().decode(GeoJSONFeatureCollection.self, from: data("places"))
        return fc.features.map { f in
            guard case .point(let c)? = f.geometry else { return nil }
            return ClusterPoint(uncheckedLongitude: c[0], latitude: c[1], id: f.id, properties: f.properties)
        }
    }

    static func tile(_ name: String) throws -> Tile {
        try JSONDecoder().decode(Tile.self, from: data(name))
    }
}
