import HometownCore
import HometownProtocol
import HometownStoreTestSupport
import Testing

@testable import HometownStore

/// Owners' changes and deletions in the in-memory view: after random changes and deletions through a
/// real SQLite store, and catch-ups of a view loaded before them, every query of a seeded random set gives the
/// store's own SQL answer, users and JSON bytes alike (the view writes its JSON again without the dead rows'
/// at every chance here: a floor of 1 byte).
@Suite struct UserViewChangeTests {
    @Test(arguments: [UInt64(11), 12, 13]) func answersAsTheDatabaseDoesAfterChangesAndDeletions(seed: UInt64)
        async throws
    {
        let (store, stored) = try await UserViewTests.seededStore(300, seed: seed)
        let view = try await UserView.load(from: store, batch: 50, compactionFloor: 1)
        let follower = UserViewFollower(view: view, store: store, batch: 50)
        var rng = SeededRandom(seed: seed &+ 1000)
        var alive = Set(stored.map(\.id))
        let countries = UserViewTests.countries
        for round in 0..<6 {
            // Some changes and deletions, and a post or two, between catch-ups.
            for _ in 0..<25 {
                let id = stored.randomElement(using: &rng)!.id
                if rng.unit() < 0.4 {
                    let deleted = try await store.delete(id: id)
                    #expect(deleted == alive.contains(id))
                    alive.remove(id)
                } else {
                    let country = countries.keys.sorted().randomElement(using: &rng)!
                    let change = NewUser(
                        nickname: "ignored", password: "", country: country,
                        state: countries[country]!.randomElement(using: &rng)!,
                        city: UserViewTests.cities.randomElement(using: &rng)!, year: 1990 + Int(rng.next() % 6),
                        coordinate: rng.unit() < 0.2
                            ? nil
                            : Coordinate(uncheckedLatitude: rng.unit() * 170 - 85, longitude: rng.unit() * 360 - 180))
                    let changed = try await store.update(id: id, to: change)
                    #expect((changed != nil) == alive.contains(id))
                    if let changed {
                        #expect(changed.id == id && changed.city == change.city && changed.nickname != "ignored")
                    }
                }
            }
            let user = NewUser(
                nickname: "late\(round)", password: "p", country: "USA", state: "Ohio", city: "Akron", year: 1991,
                coordinate: nil)
            alive.insert(try await store.insert(user, passwordHash: "h", now: 1_000_000).id)
            try await follower.catchUp()
            #expect(view.count == alive.count && view.snapshot.userCount == alive.count)
            #expect(try await store.count() == alive.count)
            for _ in 0..<150 {
                let q = UserViewTests.randomQuery(&rng, maxID: stored.last!.id + 10)
                let expected = try await store.users(q)
                #expect(view.users(q) == expected, "round \(round), query \(q)")
                var answer = view.answer(q)
                var bytes: [UInt8] = []
                while !answer.isFinished { answer.writeJSON(view: view, to: &bytes) }
                var want: [UInt8] = []
                UserJSON.append(expected, to: &want)
                #expect(bytes == want, "JSON of round \(round), query \(q)")
            }
        }
        // A deleted user's nickname is free; a changed one's is not; the next id never moves back.
        for u in stored {
            #expect(view.containsNicknameKey(NicknameKey.key(u.nickname)) == alive.contains(u.id), "\(u.nickname)")
        }
        #expect(view.nextID == (try await store.nextID()))
        // A view loaded afresh agrees with the one that followed.
        let fresh = try await UserView.load(from: store)
        #expect(fresh.users(UsersQuery()) == view.users(UsersQuery()))
        try await store.close()
    }

    @Test func anAnswerInStepsPassesOverARowDeletedMeanwhileAndShowsAChangedOneAsChanged() async throws {
        let (store, stored) = try await UserViewTests.seededStore(2_000, seed: 5)
        let view = try await UserView.load(from: store)
        for q in [
            UsersQuery(), UsersQuery(reverse: true), UsersQuery(country: "USA"),
            UsersQuery(states: ["Goa", "Ohio", "Texas"]),
        ] {
            var answer = view.answer(q)
            var out: [User] = []
            answer.step(view: view) { s, r in out.append(s.row(r)) }
            #expect(!answer.isFinished, "\(q)")
            // A row not reached yet is deleted, another changed.
            let all = try await store.users(q)
            let rest = all.dropFirst(out.count)
            #expect(rest.count > 20, "\(q): \(all.count) users, \(out.count) in the first step")
            let gone = try #require(rest.dropFirst(10).first)
            let moved = try #require(rest.dropFirst(20).first)
            #expect(view.remove(id: gone.id))
            var changed = moved
            changed.city = "Changed City"
            #expect(view.replace(changed))
            while !answer.isFinished { answer.step(view: view) { s, r in out.append(s.row(r)) } }
            #expect(!out.contains { $0.id == gone.id }, "\(q)")
            #expect(out.first { $0.id == moved.id }?.city == "Changed City", "\(q)")
            #expect(Set(out.map(\.id)).count == out.count, "no row twice: \(q)")
            #expect(out.count == (try await store.users(q)).count - 1, "\(q)")
            // Put the view back as the store has it.
            _ = try await store.delete(id: gone.id)
            try await UserViewFollower(view: view, store: store).catchUp()
            #expect(view.replace(moved))
        }
        #expect(stored.count == 2_000)
        try await store.close()
    }

    /// A post changed again and again, as its owner may do without end, keeps the view's JSON bounded: the earlier
    /// JSON of a changed post is dropped once it is half the JSON and at least the floor (it grew by each change).
    @Test func changesWithoutEndKeepTheJSONBounded() throws {
        let view = UserView(compactionFloor: 1 << 20)
        let first = User(
            id: 1, nickname: "owner", country: "USA", state: "Minnesota", city: "Duluth", year: 2000,
            coordinate: nil, timestampMilliseconds: 1)
        try view.append(first, nicknameKey: "owner")
        let cities = [String(repeating: "a", count: 90), String(repeating: "b", count: 90)]
        for k in 0..<20_000 {
            view.replace(
                User(
                    id: 1, nickname: "owner", country: "USA", state: "Minnesota", city: cities[k % 2], year: 2000,
                    coordinate: nil, timestampMilliseconds: 1))
        }
        // About 3 MB of JSON written in all; the view holds at most the floor and a little.
        #expect(view.approximateBytes < 3 << 19, "\(view.approximateBytes) bytes")
        #expect(view.users(UsersQuery()).map(\.city) == [cities[1]])
        #expect(view.users(UsersQuery(city: cities[0])).isEmpty)
    }
}
