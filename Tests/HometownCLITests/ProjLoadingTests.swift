import Foundation
import HometownTestSupport
import Testing

/// PROJ is opened by the commands that need it, not by every command at start-up (its libraries were
/// most of `hometown reverse`'s start-up). The dynamic loader's own log (`LD_DEBUG=files`) shows which shared
/// objects a run opens.
@Suite struct ProjLoadingTests {
    /// The shared objects whose names contain "libproj" that the loader opened during the run.
    static func projFilesOpened(_ args: [String]) async throws -> (status: Int32, files: [Substring]) {
        let r = try await HometownBinary.run(args, environment: ["LD_DEBUG": "files"])
        let files = r.err.split(separator: "\n").filter { $0.contains("file=") && $0.contains("libproj") }
        return (r.status, files)
    }

    @Test func reverseAndHelpNeverOpenPROJ() async throws {
        for args in [["reverse", "40.4168", "-3.7038"], ["--help"], ["forward", "Madrid"]] {
            let r = try await Self.projFilesOpened(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.files.isEmpty, "\(args) opened \(r.files)")
        }
    }

    @Test func theCommandsThatUsePROJOpenIt() async throws {
        let distance = try await Self.projFilesOpened(["distance", "40.4168,-3.7038", "48.8566,2.3522"])
        #expect(distance.status == 0)
        #expect(!distance.files.isEmpty)
        let transform = try await Self.projFilesOpened([
            "transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "40", "-3",
        ])
        #expect(transform.status == 0)
        #expect(!transform.files.isEmpty)
    }

    @Test func aMissingPROJIsASystemFailureNamingWhatWasTried() async throws {
        let env = ["HOMETOWN_PROJ_LIBRARY": "/nonexistent/libproj.so"]
        for args in [
            ["distance", "40.4168,-3.7038", "48.8566,2.3522"],
            ["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "40", "-3"],
        ] {
            let r = try await HometownBinary.run(args, environment: env)
            #expect(r.status == 1, "\(args)")
            #expect(r.out.isEmpty)
            #expect(r.err.contains("PROJ is not available"), "\(r.err)")
            #expect(r.err.contains("/nonexistent/libproj.so, from HOMETOWN_PROJ_LIBRARY"), "\(r.err)")
        }
        // The other commands do not need it.
        let reverse = try await HometownBinary.run(["reverse", "40.4168", "-3.7038"], environment: env)
        #expect(reverse.status == 0)
        #expect(reverse.out.contains("Madrid"))
    }

    @Test func aLibraryThatIsNotPROJIsRefusedByName() async throws {
        let r = try await HometownBinary.run(
            ["distance", "40.4168,-3.7038", "48.8566,2.3522"], environment: ["HOMETOWN_PROJ_LIBRARY": "libz.so.1"])
        #expect(r.status == 1)
        #expect(r.err.contains("libz.so.1 has no function proj_info"), "\(r.err)")
    }
}
