/// Newline-delimited JSON, split into its lines: the readers of the batch command and of markers both skip
/// blank lines but count them, so that messages name the line a person sees in an editor.
public enum NDJSONLines {
    /// The 1-based number and the byte range (without the line feed) of every line holding something other
    /// than spaces, tabs and carriage returns, in order.
    public static func nonBlank<C: Collection<UInt8>>(_ bytes: C) -> [(number: Int, range: Range<C.Index>)] {
        var lines: [(number: Int, range: Range<C.Index>)] = []
        for (k, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
            lines.append((k + 1, line.startIndex..<line.endIndex))
        }
        return lines
    }
}
