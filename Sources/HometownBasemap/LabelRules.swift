/// Which names a map shows at each zoom, how large, and how far apart (pixel sizes are CSS pixels of 256-pixel
/// tiles). The defaults are the web app's and `hometown map`'s.
public struct LabelRules: Hashable, Sendable {
    /// The deepest zoom placed: deeper views show this zoom's names, which only move apart as the zoom grows.
    public var maxZoom = 12
    /// Zooms at which country names are shown.
    public var countryZooms = 0...7
    /// Zooms at which state and province names are shown.
    public var stateZooms = 3...10
    /// Per zoom (index 0...maxZoom), the fewest people a city needs to be named; nil: no city at that zoom.
    public var cityMinimumPopulation: [Int?] = [
        nil, nil, nil, 5_000_000, 2_000_000, 700_000, 200_000, 50_000, 20_000, 8_000, 3_000, 1_000, 500,
    ]
    /// Font sizes in pixels.
    public var countrySize = 13.0
    public var stateSize = 11.0
    public var citySize = 12.0
    /// Cities of at least this many people are named in bold.
    public var boldCityPopulation = 1_000_000
    /// A line of text is this many times the font size high.
    public var lineHeight = 1.25
    /// Radius of a city's dot, and the gap between the dot and its name, in pixels.
    public var dotRadius = 2.5
    public var dotGap = 3.0
    /// A city's name avoids, where it can, covering the dot of a city with at least this share of its people.
    public var rivalShare = 0.25
    /// Free pixels kept between any two labels.
    public var spacing = 4.0
    /// At most this many names have their point in any one 256-pixel tile, so that dense regions stay readable.
    public var maxPerTile = 10
    /// A country's or state's name is shown only while it is at most this many times as wide as the region's
    /// box (countries are allowed to spill over their border a little) and no taller than it.
    public var countryWidthFit = 1.25
    public var stateWidthFit = 1.0

    public init() {}

    /// The smallest city population named at `zoom`, or nil when no city is.
    public func cityMinimum(zoom: Int) -> Int? {
        let z = min(zoom, maxZoom)
        return z >= 0 && z < cityMinimumPopulation.count ? cityMinimumPopulation[z] : nil
    }

    /// Whether a candidate's kind is named at `zoom` at all (before its size and room are looked at). A city is
    /// named from the zoom whose minimum its `rankPopulation` reaches (a capital: with its country's largest city).
    public func shows(_ c: LabelCandidate, zoom: Int) -> Bool {
        switch c.kind {
        case .country: return countryZooms.contains(zoom)
        case .state: return stateZooms.contains(zoom)
        case .city: return cityMinimum(zoom: zoom).map { c.rankPopulation >= $0 } ?? false
        }
    }

    /// Font size in pixels and weight of a candidate's name.
    public func font(_ c: LabelCandidate) -> (size: Double, bold: Bool) {
        switch c.kind {
        case .country: return (countrySize, true)
        case .state: return (stateSize, false)
        case .city: return (citySize, c.population >= boldCityPopulation)
        }
    }

    /// Whether a name of `width` x `height` pixels fits its region at a world `worldPixels` wide.
    public func fits(_ c: LabelCandidate, width: Double, height: Double, worldPixels: Double) -> Bool {
        switch c.kind {
        case .city: return true
        case .country:
            return width <= countryWidthFit * c.regionWidth * worldPixels && height <= c.regionHeight * worldPixels
        case .state:
            return width <= stateWidthFit * c.regionWidth * worldPixels && height <= c.regionHeight * worldPixels
        }
    }
}
