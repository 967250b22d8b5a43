import Testing
import WayfinderTerminal

@Suite struct CommandInputTests {
    @Test(arguments: [
        ("open wayfinder://main/feed", "open", ["wayfinder://main/feed"], "wayfinder://main/feed"),
        ("  post   12  ", "post", ["12"], "12"),
        ("title Notes from\tthe REPL ", "title", ["Notes", "from", "the", "REPL"], "Notes from\tthe REPL"),
        ("bio \"Builds routers.\"", "bio", ["Builds routers."], "\"Builds routers.\""),
        ("café au lait", "café", ["au", "lait"], "au lait"),
        ("say \"crème brûlée\" é😀 'ü'", "say", ["crème brûlée", "é😀", "ü"], "\"crème brûlée\" é😀 'ü'"),
        ("", "", [], ""),
        (" \t ", "", [], ""),
        ("back", "back", [], ""),
        // Text as people type it: apostrophes, quotes inside words and backslashes are kept.
        ("body I don't know", "body", ["I", "don't", "know"], "I don't know"),
        ("title C:\\new\\dir", "title", ["C:\\new\\dir"], "C:\\new\\dir"),
        ("find it's", "find", ["it's"], "it's"),
        // The nearest quote that ends a word closes: quotes inside quoted text stay when they do not.
        ("say \"a \"quoted\" word\"", "say", ["a \"quoted", "word\""], "\"a \"quoted\" word\""),
        ("say \"a \"quoted\"-word\"", "say", ["a \"quoted\"-word"], "\"a \"quoted\"-word\""),
        ("say 'it's fine'", "say", ["it's fine"], "'it's fine'"),
        ("say rock 'n' roll", "say", ["rock", "n", "roll"], "rock 'n' roll"),
        // A quote that nothing closes is an ordinary character.
        ("say \"open", "say", ["\"open"], "\"open"),
        ("say 'open ended", "say", ["'open", "ended"], "'open ended"),
        ("say \"a b\"c", "say", ["\"a", "b\"c"], "\"a b\"c"),
        ("title \"\"", "title", [""], "\"\""),
    ])
    func linesAreSplitIntoWords(line: String, name: String, arguments: [String], rest: String) {
        let input = CommandInput(parsing: line)
        #expect(input.name == name)
        #expect(input.arguments == arguments)
        #expect(input.rest == rest)
    }

    @Test(arguments: [
        ("body I don't know", "I don't know"),
        ("title C:\\new\\dir", "C:\\new\\dir"),
        ("find it's", "it's"),
        ("bio \"Builds routers.\"", "Builds routers."),
        ("bio \"Builds\" \"routers\"", "\"Builds\" \"routers\""),
    ])
    func freeTextIsTheTextAsTyped(line: String, text: String) {
        #expect(CommandInput(parsing: line).freeText == text)
    }

    /// Lines without quotes or backslashes, ASCII or not, against the definition on
    /// characters: words between spaces and tabs, the rest from the second word to the end
    /// of the last.
    @Test func plainLinesSplitOnSpacesAndTabs() throws {
        let pieces = ["a", "bc", "12", " ", "  ", "\t", "é", "😀", "-", "/", "\r\n", "#"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let line = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let input = CommandInput(parsing: line)
            #expect(input.name == (words.first ?? ""), "\(Array(line.utf8))")
            #expect(input.arguments == Array(words.dropFirst()), "\(Array(line.utf8))")
            var rest = Substring("")
            if words.count > 1 {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                rest = trimmed.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" }
                while let last = rest.last, last == " " || last == "\t" { rest = rest.dropLast() }
            }
            #expect(input.rest == String(rest), "\(Array(line.utf8))")
        }
    }
}
