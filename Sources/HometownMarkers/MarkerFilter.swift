import Foundation
import HometownCore

/// Selects markers with the Hometown `users` query semantics: exact `country`, `state`, `city` and `year`
/// matches, ids strictly after/before a value, inside a box, and finally the most recent N (highest ids).
/// Every condition that is set must hold; nil conditions are ignored.
/// Not the protocol's `UsersQuery` (the server's query, resolved against its served names, with paging): this
/// filters markers of any file by their properties as written, exact and case-sensitive.
public struct MarkerFilter: Hashable, Sendable {
    /// Only markers whose `country` property is exactly this (all text matches are case-sensitive; a number
    /// property matches its plain form, `JSONValue.text`: a `state` of 27 matches "27").
    public var country: String?
    /// Only markers whose `state` property is exactly this.
    public var state: String?
    /// Only markers whose `city` property is exactly this.
    public var city: String?
    /// Match of the `year` property (a number, or text holding an integer).
    public var year: Int?
    /// Only ids strictly greater than this (`afterid`).
    public var afterID: Int?
    /// Only ids strictly less than this (`beforeid`).
    public var beforeID: Int?
    /// Keep only the N most recent markers: the N highest ids, or the last N in file order when no marker
    /// has an id. Output keeps file order.
    public var mostRecent: Int?
    /// Only markers inside this box (may cross the antimeridian); unlocated markers are left out.
    public var bbox: BoundingBox?

    /// A filter with these conditions (nil: no condition).
    public init(
        country: String? = nil, state: String? = nil, city: String? = nil, year: Int? = nil,
        afterID: Int? = nil, beforeID: Int? = nil, mostRecent: Int? = nil, bbox: BoundingBox? = nil
    ) {
        self.country = country
        self.state = state
        self.city = city
        self.year = year
        self.afterID = afterID
        self.beforeID = beforeID
        self.mostRecent = mostRecent
        self.bbox = bbox
    }

    /// True when no condition is set.
    public var isEmpty: Bool { self == MarkerFilter() }

    /// - Returns: the markers that pass, in their input order.
    /// - Throws: `MarkersError.invalidFilter` for a negative `mostRecent`; `.invalidRow` naming a marker
    ///   without an integer id when an id condition needs one.
    public func apply(_ markers: [Marker], file: String = "input") throws(MarkersError) -> [Marker] {
        if let n = mostRecent, n < 0 { throw .invalidFilter("most recent \(n): the count must be 0 or more") }
        if isEmpty { return markers }
        let needsIds = afterID != nil || beforeID != nil
        var kept: [Marker] = []
        for m in markers {
            if let country, m["country"]?.text != country { continue }
            if let state, m["state"]?.text != state { continue }
            if let city, m["city"]?.text != city { continue }
            if let year, MarkerFilter.integer(m["year"]) != year { continue }
            if let bbox {
                guard let c = m.coordinate, bbox.contains(c) else { continue }
            }
            if needsIds {
                guard let id = MarkerFilter.integer(m.id) else {
                    throw .invalidRow(
                        file: file, location: m.location,
                        reason: "no integer id, which --after-id/--before-id need")
                }
                if let afterID, id <= afterID { continue }
                if let beforeID, id >= beforeID { continue }
            }
            kept.append(m)
        }
        guard let n = mostRecent, n < kept.count else { return kept }
        let ids = kept.map { MarkerFilter.integer($0.id) }
        if ids.allSatisfy({ $0 == nil }) { return Array(kept.suffix(n)) }
        if let missing = ids.firstIndex(where: { $0 == nil }) {
            throw .invalidRow(
                file: file, location: kept[missing].location,
                reason: "no integer id, but other markers have one: the most recent N needs ids on all or none")
        }
        // The n highest ids (ties keep the later ones), back in input order.
        let chosen = ids.indices.sorted { (ids[$0]!, $0) > (ids[$1]!, $1) }.prefix(n).sorted()
        return chosen.map { kept[$0] }
    }

    /// An integer from a number (whole) or a text holding one.
    static func integer(_ v: JSONValue?) -> Int? {
        switch v {
        case .number(let d)?: return d.rounded() == d && abs(d) < 9e15 ? Int(d) : nil
        case .string(let s)?: return Int(s.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }
}
