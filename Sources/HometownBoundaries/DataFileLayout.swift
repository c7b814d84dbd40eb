/// The container layout shared by the writer (the data builder) and the reader.
///
/// ```
/// offset  size  field
///      0     8  magic "HOMETOWN"
///      8     4  format version (UInt32, little-endian)
///     12     4  section count N
///     16     8  total file size in bytes
///     24     8  checksum of bytes 0..<24 and of the section table
///     32  32*N  section table: tag (8 ASCII bytes, space padded), offset, length, checksum (UInt64 each)
/// ```
/// Sections follow, each starting at a multiple of 8 bytes and padded with zeros. All numbers are
/// little-endian; arrays are packed `UInt32`, `Int32` or `Float64`.
public enum DataFileLayout {
    public static let magic: [UInt8] = Array("HOMETOWN".utf8)
    /// The version of `hometown.bin` this build reads and writes; bumped whenever a section's meaning changes.
    /// (Other files in the same container, such as the gazetteer, have versions of their own.)
    /// 3: LEAFDATA replaces LEAVES + COORDS; STCITIES lists each state's places as a k-d tree, with STCXYZ
    /// beside it; CITYGRID is gone.
    public static let formatVersion: UInt32 = 3
    public static let headerSize = 32
    public static let sectionEntrySize = 32
}
