/// The records of a batch input, once known: CSV with a header row, or NDJSON (one JSON object per line).
enum BatchRecordFormat: Equatable, Sendable {
    case csv, ndjson

    /// How `RecordBuffer` cuts the input into records.
    var recordKind: RecordBuffer.Kind { self == .csv ? .csv : .lines }
}
