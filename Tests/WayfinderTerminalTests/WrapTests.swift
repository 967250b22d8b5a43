import Testing
import WayfinderTerminal

/// Screens wrapped at the terminal's width, between words.
@Suite struct WrapTests {
    @Test func aShortLineIsKeptAsItIs() {
        let text = StyledText.line("  post 4 · 2 likes", .dim)
        #expect(text.wrapped(toWidth: 40) == text)
    }

    @Test func aLongLineBreaksBetweenWordsAndKeepsItsIndentation() {
        let text = StyledText(lines: [[TextSpan("  [27] Strict concurrency in practice (part 3)  "), TextSpan("@carol · 2 likes", .dim)]])
        let wrapped = text.wrapped(toWidth: 24)
        #expect(wrapped.plainText == """
              [27] Strict
              concurrency in
              practice (part 3)
              @carol · 2 likes

            """)
        // Styles stay with their words.
        #expect(wrapped.lines.last == [TextSpan("  ", .plain), TextSpan("@carol · 2 likes", .dim)])
        #expect(wrapped.lines.allSatisfy { line in line.reduce(0) { $0 + $1.text.count } <= 24 })
    }

    @Test func aWordInSeveralStylesBreaksAsAWhole() {
        // "Commands: like, unlike, comments, author, reload": each name a command, the commas plain.
        var spans = [TextSpan("Commands: ")]
        for (index, name) in ["like", "unlike", "comments", "author", "reload"].enumerated() {
            if index > 0 { spans.append(TextSpan(", ")) }
            spans.append(TextSpan(name, .command))
        }
        let wrapped = StyledText(lines: [spans]).wrapped(toWidth: 40)
        #expect(wrapped.plainText == "Commands: like, unlike, comments,\nauthor, reload\n")
        #expect(wrapped.lines[1] == [TextSpan("author", .command), TextSpan(", ", .plain), TextSpan("reload", .command)])
    }

    @Test func aWordLongerThanTheLineGetsALineOfItsOwnUncut() {
        let wrapped = StyledText.line("see wayfinder://main/feed/post/4/comments now").wrapped(toWidth: 16)
        #expect(wrapped.plainText == "see\nwayfinder://main/feed/post/4/comments\nnow\n")
    }

    @Test func widthsCountCharactersNotBytes() {
        let text = StyledText.line("café crème brûlée")
        #expect(text.wrapped(toWidth: 17) == text)
        #expect(text.wrapped(toWidth: 10).plainText == "café crème\nbrûlée\n")
    }

    @Test func theRendererWrapsOnlyWhenGivenAWidth() {
        let text = StyledText.line("one two three four")
        #expect(TextRenderer(usesColor: false).render(text) == "one two three four\n")
        #expect(TextRenderer(usesColor: false, width: { 9 }).render(text) == "one two\nthree\nfour\n")
    }
}
