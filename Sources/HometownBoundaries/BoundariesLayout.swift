/// The sections of `hometown.bin` (a `DataFile` container of version `DataFileLayout.formatVersion`; data/README.md
/// describes each), shared by the builder (tools/databuilder) and the readers. The rows inside them:
/// `StateRecordLayout`, `CountryRecordLayout`, `ExtentRecordLayout`, `CityRecordLayout`, `CityTreeLayout`,
/// `LeafLayout`.
public enum BoundariesLayout {
    /// Section tags: the metadata (JSON), the string pool and alias lists; the states' and countries' rows; the
    /// lookup grid, its quadrant nodes and leaf records; the cities' rows, GeoNames ids and points; each state's
    /// k-d tree of its cities and the tree's unit vectors; the full state outlines (index, ring stream, coordinates).
    public static let meta = "META", strings = "STRINGS", aliases = "ALIASES", stateU32 = "STATEU32",
        stateF64 = "STATEF64", countryU32 = "CTRYU32", countryF64 = "CTRYF64", gridTop = "GRIDTOP", nodes = "NODES",
        leafData = "LEAFDATA", cityU32 = "CITYU32", cityGeonameIDs = "CITYGID", cityF64 = "CITYF64",
        stateCities = "STCITIES", stateCityVectors = "STCXYZ", outlineIndex = "SPOLYIDX", outlineStream = "SPOLY",
        outlineCoordinates = "SCOORDS"

    /// Every section of the file.
    public static let sections = [
        meta, strings, aliases, stateU32, stateF64, countryU32, countryF64, gridTop, nodes, leafData, cityU32,
        cityGeonameIDs, cityF64, stateCities, stateCityVectors, outlineIndex, outlineStream, outlineCoordinates,
    ]

    /// The sections only `ReverseGeocoder.statePolygons(_:)` reads: about a fifth of the file.
    public static let outlineSections: Set<String> = [outlineIndex, outlineStream, outlineCoordinates]
}
