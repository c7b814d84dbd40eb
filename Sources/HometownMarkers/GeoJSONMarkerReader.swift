import Dispatch
import Foundation
import HometownCore

/// Reads markers from a GeoJSON FeatureCollection of Point features. A feature with `"geometry": null`
/// becomes an unlocated marker (kept in place); any other geometry type is an error naming the feature.
///
/// The collection is read in one pass with a `JSONCursor`, feature by feature, without building the whole
/// document as a `JSONValue` tree first; a Point's coordinates are read straight into doubles. The answers and
/// errors are those of parsing the whole text and then reading it: a syntax error anywhere is reported (with
/// its byte offset) before the first feature at fault.
enum GeoJSONMarkerReader {
    /// Texts of at least this many bytes are read in two parts on two threads (4 MiB).
    static let twoPartSize = 1 << 22

    /// - Parameter splitSize: read in two parts from this many bytes on (the fuzz target of tools/fuzz sets it
    ///   low, to compare the two-thread reading with the one-thread one on small texts).
    static func read(
        _ data: Data, file: String, progress: MarkerReadProgress? = nil, splitSize: Int = twoPartSize
    ) throws(MarkersError) -> [Marker] {
        do {
            return try data.withUnsafeBytes { raw in
                try read(raw.bindMemory(to: UInt8.self), file: file, progress: progress, splitSize: splitSize)
            }
        } catch let e as MarkersError {
            throw e
        } catch {
            throw .malformed(file: file, reason: "\(error)")
        }
    }

    /// What one reader of the collection found.
    private struct Part {
        var markers: [Marker] = []
        var topType: JSONValue?
        var sawFeatures = false
        var featuresIsArray = false
        /// The first feature at fault (index within this part) and why.
        var firstFault: (index: Int, reason: String)?
        /// Features read (with or without fault).
        var count = 0
        /// The first part: whether it stopped at the second part's start (then the second part's reading holds).
        var reachedSplit = false
        /// Where to report this part's progress (as part `index`, bytes counted from `start`).
        var progress: (to: MarkerReadProgress, index: Int, start: Int)?
    }

