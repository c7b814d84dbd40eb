import Foundation
import HometownServer
import HometownTestSupport
import Testing

/// The connection limit against the open-file limit, and option checking at start.
@Suite struct ServerLimitsTests {
    @Test func theDefaultConnectionLimitFitsTheOpenFileLimit() throws {
        let limits = ServerLimits()
        #expect(try limits.resolvedMaxConnections(openFiles: 20_000) == ServerLimits.defaultMaxConnections)
        // A small open-file limit lowers the default rather than letting accept fail with EMFILE.
        #expect(try limits.resolvedMaxConnections(openFiles: 1024) == 1024 - ServerLimits.reservedFiles)
        #expect(throws: ServerError.self) { try limits.resolvedMaxConnections(openFiles: ServerLimits.reservedFiles) }
    }

    @Test func aGivenConnectionLimitAboveTheOpenFileLimitIsRefusedWithTheNumbers() throws {
        var limits = ServerLimits()
        limits.maxConnections = 30_000
        do {
            _ = try limits.resolvedMaxConnections(openFiles: 20_000)
            Issue.record("30,000 connections accepted under 20,000 open files")
        } catch let e as ServerError {
            #expect(
                e.description
                    == "--max-connections: 30000 connections need 30128 open files, but this process may open 20000 (ulimit -n); give at most 19872 or raise the limit"
            )
        }
        limits.maxConnections = 19_872
        #expect(try limits.resolvedMaxConnections(openFiles: 20_000) == 19_872)
        limits.maxConnections = 0
        #expect(throws: ServerError.self) { try limits.resolvedMaxConnections(openFiles: 20_000) }
    }

    @Test func outOfRangeLimitsAreRefused() {
        var l = ServerLimits()
        l.idleTimeout = .zero
        #expect(throws: ServerError.self) { try l.validate() }
        l = ServerLimits()
        l.maxHeaderBytes = 100
        #expect(throws: ServerError.self) { try l.validate() }
        l = ServerLimits()
        l.minBodyRate = 0
        #expect(throws: ServerError.self) { try l.validate() }
        #expect(throws: Never.self) { try ServerLimits().validate() }
    }

    @Test func serveRefusesAConnectionLimitItCannotHoldAtStart() async throws {
        let r = try await HometownBinary.run([
            "serve", "--port", "0", "--db", Fixture.freshDatabase(), "--max-connections", "100000000",
        ])
        #expect(r.status == 2)
        #expect(r.err.contains("--max-connections: 100000000 connections need 100000128 open files"), "\(r.err)")
    }

    @Test(arguments: [
        ["--idle-timeout", "0"], ["--read-timeout", "-1"], ["--db-busy-timeout", "nan"], ["--max-header-bytes", "10"],
    ])
    func serveRefusesAnOutOfRangeLimit(option: [String]) async throws {
        let r = try await HometownBinary.run(["serve", "--port", "0", "--db", Fixture.freshDatabase()] + option)
        #expect(r.status != 0)
        #expect(r.err.contains(option[0]), "\(r.err)")
    }
}
