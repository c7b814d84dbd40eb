import HometownClient
import HometownCore
import HometownProtocol

extension HometownClient {
    /// Posts a user through `addUser(_:)`: Austin, Texas, USA, the year 2000, no point, unless
    /// told otherwise; the fields as `NewUser` takes them.
    func addUser(
        nickname: String, password: String, country: String = "USA", state: String = "Texas", city: String = "Austin",
        year: Int = 2000, coordinate: Coordinate? = nil
    ) async throws {
        try await addUser(
            NewUser(
                nickname: nickname, password: password, country: country, state: state, city: city, year: year,
                coordinate: coordinate))
    }
}
