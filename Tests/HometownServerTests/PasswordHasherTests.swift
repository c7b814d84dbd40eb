import HometownServer
import Testing

@Suite struct PasswordHasherTests {
    @Test func hashesAreSaltedPHCStringsThatVerify() async throws {
        let hasher = PasswordHasher(cost: .init(logN: 4), threads: 2)
        let a = try await hasher.hash("catman")
        let b = try await hasher.hash("catman")
        #expect(a.hasPrefix("$scrypt$ln=4,r=8,p=1$") && a.split(separator: "$").count == 4)
        #expect(a != b)
        #expect(try await hasher.verify("catman", against: a))
        #expect(try await !hasher.verify("catmam", against: a))
        #expect(try await !hasher.verify("catman", against: "$scrypt$ln=4,r=8,p=1$broken"))
        #expect(!a.contains("catman"))
        try await hasher.shutdown()
    }

    /// OWASP's cost (N = 2^17, r = 8, p = 1), as `hometown serve` uses by default: 128 MiB and a few seconds in a
    /// debug build. A hash made at a lower cost still verifies after the cost is raised.
    @Test func productionCost() async throws {
        let hasher = PasswordHasher(cost: .production, threads: 1)
        #expect(PasswordHasher.Cost.production.memoryBytes == 128 << 20)
        let h = try await hasher.hash("correct horse")
        #expect(h.hasPrefix("$scrypt$ln=17,r=8,p=1$"))
        #expect(try await hasher.verify("correct horse", against: h))
        let old = try await PasswordHasher(cost: .init(logN: 10), threads: 1).hash("older")
        #expect(try await hasher.verify("older", against: old))
        try await hasher.shutdown()
    }

    @Test func aFullQueueRefusesInsteadOfGrowing() async throws {
        let hasher = PasswordHasher(cost: .init(logN: 14), threads: 1, maxQueued: 1)
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<8 { group.addTask { (try? await hasher.hash("p\(i)")) != nil } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.contains(true))
        #expect(results.contains(false))
        try await hasher.shutdown()
    }
}
