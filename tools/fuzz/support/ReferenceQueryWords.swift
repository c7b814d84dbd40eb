import Foundation
import HometownGazetteer

/// A second reading of `QueryWords.skippable`, written from its documentation with regular expressions over
/// the folded words (ASCII classes only, as the documented shapes are): the words a reading may leave out.
enum ReferenceQueryWords {
    /// True when the whole of `word` matches `pattern`.
    static func whole(_ word: String, _ pattern: String) -> Bool {
        word.range(of: "^(?:" + pattern + ")$", options: .regularExpression) != nil
    }

    static let houseNumber = "[0-9](?:[0-9]{0,4}[0-9a-z])?"
    static let number = "[0-9]+"
    static let ukOutward = "[a-z][0-9]|[a-z][0-9]{2}|[a-z][0-9][a-z]|[a-z]{2}[0-9]|[a-z]{2}[0-9]{2}|[a-z]{2}[0-9][a-z]"

    static func skippable(_ words: [NameKey.Word]) -> [Bool] {
        let texts = words.map(\.text)
        var skip = [Bool](repeating: false, count: words.count)
        // A leading house number: the first words of the first comma part, each digits with at most one letter
        // after, up to 6 characters.
        for (i, w) in words.enumerated() {
            guard w.component == words[0].component, whole(w.text, houseNumber) else { break }
            skip[i] = true
        }
        // Runs of number words within one comma part that hold a number of 3 to 8 digits.
        var run: [Int] = []
        func endRun() {
            if run.contains(where: { (3...8).contains(texts[$0].count) }) { for k in run { skip[k] = true } }
            run = []
        }
        for (i, w) in words.enumerated() {
            if whole(w.text, number) {
                if let first = run.first, words[first].component != w.component { endRun() }
                run.append(i)
            } else {
                endRun()
            }
        }
        endRun()
        // Canadian and UK codes, as one word or two (a Canadian code's first three characters alone where they end
        // a comma part); Dutch codes before more words of their comma part.
        for (i, w) in texts.enumerated() {
            if whole(w, "[a-z][0-9][a-z][0-9][a-z][0-9]") || whole(w, "(?:" + ukOutward + ")[0-9][a-z]{2}") {
                skip[i] = true
            }
            let endsPart = i + 1 == texts.count || words[i + 1].component != words[i].component
            if endsPart && whole(w, "[a-z][0-9][a-z]") { skip[i] = true }
            guard !endsPart else { continue }
            let v = texts[i + 1]
            if (whole(w, "[a-z][0-9][a-z]") && whole(v, "[0-9][a-z][0-9]"))
                || (whole(w, ukOutward) && whole(v, "[0-9][a-z]{2}"))
            {
                skip[i] = true
                skip[i + 1] = true
            }
            if whole(w, "[0-9]{4}"), whole(v, "[a-z]{2}"), i + 2 < texts.count,
                words[i + 2].component == words[i].component
            {
                skip[i] = true
                skip[i + 1] = true
            }
        }
        return skip
    }

    /// A second reading of `QueryWords.postalDistricts`: 1 or 2 digits and at most one letter, ending a comma
    /// part after another word of it.
    static func postalDistricts(_ words: [NameKey.Word]) -> [Bool] {
        var districts = [Bool](repeating: false, count: words.count)
        for (i, w) in words.enumerated() where i > 0 && whole(w.text, "[0-9]{1,2}[a-z]?") {
            let endsPart = i + 1 == words.count || words[i + 1].component != w.component
            districts[i] = endsPart && words[i - 1].component == w.component
        }
        return districts
    }
}
