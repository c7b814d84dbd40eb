import HometownBoundaries

/// The sections of `gazetteer.bin` (a `DataFile` container, see data/README.md), shared by the builder and
/// the reader.
public enum GazetteerLayout {
    /// The container format version of `gazetteer.bin` (its own, apart from `hometown.bin`'s).
    public static let version: UInt32 = 2
    /// JSON: counts, sources, attribution.
    public static let meta = DataSection<UInt8>("META")
    /// The UTF-8 string pool; per entry its row (`GazetteerEntryLayout`) and its latitude and longitude.
    public static let strings = DataSection<UInt8>("STRINGS"), entryU32 = DataSection<UInt32>("ENTRYU32"),
        entryF64 = DataSection<Double>("ENTRYF64")
    /// The name keys' hash table, its posting lists, every word (for typos), and the boxes (`f64PerBox`).
    public static let nameTable = DataSection<UInt32>("NAMETAB"), postings = DataSection<UInt32>("POSTINGS"),
        words = DataSection<UInt32>("WORDS"), boxes = DataSection<Double>("BOXES")
    /// The city entries that are national capitals.
    public static let capitals = DataSection<UInt32>("CAPITALS")
    /// Every name key in byte order, back to back, and per key the offset of its first byte and of its postings.
    public static let prefixKeys = DataSection<UInt8>("PFXKEYS"), prefixIndex = DataSection<UInt32>("PFXINDEX")
    /// US ZIP codes and their points (`u32PerZIP`, `i32PerZIP`).
    public static let zipCodes = DataSection<UInt32>("USZIP"), zipPoints = DataSection<Int32>("USZIPPT")
    /// Names in people's languages (`u32PerLocalName`).
    public static let languages = DataSection<UInt8>("LANGS"), localNames = DataSection<UInt32>("LOCNAMES"),
        localIndex = DataSection<UInt32>("LOCINDEX")
    /// The cities by GeoNames id, and the entries by ISO code (`u32PerGeonameIndex`).
    public static let geonameIndex = DataSection<UInt32>("GIDINDEX"), codeIndex = DataSection<UInt32>("CODES")
    /// Postal codes beyond the US ZIP codes, and their points (`u32PerPostalCode`).
    public static let postalCodes = DataSection<UInt32>("PCODES"), postalPoints = DataSection<Int32>("PCODEPT")
    /// The other countries' postal codes, and their countries (`u32PerWorldPostalCode`).
    public static let worldPostalCodes = DataSection<UInt32>("WPCODES"),
        worldPostalCountries = DataSection<UInt8>("WPCTRY")

    /// The tag of every section of a file built now.
    public static let sections = [
        meta.tag, strings.tag, entryU32.tag, entryF64.tag, nameTable.tag, postings.tag, words.tag, boxes.tag,
        capitals.tag, prefixKeys.tag, prefixIndex.tag, zipCodes.tag, zipPoints.tag, languages.tag, localNames.tag,
        localIndex.tag, geonameIndex.tag, codeIndex.tag, postalCodes.tag, postalPoints.tag, worldPostalCodes.tag,
        worldPostalCountries.tag,
    ]

    /// Postal codes beyond the US ZIP codes (section PCODES, sorted by family, then number): per code its
    /// `PostalFamily` raw value, its number (`PostalFamily.number(of:)`) and the entry that holds it (its state,
    /// else its country). PCODEPT: per code, latitude and longitude in `zipPointScale`ths of a degree.
    public static let u32PerPostalCode = 3

    /// The postal codes of other countries (`WorldPostalCode`). WPCTRY: per country, a UTF-8 line "CC<tab>shape
    /// <tab>tail" (its ISO 3166-1 code, the usual written form of its codes, and the form of the part people write
    /// after a code that the data keeps shorter: "9aa" after a British outward code, "aa" after a Dutch
    /// four-digit one; empty when there is none); a country's number is its line. WPCODES: per code, the high 32
    /// bits of its packed form, then its low 16 bits shifted up by 16 with the country's number below, then the
    /// place it belongs to (a city entry); sorted by those two numbers, so that every country's code of one text
    /// lies together.
    public static let u32PerWorldPostalCode = 3

    /// Names in people's languages. LANGS: the language tags the data names places in (canonical, see
    /// `LanguageTag`), UTF-8, one per line, sorted; a tag's number is its line. LOCNAMES: `u32PerLocalName`
    /// `UInt32`s per name (language number, offset and length in STRINGS), grouped by entry in entry order, one
    /// name per language. LOCINDEX: `entryCount + 1` `UInt32`s, the first LOCNAMES row of each entry and, last,
    /// the number of rows.
    public static let u32PerLocalName = 3
    /// GIDINDEX: (GeoNames id, entry) pairs of the cities, sorted. CODES: the entries with an ISO code
    /// (countries, states, regions), sorted by code (bytes), then entry: a code's first entry is its most
    /// important one.
    public static let u32PerGeonameIndex = 2

    /// `UInt32`s per US ZIP code (section USZIP, sorted by code): the code as a number (00501 is 501) and the
    /// entry of its state (or of its country for the territories that are ISO 3166-1 countries: PR, GU, ...).
    public static let u32PerZIP = 2
    /// `Int32`s per US ZIP code (section USZIPPT, in the order of USZIP): latitude and longitude in
    /// `zipPointScale`ths of a degree.
    public static let i32PerZIP = 2
    /// The units of USZIPPT per degree.
    public static let zipPointScale = 100_000.0

    /// `UInt32`s per entry (the fields: `GazetteerEntryLayout`).
    public static let u32PerEntry = 12
    /// `Float64`s per entry: latitude, longitude.
    public static let f64PerEntry = 2
    /// `Float64`s per box (section BOXES, for every entry but cities, whose box follows from their population):
    /// west, south, east, north; west > east crosses 180°.
    public static let f64PerBox = 4
    /// The value of a missing entry link.
    public static let none = UInt32.max
}

/// What an entry is.
public enum PlaceKind: UInt32, Sendable, CaseIterable {
    /// A country (ISO 3166-1 where it has a code).
    case country = 0
    /// A Natural Earth 1:10m admin-1 unit (state, province, department, ...).
    case state = 1
    /// A GeoNames first-level division that is not one Natural Earth state but holds several (England,
    /// Lombardy, Île-de-France): a container for queries and a result of its own.
    case region = 2
    /// A GeoNames cities500 place.
    case city = 3
    /// A postal code (a US ZIP code, a Canadian forward sortation area, an Indian PIN): not an entry of the gazetteer's tables, but a result of its own kind.
    case postalCode = 4

    /// The JSON name: "country", "state", "region", "city", "postal_code".
    public var name: String {
        switch self {
        case .country: return "country"
        case .state: return "state"
        case .region: return "region"
        case .city: return "city"
        case .postalCode: return "postal_code"
        }
    }
}
