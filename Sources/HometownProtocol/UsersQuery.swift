/// The filters and paging of GET users (and of the server's clusters and region endpoints).
public struct UsersQuery: Hashable, Sendable {
    /// Only users of this served country.
    public var country: String?
    /// Only users of one of these served states (one name, or several when a state was given without a country
    /// and its name stands for states of several countries).
    public var states: [String]?
    /// Only users with exactly this city.
    public var city: String?
    /// Only users who started in this year.
    public var year: Int?
    /// Only ids strictly greater than this.
    public var afterID: Int?
    /// Only ids strictly less than this.
    public var beforeID: Int?
    /// Most recent first.
    public var reverse = false
    /// Page number from 0 (nil: every match).
    public var page: Int?
    /// Users per page (used only with `page`).
    public var pageSize = ProtocolLimits.defaultPageSize

    /// A query with these filters and paging (every member optional).
    public init(
        country: String? = nil, states: [String]? = nil, city: String? = nil, year: Int? = nil,
        afterID: Int? = nil, beforeID: Int? = nil, reverse: Bool = false, page: Int? = nil,
        pageSize: Int = ProtocolLimits.defaultPageSize
    ) {
        self.country = country
        self.states = states
        self.city = city
        self.year = year
        self.afterID = afterID
        self.beforeID = beforeID
        self.reverse = reverse
        self.page = page
        self.pageSize = pageSize
    }

    /// The same filters without paging or order (what the clusters and region endpoints use).
    public var filtersOnly: UsersQuery {
        UsersQuery(country: country, states: states, city: city, year: year, afterID: afterID, beforeID: beforeID)
    }

    /// The filter parameters of GET users.
    public static let filterParameters = ["country", "state", "city", "year", "afterid", "beforeid"]
    /// Every parameter of GET users.
    public static let parameters = filterParameters + ["reverse", "page", "pagesize"]

    /// Reads the parameters of GET users (already percent-decoded), in any order.
    /// - Parameters:
    ///   - items: the query's name/value pairs.
    ///   - vocabulary: resolves `country` and `state` spellings to served names ("usa" = "USA", "MN" = "Minnesota").
    ///   - extra: other parameter names the endpoint takes (read by the caller); all others are refused.
    ///   - paging: whether `reverse`, `page` and `pagesize` are taken.
    /// - Throws: `ProtocolError` naming the parameter: unknown, repeated, of the wrong form or out of range, or a
    ///   country or state this server does not serve.
    public static func parse(
        _ items: [(name: String, value: String)], vocabulary: some ServedNames, extra: [String] = [],
        paging: Bool = true
    ) throws(ProtocolError) -> UsersQuery {
        let p = try QueryParameters(items, allowed: (paging ? parameters : filterParameters) + extra)
        var q = UsersQuery()
        if let c = p.string("country") { q.country = try vocabulary.servedCountry(c) }
        if let s = p.string("state") {
            if let c = q.country {
                q.states = [try vocabulary.servedState(s, inCountry: c)]
            } else {
                q.states = try vocabulary.servedStatesAnywhere(s)
            }
        }
        if let c = p.string("city") {
            try NewUser.checkString(c, field: "city")
            q.city = c
        }
        q.year = try p.integer("year")
        q.afterID = try p.integer("afterid")
        q.beforeID = try p.integer("beforeid")
        if let r = p.string("reverse") {
            switch r {
            case "true": q.reverse = true
            case "false": q.reverse = false
            default: throw .wrongType(field: "reverse", expected: "true or false", got: "'\(r)'")
            }
        }
        q.page = try p.integer("page", range: 0...Int.max, rule: "0 or more (pages count from 0)")
        q.pageSize = try p.integer("pagesize", range: 1...ProtocolLimits.maxPageSize) ?? ProtocolLimits.defaultPageSize
        return q
    }

    /// The query as parameters of GET users, in the protocol's order (for clients).
    public var parameters: [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        if let country { out.append(("country", country)) }
        if let states, let first = states.first { out.append(("state", first)) }
        if let city { out.append(("city", city)) }
        if let year { out.append(("year", String(year))) }
        if let afterID { out.append(("afterid", String(afterID))) }
        if let beforeID { out.append(("beforeid", String(beforeID))) }
        if reverse { out.append(("reverse", "true")) }
        if let page {
            out.append(("page", String(page)))
            if pageSize != ProtocolLimits.defaultPageSize { out.append(("pagesize", String(pageSize))) }
        }
        return out
    }
}
