import HometownClustering
import HometownCore
import HometownProtocol

/// Writes the `clusters` answer's GeoJSON straight into bytes, a feature at a time: the same text `JSONEncoder`
/// gives for `GeoJSONFeatureCollection` with sorted keys (`AnswerCoding`), without building a `GeoJSONFeature`
/// and its dictionaries per feature. Numbers and strings are written by Core's `JSONWriter`.
///
/// A feature's keys, sorted: `bbox` (west, south, east, north in degrees), `geometry` (a Point,
/// `[longitude, latitude]`), `id`, `properties`, `type`.
enum ClusterFeatureWriter {
    /// What a feature takes, roughly, in bytes (for reserving the answer's capacity).
    static let typicalFeatureBytes = 240

    static let collectionStart = Array(#"{"features":["#.utf8)
    static let collectionEnd = Array(#"],"type":"FeatureCollection"}"#.utf8)

    /// Appends a cluster's feature: supercluster's properties (`cluster`, `cluster_id`, `point_count`,
    /// `point_count_abbreviated`, and any accumulated by a reduce) plus `expansion_zoom`; `id` is the cluster id.
    static func append(_ c: Cluster, expansionZoom: Int, to out: inout [UInt8]) {
        appendStart(
            bbox: c.bounds.array.map { JSONWriter.number($0) }, longitude: JSONWriter.number(c.longitude),
            latitude: JSONWriter.number(c.latitude), to: &out)
        out.append(contentsOf: String(c.id).utf8)
        out.append(contentsOf: #","properties":"#.utf8)
        if c.accumulated.isEmpty {
            out.append(contentsOf: #"{"cluster":true,"cluster_id":"#.utf8)
            out.append(contentsOf: String(c.id).utf8)
            out.append(contentsOf: #","expansion_zoom":"#.utf8)
            out.append(contentsOf: String(expansionZoom).utf8)
            out.append(contentsOf: #","point_count":"#.utf8)
            out.append(contentsOf: String(c.pointCount).utf8)
            out.append(contentsOf: #","point_count_abbreviated":"#.utf8)
            out.append(contentsOf: c.abbreviatedCount.compactText.utf8)
            out.append(UInt8(ascii: "}"))
        } else {
            var p = c.properties
            p["expansion_zoom"] = .number(Double(expansionZoom))
            out.append(contentsOf: JSONValue.object(p).compactText.utf8)
        }
        out.append(contentsOf: featureEnd)
    }

    /// Appends a single user's feature: its point, a point `bbox`, `id` = the user's id, and as properties its
    /// city, country, id, nickname, state and year (the protocol's names, `UserField`).
    static func append(_ u: User, to out: inout [UInt8]) {
        // Each number written once, though the point's bbox and geometry name it three times.
        let lon = JSONWriter.number(u.longitude)
        let lat = JSONWriter.number(u.latitude)
        appendStart(bbox: [lon, lat, lon, lat], longitude: lon, latitude: lat, to: &out)
        out.append(contentsOf: String(u.id).utf8)
        out.append(contentsOf: #","properties":{"city":"#.utf8)
        JSONWriter.appendString(u.city, to: &out)
        out.append(contentsOf: #","country":"#.utf8)
        JSONWriter.appendString(u.country, to: &out)
        out.append(contentsOf: #","id":"#.utf8)
        out.append(contentsOf: String(u.id).utf8)
        out.append(contentsOf: #","nickname":"#.utf8)
        JSONWriter.appendString(u.nickname, to: &out)
        out.append(contentsOf: #","state":"#.utf8)
        JSONWriter.appendString(u.state, to: &out)
        out.append(contentsOf: #","year":"#.utf8)
        out.append(contentsOf: String(u.year).utf8)
        out.append(UInt8(ascii: "}"))
        out.append(contentsOf: featureEnd)
    }

    private static let featureEnd = Array(#","type":"Feature"}"#.utf8)

    /// `{"bbox":[...],"geometry":{...},"id":` of a feature, from its numbers as JSON text.
    private static func appendStart(bbox: [String], longitude: String, latitude: String, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"bbox":["#.utf8)
        for (i, v) in bbox.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: v.utf8)
        }
        out.append(contentsOf: #"],"geometry":{"coordinates":["#.utf8)
        out.append(contentsOf: longitude.utf8)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: latitude.utf8)
        out.append(contentsOf: #"],"type":"Point"},"id":"#.utf8)
    }
}
