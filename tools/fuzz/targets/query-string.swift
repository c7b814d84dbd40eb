// fuzz-build: modules=HometownCore,HometownProtocol support=Oracle,ReferenceQuery
import HometownProtocol

/// `QueryString` both ways. Reading: against a second decoder written here from its documentation (split at
/// '&', empty pieces skipped, the first '=' splits name from value, '+' is a space, %XX a byte, the bytes must
/// be UTF-8): the same pairs byte for byte, or both refuse. Writing: what `encode` writes holds only RFC 3986
/// unreserved characters, '%', '=' and '&', and reads back as the same pairs; so does every query that reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryString(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A query string arrives as text: the input's UTF-8 (broken sequences as U+FFFD, as a URL decoder makes them).
    let query = String(decoding: bytes, as: UTF8.self)
    let ours = try? QueryString.parse(query)
    let reference = ReferenceQuery.parse(Array(query.utf8))
    Oracle.check(
        ours.map { $0.map { [Array($0.name.utf8), Array($0.value.utf8)] } } == reference,
        "QueryString read \(ours as Any), the reference \(reference as Any)")
    if let ours { roundTrip(ours) }
    // Pairs made of the input (cut at NUL bytes: name, value, name, ...) written and read back.
    let parts = query.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
    var pairs: [(name: String, value: String)] = []
    for k in stride(from: 0, to: parts.count - 1, by: 2) { pairs.append((parts[k], parts[k + 1])) }
    roundTrip(pairs)
    return 0
}

/// `pairs` written by `encode` and read back by `parse`: the same pairs.
func roundTrip(_ pairs: [(name: String, value: String)]) {
    let text = QueryString.encode(pairs)
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%=&".utf8)
    Oracle.check(text.utf8.allSatisfy { unreserved.contains($0) }, "encode wrote \(text)")
    let back = try? QueryString.parse(text)
    Oracle.check(
        back.map { $0.map { [Array($0.name.utf8), Array($0.value.utf8)] } }
            == pairs.map { [Array($0.name.utf8), Array($0.value.utf8)] },
        "\(pairs) written as \(text) reads back as \(back as Any)")
}
