/// The limits the server enforces and the client checks before sending.
public enum ProtocolLimits {
    /// Largest accepted request body, in bytes.
    public static let maxBodyBytes = 16 * 1024
    /// Longest accepted string value (nickname, password, country, state, city), in characters.
    public static let maxStringCharacters = 100
    /// Shortest accepted password, in characters.
    public static let minPasswordCharacters = 3
    /// Page size when `page` is given without `pagesize`.
    public static let defaultPageSize = 25
    /// Largest accepted `pagesize`.
    public static let maxPageSize = 1000
    /// The keys of a POST adduser body, in the protocol's order.
    public static let postKeys = ["nickname", "password", "country", "state", "city", "year", "latitude", "longitude"]
    /// The earliest start year the original server accepted, and this one's default.
    public static let defaultMinYear = 1970
}
