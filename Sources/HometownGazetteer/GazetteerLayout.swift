/// The sections of `gazetteer.bin` (a `DataFile` container, see data/README.md), shared by the builder and
/// the reader.
public enum GazetteerLayout {
    /// The container format version of `gazetteer.bin` (its own, apart from `hometown.bin`'s).
    public static let version: UInt32 = 2
    /// Section tags.
    public static let meta = "META", strings = "STRINGS", entryU32 = "ENTRYU32", entryF64 = "ENTRYF64",
        nameTable = "NAMETAB", postings = "POSTINGS", words = "WORDS", boxes = "BOXES", capitals = "CAPITALS",
        prefixKeys = "PFXKEYS", prefixIndex = "PFXINDEX", zipCodes = "USZIP", zipPoints = "USZIPPT",
        languages = "LANGS", localNames = "LOCNAMES", localIndex = "LOCINDEX", geonameIndex = "GIDINDEX",
        codeIndex = "CODES", postalCodes = "PCODES", postalPoints = "PCODEPT", worldPostalCodes = "WPCODES",
        worldPostalCountries = "WPCTRY"

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
