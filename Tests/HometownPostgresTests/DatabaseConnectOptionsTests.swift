import Foundation
import HometownPostgres
import Testing

/// `DatabaseConnectOptions`: the ranges it accepts and where the password comes from, each refusal naming the
/// option as written on the command line.
@Suite struct DatabaseConnectOptionsTests {
    @Test func valuesOutOfRangeNameTheirOption() throws {
        try DatabaseConnectOptions().validate()
        var o = DatabaseConnectOptions()
        o.maxConnections = 0
        #expect(throws: DatabaseOptionError(option: "--db-connections", reason: "must be from 1 to 1000")) {
            try o.validate()
        }
        o.maxConnections = 1000
        try o.validate()
        o.connectTimeout = .zero
        #expect(throws: DatabaseOptionError.self) { try o.validate() }
        do { try o.validate() } catch let e as DatabaseOptionError { #expect(e.option == "--db-connect-timeout") }
        o.connectTimeout = .seconds(5)
        o.queryTimeout = .seconds(3601)
        do {
            try o.validate()
            Issue.record("a query timeout over an hour was accepted")
        } catch let e as DatabaseOptionError {
            #expect(e.description == "--db-query-timeout: must be more than 0 and at most 3600 seconds")
        }
    }

    @Test func thePasswordIsTheFilesFirstLineElsePGPASSWORD() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-pw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var o = DatabaseConnectOptions()
        #expect(try o.password(environment: [:]) == nil)
        #expect(try o.password(environment: ["PGPASSWORD": ""]) == nil)
        #expect(try o.password(environment: ["PGPASSWORD": "from-env"]) == "from-env")
        let file = folder.path + "/pw"
        try Data("s3cret\r\nsecond line\n".utf8).write(to: URL(fileURLWithPath: file))
        o.passwordFile = file
        #expect(try o.password(environment: ["PGPASSWORD": "from-env"]) == "s3cret")
        try Data("\nnot the first line\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(
            throws: DatabaseOptionError(option: "--db-password-file", reason: "the first line of \(file) is empty")
        ) { try o.password(environment: [:]) }
        o.passwordFile = folder.path + "/missing"
        #expect(
            throws: DatabaseOptionError(option: "--db-password-file", reason: "cannot read \(folder.path)/missing")
        ) { try o.password(environment: [:]) }
    }
}
