/// The keys of a POST adduser body, in the protocol's order (`allCases`): the one list the body is written from
/// (`NewUser.json()`) and checked against (`ProtocolLimits.postKeys`, `NewUser.validate`).
public enum PostField: String, CaseIterable, Sendable {
    case nickname, password, country, state, city, year, latitude, longitude
}
