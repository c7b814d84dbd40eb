import HometownClustering
import HometownCore
import HometownProtocol
import HometownStore
import Testing

@testable import HometownServer

/// The `clusters` answer written straight into bytes (`ClusterFeatureWriter`, `MarkerViews.Indexed.features`)
/// against the reference: the same features built as `GeoJSONFeature` values and encoded by `JSONEncoder` with
/// sorted keys, byte for byte, on seeded users with awkward names and deleted rows (before the index was built,
/// and after).
@Suite struct ClusterFeatureWriterTests {
    /// The features as `GeoJSONFeatureCollection` and `AnswerCoding` give them (what the server answered before
    /// it wrote the bytes itself).
    /// - Parameter users: the user of each indexed point, as it was when the index was built.
    static func reference(_ indexed: MarkerViews.Indexed, _ items: [ClusterItem], users: [User?]) throws
        -> [UInt8]
    {
        var features: [GeoJSONFeature] = []
        for item in items {
            switch item {
            case .cluster(let c):
                var f = c.feature
                f.properties?["expansion_zoom"] = .number(Double(try Self.expansionZoom(of: c.id, in: indexed.index)))
                features.append(f)
            case .point(let p):
                guard let u = users[p] else { continue }
                let fields: [UserField] = [.id, .nickname, .country, .state, .city, .year]
                features.append(
                    GeoJSONFeature(
                        id: .number(Double(u.id)), geometry: .point([u.longitude, u.latitude]),
                        properties: UserField.members(fields, of: u),
                        bbox: [u.longitude, u.latitude, u.longitude, u.latitude]))
            }
        }
        return try AnswerCoding.encode(GeoJSONFeatureCollection(features: features))
    }

    /// supercluster's getClusterExpansionZoom walked with `children(of:)`: down while a cluster has one child that
    /// is itself a cluster.
    static func expansionZoom(of clusterId: Int, in index: ClusterIndex) throws -> Int {
        var id = clusterId
        // The zoom of the cluster's children, from the id's encoding (supercluster's (id - n) % 32), less one.
        var zoom = (clusterId - index.pointCount) % 32 - 1
        while zoom <= index.options.maxZoom {
            let children = try index.children(of: id)
            zoom += 1
            guard children.count == 1, case .cluster(let only) = children[0] else { break }
            id = only.id
        }
        return zoom
    }

    /// A view of `count` seeded users around a few centres (so that every zoom has clusters and single points),
    /// with quotes, backslashes, control characters and non-Latin letters in their names; every 97th deleted.
    static func view(count: Int, seed: UInt64) throws -> UserView {
        var rng = SeededRandom(seed: seed)
        let view = UserView()
        let names = ["Minneapolis", "São Paulo", "Москва", "a \"quoted\" \\ name", "tab\there", "東京", "line\nfeed"]
        let centres = [(44.97, -93.26), (-23.55, -46.63), (55.75, 37.62), (35.68, 139.76), (0.5, 179.9)]
        for i in 0..<count {
            let (lat, lon) = centres[Int(rng.next() % UInt64(centres.count))]
            let spread = [0.001, 0.05, 2, 20][Int(rng.next() % 4)]
            let point = Coordinate(
                uncheckedLatitude: max(-85, min(85, lat + (rng.unit() - 0.5) * spread)),
                longitude: max(-180, min(179.999, lon + (rng.unit() - 0.5) * spread)))
            let name = names[Int(rng.next() % UInt64(names.count))]
            let user = User(
                id: i + 1, nickname: "user\(i)\(name.prefix(3))", country: "C\(i % 3)", state: name,
                city: names[(i + 3) % names.count], year: 1970 + i % 56, coordinate: point,
                timestampMilliseconds: Int64(i))
            try view.append(user, nicknameKey: "k\(i)")
        }
        for id in stride(from: 5, through: count, by: 97) { _ = view.remove(id: id) }
        return view
    }

    @Test(arguments: [(3_000, UInt64(1)), (20_000, UInt64(7))])
    func writesTheSameBytesAsTheEncoder(count: Int, seed: UInt64) throws {
        let view = try Self.view(count: count, seed: seed)
        // The answer shows the users as they were when the index was built: deleting more afterwards changes
        // nothing in it (a later data version has an index of its own).
        let points = view.points(UsersQuery())
        let users = points.map { view.user(row: $0.row) }
        let indexed = try MarkerViews.Indexed(points: points, view: view)
        for id in stride(from: 11, through: count, by: 89) { _ = view.remove(id: id) }
        let boxes = [
            MapEndpoints.world, BoundingBox(uncheckedWest: -130, south: 20, east: -60, north: 52),
            BoundingBox(uncheckedWest: -97.5, south: 43, east: -89, north: 49.5),
            BoundingBox(uncheckedWest: 170, south: -10, east: -170, north: 10),
        ]
        var compared = 0
        for box in boxes {
            for zoom in [0.0, 2, 5.5, 9, 13, 16, 17, 20] {
                let items = try indexed.items(in: box, zoom: zoom)
                let ours = Array(try indexed.features(items).readableBytesView)
                let theirs = try Self.reference(indexed, items, users: users)
                #expect(
                    ours == theirs,
                    "box \(box.array) zoom \(zoom): \(String(decoding: ours.prefix(300), as: UTF8.self)) vs \(String(decoding: theirs.prefix(300), as: UTF8.self))"
                )
                compared += items.count
            }
        }
        #expect(compared > count)
    }

    @Test func stopsWhenAskedBetweenParts() throws {
        let view = try Self.view(count: 5_000, seed: 3)
        let indexed = try MarkerViews.Indexed(points: view.points(UsersQuery()), view: view)
        let items = try indexed.items(in: MapEndpoints.world, zoom: 20)
        #expect(items.count > MarkerViews.Indexed.stopCheckInterval)
        var asked = 0
        #expect(throws: CancellationError.self) {
            try indexed.features(items) {
                asked += 1
                return asked > 1
            }
        }
        #expect(asked == 2)
        #expect(throws: CancellationError.self) {
            try MarkerViews.Indexed(points: view.points(UsersQuery()), view: view, shouldStop: { true })
        }
    }
}
