import Foundation
import HometownBoundaries
import Testing

/// The folders a loader given no path looks in, and their order: `$HOMETOWN_DATA` alone when set; else
/// `../share/hometown/` beside the executable, then the checkout only when the executable is in its build folder.
@Suite struct DataLocationTests {
    @Test func anInstalledBinaryLooksOnlyBesideItself() {
        let places = DataLocation.places(environment: nil, executable: "/usr/bin/hometown")
        #expect(places.map(\.folder) == ["/usr/bin/../share/hometown"])
        #expect(places[0].reason == "beside the executable")
    }

    @Test(arguments: [
        "/home/ana/src/Hometown/.build/x86_64-unknown-linux-gnu/debug/hometown",
        "/home/ana/src/Hometown/.build/debug/hometown",
        "/home/ana/src/Hometown/.build-tsan/x86_64-unknown-linux-gnu/debug/HometownPackageTests.xctest",
    ])
    func aBinaryInACheckoutsBuildFolderAlsoLooksInThatCheckout(_ executable: String) {
        let places = DataLocation.places(environment: "", executable: executable)
        #expect(places.count == 2)
        #expect(places.last?.folder == "/home/ana/src/Hometown/data")
        #expect(places.last?.reason == "the checkout it was built in")
    }

    @Test(arguments: [("/srv/hometown/", "/srv/hometown"), ("/srv/hometown/hometown.bin", "/srv/hometown"), ("d", "d")])
    func theEnvironmentAloneWhenSet(_ setting: String, _ folder: String) {
        let places = DataLocation.places(environment: setting, executable: "/opt/x/.build/debug/hometown")
        #expect(places == [DataLocation.Place(folder: folder, reason: "$HOMETOWN_DATA")])
    }

    @Test func anUnknownExecutableLooksNowhere() {
        #expect(DataLocation.places(environment: nil, executable: nil).isEmpty)
        #expect(DataLocation.places(environment: nil, executable: "relative/hometown").isEmpty)
    }

    @Test func theFirstFolderHoldingTheFileWins() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-dl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a").path
        let b = root.appendingPathComponent("b").path
        for f in [a, b] { try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true) }
        FileManager.default.createFile(atPath: b + "/hometown.bin", contents: Data([1]))
        let places = [DataLocation.Place(folder: a, reason: "x"), DataLocation.Place(folder: b, reason: "y")]
        #expect(DataLocation.find("hometown.bin", in: places) == b + "/hometown.bin")
        #expect(DataLocation.find("gazetteer.bin", in: places) == nil)
    }

    /// The message a user sees names every folder looked in and both ways to point at the data.
    @Test func notFoundSaysWhereItLookedAndWhatToDo() {
        let e = BoundariesError.dataNotFound(
            file: "hometown.bin", looked: ["/opt/bin/../share/hometown/ (beside the executable)"])
        #expect(e.description.contains("hometown.bin not found"))
        #expect(e.description.contains("/opt/bin/../share/hometown/ (beside the executable)"))
        #expect(e.description.contains("--data") && e.description.contains("HOMETOWN_DATA"))
    }
}
