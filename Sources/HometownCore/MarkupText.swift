/// Text for HTML and XML (SVG) documents: the five characters with a meaning in markup replaced by their entities,
/// so that a name or a path can be shown as it is, inside elements and inside quoted attributes.
public enum MarkupText {
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s {
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
