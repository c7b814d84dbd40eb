/// The sections of `hometown.bin` (a `DataFile` container of version `DataFileLayout.formatVersion`; data/README.md
/// describes each), shared by the builder (tools/databuilder) and the readers. The rows inside them:
/// `StateRecordLayout`, `CountryRecordLayout`, `ExtentRecordLayout`, `CityRecordLayout`, `CityTreeLayout`,
/// `LeafLayout`.
public enum BoundariesLayout {
    /// JSON: counts, sources, attribution.
    public static let meta = DataSection<UInt8>("META")
    /// The UTF-8 string pool, and the alias lists as (offset, length) pairs into it.
    public static let strings = DataSection<UInt8>("STRINGS"), aliases = DataSection<UInt32>("ALIASES")
    /// Per state its row (`StateRecordLayout`) and its box and point (`ExtentRecordLayout`).
    public static let stateU32 = DataSection<UInt32>("STATEU32"), stateF64 = DataSection<Double>("STATEF64")
    /// Per country its row (`CountryRecordLayout`) and its box and point (`ExtentRecordLayout`).
    public static let countryU32 = DataSection<UInt32>("CTRYU32"), countryF64 = DataSection<Double>("CTRYF64")
    /// The lookup grid's one-degree cells, its quadrant nodes and its leaf records (`CellCode`, `LeafLayout`).
    public static let gridTop = DataSection<UInt32>("GRIDTOP"), nodes = DataSection<UInt32>("NODES"),
        leafData = DataSection<Double>("LEAFDATA")
    /// Per city its row (`CityRecordLayout`), its GeoNames id, and its latitude and longitude.
    public static let cityU32 = DataSection<UInt32>("CITYU32"), cityGeonameIDs = DataSection<UInt32>("CITYGID"),
        cityF64 = DataSection<Double>("CITYF64")
    /// Per state a k-d tree of its cities, and the tree's unit vectors and chords (`CityTreeLayout`).
    public static let stateCities = DataSection<UInt32>("STCITIES"), stateCityVectors = DataSection<Double>("STCXYZ")
    /// The full state outlines: per state where its polygons start in SPOLY; SPOLY, per state its polygon count,
    /// per polygon its ring count, per ring its first coordinate in SCOORDS and its point count; SCOORDS, the
    /// points as (longitude, latitude) pairs.
    public static let outlineIndex = DataSection<UInt32>("SPOLYIDX"), outlineStream = DataSection<UInt32>("SPOLY"),
        outlineCoordinates = DataSection<Double>("SCOORDS")

    /// The tag of every section of the file.
    public static let sections = [
        meta.tag, strings.tag, aliases.tag, stateU32.tag, stateF64.tag, countryU32.tag, countryF64.tag, gridTop.tag,
        nodes.tag, leafData.tag, cityU32.tag, cityGeonameIDs.tag, cityF64.tag, stateCities.tag, stateCityVectors.tag,
        outlineIndex.tag, outlineStream.tag, outlineCoordinates.tag,
    ]

    /// The tags of the sections only `ReverseGeocoder.statePolygons(_:)` reads: about a fifth of the file.
    public static let outlineSections: Set<String> = [outlineIndex.tag, outlineStream.tag, outlineCoordinates.tag]
}
