import HometownCore

/// A row of a batch job (`reverse --input`, `transform --input`) as the JSON object it is written as: the input's
/// members in the order they came, each value's JSON text exactly as it was read, then the columns the job adds.
///
/// No input value is decoded and encoded again, so none changes on the way: a number keeps every digit as written
/// (`1.50`, `1e3`, a 64-bit id beyond 2^53), a string its escapes, a nested value its layout, and a key written twice
/// each of its values.
struct BatchRowObject {
    /// The input's members: each key and its value's JSON text.
    private(set) var members: [(key: String, json: String)]

    /// An NDJSON line's members, as `JSONValue.parseMembers` read them.
    init(_ members: [JSONMember]) {
        self.members = members.map { (key: $0.key, json: $0.text) }
    }

    /// A CSV row: each field a JSON string under its key from `BatchRows.jsonKeys(for:added:)`; fields beyond the
    /// header (a long row) keep their place as "_column_N", with "_" appended while a header key has that name.
    init(csv fields: [String], keys: [String]) {
        var taken: Set<String>? = nil
        members = fields.enumerated().map { i, f in
            if i < keys.count { return (key: keys[i], json: JSONValue.quoted(f)) }
            if taken == nil { taken = Set(keys) }
            var key = "_column_\(i + 1)"
            while taken!.contains(key) { key += "_" }
            taken!.insert(key)
            return (key: key, json: JSONValue.quoted(f))
        }
    }

    /// A line that is not a JSON object: its text, as a string under "_line", so that nothing of it is lost.
    init(line: String) {
        members = [(key: "_line", json: JSONValue.quoted(line))]
    }

    /// Appends the row as one JSON object: the input's members, then `added` in their order. An input key named
    /// like an added one keeps its value under "<key>_input", with "_" appended until the name is free: an input
    /// value is never overwritten.
    func write(adding added: [(key: String, value: JSONValue)], to out: inout String) {
        var taken: Set<String>? = nil
        out += "{"
        for (k, m) in members.enumerated() {
            if k > 0 { out += "," }
            var key = m.key
            if added.contains(where: { $0.key == key }) {
                if taken == nil { taken = Set(members.map(\.key) + added.map(\.key)) }
                key += "_input"
                while taken!.contains(key) { key += "_" }
                taken!.insert(key)
            }
            JSONWriter.appendString(key, to: &out)
            out += ":"
            out += m.json
        }
        for (k, a) in added.enumerated() {
            if k > 0 || !members.isEmpty { out += "," }
            JSONWriter.appendString(a.key, to: &out)
            out += ":"
            a.value.write(to: &out)
        }
        out += "}"
    }
}
