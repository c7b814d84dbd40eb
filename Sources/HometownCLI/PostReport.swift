import HometownCore
import HometownProtocol

/// What `hometown post` prints after the server took a post: a table for a person, or one JSON object.
struct PostReport {
    let user: NewUser
    let server: String
    /// How the place was found.
    let how: String

    /// - Throws: `SystemFailure` when standard output cannot be written.
    func write(json: Bool) throws {
        let latitude = user.coordinate?.latitude ?? 0
        let longitude = user.coordinate?.longitude ?? 0
        if json {
            let o: JSONValue = .object([
                "server": .string(server), "answer": .string("ok"), "place": .string(how),
                // The post's fields but the password (a post without a point shows 0, 0, as the server lists it).
                "posted": .object(
                    Dictionary(
                        uniqueKeysWithValues: PostField.allCases.filter { $0 != .password }.map {
                            ($0.rawValue, user.value(of: $0) ?? .number(0))
                        })),
            ])
            try CLIOutput.line(o.compactText)
            return
        }
        try CLIOutput.line(
            """
            posted to \(server)/hometown/adduser: ok
              nickname   \(user.nickname)
              country    \(user.country)
              state      \(user.state)
              city       \(user.city)
              year       \(user.year)
              latitude   \(JSONWriter.number(latitude))
              longitude  \(JSONWriter.number(longitude))
              place      \(how)
            """)
    }
}
