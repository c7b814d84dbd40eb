// fuzz-build: modules=HometownCore,HometownProtocol support=Oracle,FoundationJSON,FixedNames,ReferencePost
import HometownCore
import HometownProtocol

/// POST adduser bodies: `NewUser.validate(body:)` accepts a body exactly when `ReferencePost` (the rules applied
/// to Foundation's reading of it) does, and then to the same post, every string byte for byte (the nickname
/// trimmed, nothing else changed): never stored differently from what was sent. The coordinates are compared
/// with the reference within `FoundationJSON.numberTolerance`: Foundation reads some long numbers a few units in
/// the last place off the nearest Double (a latitude of 80 digits, corpus/post-body/regression-long-latitude:
/// Foundation 44.95555555555555, `Double(String)`, Python and we 44.955555555555556); that ours are the nearest
/// Doubles is the `decimal` target's oracle. The body `NewUser.json()`
/// writes for an accepted post validates again to the same post.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPostBody(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let names = FixedNames()
    let years = YearRange(1970, 2026)
    let ours = try? NewUser.validate(body: body, vocabulary: names, years: years)
    let reference = ReferencePost.validate(body, names: names, years: years)
    switch (ours, reference) {
    case (nil, nil): break
    case (let u?, let r?):
        Oracle.check(same(u, r, tolerance: FoundationJSON.numberTolerance), "validate gave \(u), the reference \(r)")
    case (let u?, nil): Oracle.fail("validate accepts \(u), the reference refuses")
    case (nil, let r?):
        let why = Result { () throws(ProtocolError) in try NewUser.validate(body: body, vocabulary: names, years: years)
        }
        Oracle.fail("validate refuses (\(why)), the reference accepts \(r)")
    }
    if let u = ours {
        let written = u.json()
        let again = try? NewUser.validate(body: written, vocabulary: names, years: years)
        Oracle.check(
            again.map { same($0, u) } == true,
            "\(u) written as \(String(decoding: written, as: UTF8.self)) validates as \(again as Any)")
    }
    return 0
}

/// Equal posts, strings compared byte for byte, coordinates within a relative `tolerance` (0: equal).
func same(_ a: NewUser, _ b: NewUser, tolerance: Double = 0) -> Bool {
    func near(_ x: Double, _ y: Double) -> Bool { x == y || abs(x - y) <= tolerance * max(abs(x), abs(y)) }
    let places: Bool
    switch (a.coordinate, b.coordinate) {
    case (nil, nil): places = true
    case (let p?, let q?): places = near(p.latitude, q.latitude) && near(p.longitude, q.longitude)
    default: places = false
    }
    return a.nickname.utf8.elementsEqual(b.nickname.utf8) && a.password.utf8.elementsEqual(b.password.utf8)
        && a.country.utf8.elementsEqual(b.country.utf8) && a.state.utf8.elementsEqual(b.state.utf8)
        && a.city.utf8.elementsEqual(b.city.utf8) && a.year == b.year && places
}