    /// Large files are read in two parts on two threads: the second from the first element start found after
    /// the middle of the text, the first up to there. The first part's reader confirms that the guess is an
    /// element of `features` (it must arrive there exactly between two elements); otherwise the second part's
    /// work is dropped and the first reads on to the end. Either way the answer is that of one reader.
    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, progress: MarkerReadProgress?, splitSize: Int
    ) throws -> [Marker] {
        let split = bytes.count >= splitSize ? guessElementStart(bytes, after: bytes.count / 2) : nil
        var first = Part()
        var second = Part()
        var firstError: Error?
        var secondError: Error?
        if let split {
            withUnsafeMutablePointer(to: &first) { fp in
                withUnsafeMutablePointer(to: &second) { sp in
                    withUnsafeMutablePointer(to: &firstError) { fe in
                        withUnsafeMutablePointer(to: &secondError) { se in
                            nonisolated(unsafe) let (fp, sp, fe, se, bytes) = (fp, sp, fe, se, bytes)
                            DispatchQueue.concurrentPerform(iterations: 2) { k in
                                if k == 0 {
                                    do {
                                        fp.pointee = try readFromStart(bytes, stopAt: split, progress: progress)
                                    } catch { fe.pointee = error }
                                } else {
                                    do { sp.pointee = try readSecondPart(bytes, from: split, progress: progress) } catch
                                    { se.pointee = error }
                                }
                            }
                        }
                    }
                }
            }
            if let firstError { throw firstError }
            if first.reachedSplit {
                if let secondError { throw secondError }
                return try combine(first, second, file: file)
            }
            // The guess was not an element start: `first` read on to the end by itself.
            progress?.dropPart(1)
            return try combine(first, nil, file: file)
        }
        return try combine(try readFromStart(bytes, stopAt: nil, progress: progress), nil, file: file)
    }

    /// The answer from the parts, with the errors one reader of the whole text would give.
    private static func combine(_ first: Part, _ second: Part?, file: String) throws(MarkersError) -> [Marker] {
        let topType = first.topType ?? second?.topType
        guard topType?.stringValue == "FeatureCollection", first.sawFeatures, first.featuresIsArray else {
            throw .malformed(file: file, reason: "expected a GeoJSON FeatureCollection with a \"features\" array")
        }
        if let fault = first.firstFault {
            throw .invalidRow(file: file, location: Marker.featureLocation(fault.index), reason: fault.reason)
        }
        guard let second else { return first.markers }
        if let fault = second.firstFault {
            throw .invalidRow(
                file: file, location: Marker.featureLocation(first.count + fault.index), reason: fault.reason)
        }
        var markers = first.markers
        markers.reserveCapacity(first.markers.count + second.markers.count)
        for var m in second.markers {
            m.shiftFeatureIndex(by: first.count)
            markers.append(m)
        }
        return markers
    }

    /// A `{` after the middle whose previous non-blank byte is `,`: maybe an element of `features`.
    private static func guessElementStart(_ bytes: UnsafeBufferPointer<UInt8>, after middle: Int) -> Int? {
        var i = middle
        let limit = min(bytes.count, middle + (1 << 20))
        while i < limit {
            // (i > 0: a `{` at the very start has no byte before it to look at.)
            if i > 0, bytes[i] == UInt8(ascii: "{") {
                var j = i - 1
                while j > 0, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09 { j -= 1 }
                if bytes[j] == UInt8(ascii: ",") { return i }
            }
            i += 1
        }
        return nil
    }

    /// Reads from the start; with `stopAt`, stops when the next element of `features` starts exactly there.
    private static func readFromStart(
        _ bytes: UnsafeBufferPointer<UInt8>, stopAt split: Int?,
        progress: MarkerReadProgress?
    ) throws -> Part {
        var part = Part()
        part.progress = progress.map { ($0, 0, 0) }
        var watching = split != nil
        try JSONCursor.read(bytes) { c in
            guard c.peek() == UInt8(ascii: "{") else {
                _ = try c.value()
                try c.end()
                return
            }
            try c.enterObject()
            while let name = try c.nextMember() {
                switch name {
                case "type" where part.topType == nil:
                    part.topType = try c.value()
                case "features" where !part.sawFeatures:
                    part.sawFeatures = true
                    guard c.peek() == UInt8(ascii: "[") else {
                        try c.skipValue()
                        continue
                    }
                    part.featuresIsArray = true
                    try c.enterArray()
                    while try c.nextElement() {
                        if watching, let split {
                            _ = c.peek()
                            if c.offset == split {
                                part.reachedSplit = true
                                return
                            }
                            if c.offset > split { watching = false }
                        }
                        try read(feature: &c, into: &part)
                    }
                default:
                    try c.skipValue()
                }
            }
            try c.end()
        }
        return part
    }

    /// Reads the elements of `features` from `start` (an element start), then the rest of the collection.
    private static func readSecondPart(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
        progress: MarkerReadProgress?
    ) throws -> Part {
        var part = Part()
        part.progress = progress.map { ($0, 1, start) }
        try JSONCursor.read(bytes, resumingAt: start, depth: 2) { c in
            while try c.nextElement() { try read(feature: &c, into: &part) }
            while let name = try c.nextMember() {
                if name == "type", part.topType == nil { part.topType = try c.value() } else { try c.skipValue() }
            }
            try c.end()
        }
        return part
    }

    /// One element of `features`: syntax errors end the reading (thrown); the first fault of a valid element
    /// is kept, reported once the whole text is known to be valid JSON.
    private static func read(feature c: inout JSONCursor, into part: inout Part) throws {
        if let p = part.progress, part.count & (MarkerReadProgress.interval - 1) == 0 {
            p.to.report(part: p.index, bytes: c.offset - p.start, markers: part.count)
        }
        switch try feature(&c, index: part.count) {
        case .success(let m): if part.firstFault == nil { part.markers.append(m) }
        case .failure(let e): if part.firstFault == nil { part.firstFault = (part.count, e.reason) }
        }
        part.count += 1
    }

    /// A Point's coordinates as read: the leading numbers straight into doubles, or (anything else) the value.
    private enum Coordinates {
        case numbers(count: Int, first: Double, second: Double)
        case other(JSONValue)
    }

    /// A feature's geometry member as read.
    private enum Geometry {
        case object(type: JSONValue?, coordinates: Coordinates?)
        case other(JSONValue)
    }

    /// Reads one element of `features`: syntax errors are thrown (`CoreError`), a valid element that is not a
    /// Point feature is a failure to report with the feature's place.
    private static func feature(_ c: inout JSONCursor, index: Int) throws -> Result<Marker, FieldError> {
        guard c.peek() == UInt8(ascii: "{") else {
            try c.skipValue()
            return .failure(FieldError("expected a GeoJSON Feature object"))
        }
        try c.enterObject()
        var type: JSONValue?
        var id: JSONValue?
        var properties: JSONValue?
        var geometry: Geometry?
        while let name = try c.nextMember(among: featureMembers) {
            switch name {
            case 0 where type == nil: type = try typeValue(&c, among: ["Feature"])
            case 1 where id == nil: id = try c.value()
            case 2 where properties == nil: properties = try c.value()
            case 3 where geometry == nil: geometry = try readGeometry(&c)
            default: try c.skipValue()
            }
        }
        return Result { () throws(FieldError) -> Marker in
            try marker(type: type, id: id, properties: properties, geometry: geometry, index: index)
        }
    }

    private static let featureMembers: [StaticString] = ["type", "id", "properties", "geometry"]
    private static let geometryMembers: [StaticString] = ["type", "coordinates"]

    /// A `type` member's value: the expected names come out as strings without reading them into a String
    /// first; anything else is read whole (for the message that names it).
    private static func typeValue(_ c: inout JSONCursor, among names: [StaticString]) throws -> JSONValue {
        let start = c.mark
        if let k = try c.string(among: names), k < names.count { return .string(names[k].description) }
        c.rewind(to: start)
        return try c.value()
    }

    private static func readGeometry(_ c: inout JSONCursor) throws -> Geometry {
        guard c.peek() == UInt8(ascii: "{") else { return .other(try c.value()) }
        try c.enterObject()
        var type: JSONValue?
        var coordinates: Coordinates?
        while let name = try c.nextMember(among: geometryMembers) {
            switch name {
            case 0 where type == nil: type = try typeValue(&c, among: ["Point"])
            case 1 where coordinates == nil: coordinates = try readCoordinates(&c)
            default: try c.skipValue()
            }
        }
        return .object(type: type, coordinates: coordinates)
    }

    /// `[lon, lat, ...]` of numbers read without a `JSONValue`; anything else read whole.
    private static func readCoordinates(_ c: inout JSONCursor) throws -> Coordinates {
        let start = c.mark
        guard c.peek() == UInt8(ascii: "[") else { return .other(try c.value()) }
        try c.enterArray()
        var count = 0
        var first = 0.0
        var second = 0.0
        while try c.nextElement() {
            guard let v = try c.number() else {
                c.rewind(to: start)
                return .other(try c.value())
            }
            if count == 0 { first = v } else if count == 1 { second = v }
            count += 1
        }
        return .numbers(count: count, first: first, second: second)
    }

    private static func marker(
        type: JSONValue?, id: JSONValue?, properties: JSONValue?, geometry: Geometry?,
        index: Int
    ) throws(FieldError) -> Marker {
        guard type?.stringValue == "Feature" else { throw FieldError("expected a GeoJSON Feature object") }
        let props = try GeoJSONMarkerReader.properties(properties)
        switch geometry {
        case nil, .other(.null)?:
            return Marker(id: id, coordinate: nil, properties: props, origin: .feature(index))
        case .object(let type, let coordinates)?:
            let lon: Double
            let lat: Double
            switch coordinates {
            case .numbers(let count, let first, let second)? where count >= 2:
                (lon, lat) = (first, second)
            case .other(.array(let c))? where c.count >= 2 && c[0].doubleValue != nil && c[1].doubleValue != nil:
                (lon, lat) = (c[0].doubleValue!, c[1].doubleValue!)
            default:
                try checkPoint(type)
                throw FieldError("Point coordinates must be [longitude, latitude] numbers")
            }
            try checkPoint(type)
            do {
                return Marker(
                    id: id, coordinate: try Coordinate(latitude: lat, longitude: lon), properties: props,
                    origin: .feature(index))
            } catch {
                throw FieldError("\(error)")
            }
        case .other(let other)?:
            throw FieldError("geometry must be an object or null, got \(CoordinateFields.describe(other))")
        }
    }

    private static func checkPoint(_ type: JSONValue?) throws(FieldError) {
        guard let type = type?.stringValue else { throw FieldError("geometry has no \"type\"") }
        guard type == "Point" else { throw FieldError("geometry is a \(type); markers must be Points") }
    }

    private static func properties(_ value: JSONValue?) throws(FieldError) -> [String: JSONValue]? {
        switch value {
        case .object(let o)?: return o
        case .null?, nil: return nil
        case let other?:
            throw FieldError("properties must be an object or null, got \(CoordinateFields.describe(other))")
        }
    }

    /// One GeoJSON Feature object, already parsed (an NDJSON line), as a marker.
    static func marker(from value: JSONValue, location: String) throws(FieldError) -> Marker {
        guard case .object(let f) = value else { throw FieldError("expected a GeoJSON Feature object") }
        let geometry: Geometry?
        switch f["geometry"] {
        case nil: geometry = nil
        case .object(let g)?:
            geometry = .object(type: g["type"], coordinates: g["coordinates"].map { .other($0) })
        case let other?: geometry = .other(other)
        }
        var m = try marker(type: f["type"], id: f["id"], properties: f["properties"], geometry: geometry, index: 0)
        m.location = location
        return m
    }
}
