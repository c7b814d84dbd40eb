import Foundation
import HometownProtocol

// hometown-confusables: compiles Unicode's confusables.txt (UTS #39) into
// Sources/HometownProtocol/ConfusablesTable.swift, the table behind nickname keys (`Confusables`, `NicknameKey`).
// Usage: hometown-confusables [--sources DIR] [--out FILE] [--check]
//   --sources  the raw sources (default ../shared/data-sources; reads unicode_confusables/confusables.txt)
//   --out      the Swift file to write (default Sources/HometownProtocol/ConfusablesTable.swift)
//   --check    write nothing; exit 1 when --out differs from what the source gives
// The same source always gives the same bytes.

var sourcesDir = "../shared/data-sources"
var outPath = "Sources/HometownProtocol/ConfusablesTable.swift"
var check = false
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--sources": sourcesDir = args.popFirst() ?? sourcesDir
    case "--out": outPath = args.popFirst() ?? outPath
    case "--check": check = true
    default:
        FileHandle.standardError.write(
            "usage: hometown-confusables [--sources DIR] [--out FILE] [--check]\n".data(using: .utf8)!)
        exit(2)
    }
}

func fail(_ s: String) -> Never {
    FileHandle.standardError.write(("hometown-confusables: " + s + "\n").data(using: .utf8)!)
    exit(1)
}

let sourcePath = sourcesDir + "/unicode_confusables/confusables.txt"
guard let data = FileManager.default.contents(atPath: sourcePath), let text = String(data: data, encoding: .utf8) else {
    fail("cannot read \(sourcePath) as UTF-8")
}
let swift: String
do { swift = try ConfusablesSource.swiftSource(fromConfusablesText: text) } catch { fail("\(error)") }
if check {
    guard FileManager.default.contents(atPath: outPath) == Data(swift.utf8) else {
        fail("\(outPath) is not what \(sourcePath) gives: rebuild it")
    }
    print("\(outPath) matches \(sourcePath)")
} else {
    do { try Data(swift.utf8).write(to: URL(fileURLWithPath: outPath), options: .atomic) } catch {
        fail("cannot write \(outPath): \(error)")
    }
    print("wrote \(outPath) (\(swift.utf8.count) bytes) from \(sourcePath)")
}
