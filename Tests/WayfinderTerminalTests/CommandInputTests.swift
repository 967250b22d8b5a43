import Testing
import WayfinderTerminal

@Suite struct CommandInputTests {
    @Test(arguments: [
        ("open wayfinder://main/feed", "open", ["wayfinder://main/feed"], "wayfinder://main/feed"),
        ("  post   12  ", "post", ["12"], "12"),
        ("title Notes from\tthe REPL ", "title", ["Notes", "from", "the", "REPL"], "Notes from\tthe REPL"),
        ("bio \"Builds routers.\"", "bio", ["Builds routers."], "\"Builds routers.\""),
        ("say 'it''s' a\\ b", "say", ["its", "a b"], "'it''s' a\\ b"),
        ("say \"a \\\"quoted\\\" word\"", "say", ["a \"quoted\" word"], "\"a \\\"quoted\\\" word\""),
        ("café au lait", "café", ["au", "lait"], "au lait"),
        ("say \"crème brûlée\" \\é😀 'ü'", "say", ["crème brûlée", "é😀", "ü"], "\"crème brûlée\" \\é😀 'ü'"),
        ("", "", [], ""),
        (" \t ", "", [], ""),
        ("back", "back", [], ""),
    ])
    func linesAreSplitIntoWords(line: String, name: String, arguments: [String], rest: String) throws {
        let input = try CommandInput(parsing: line)
        #expect(input.name == name)
        #expect(input.arguments == arguments)
        #expect(input.rest == rest)
    }

    @Test(arguments: ["say \"open", "say 'open", "say open\\"])
    func anOpenQuoteOrEscapeIsAnError(line: String) {
        #expect(throws: CommandInput.UnclosedQuote.self) { try CommandInput(parsing: line) }
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
            let input = try CommandInput(parsing: line)
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
