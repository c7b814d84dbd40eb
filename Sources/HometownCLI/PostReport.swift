import HometownCore
import HometownProtocol

/// What `hometown post` prints after the server took a post: a table for a person, or one JSON object.
struct PostReport {
    let user: NewUser
    let server: String
    /// How the place was found.
    let how: String

    func print(json: Bool) {
        let latitude = user.coordinate?.latitude ?? 0
        let longitude = user.coordinate?.longitude ?? 0
        if json {
            let o: JSONValue = .object([
                "server": .string(server), "answer": .string("ok"), "place": .string(how),
                "posted": .object([
                    "nickname": .string(user.nickname), "country": .string(user.country),
                    "state": .string(user.state), "city": .string(user.city),
                    "year": .number(Double(user.year)), "latitude": .number(latitude),
                    "longitude": .number(longitude),
                ]),
            ])
            Swift.print(o.compactText)
            return
        }
        Swift.print(
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
