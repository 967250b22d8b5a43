import Testing
import WayfinderTerminal

/// Text with line breaks given as a `String` becomes a line per line; a span stays within
/// one line, its line breaks escaped.
@Suite struct StyledTextLineTests {
    @Test(arguments: ["a\nb", "a\r\nb"])
    func lineMakesALinePerLineOfText(text: String) {
        let styled = StyledText.line(text, .dim)
        #expect(styled.lines == [[TextSpan("a", .dim)], [TextSpan("b", .dim)]])
        #expect(styled.plainText == "a\nb\n")
    }

    @Test func appendMakesALinePerLineOfText() {
        var styled = StyledText.line("title", .title)
        styled.append("one\ntwo\n", .error)
        #expect(styled.lines == [[TextSpan("title", .title)], [TextSpan("one", .error)], [TextSpan("two", .error)], [TextSpan("", .error)]])
        #expect(TextRenderer(usesColor: false).render(styled) == "title\none\ntwo\n\n")
    }

    @Test func aStringLiteralSplitsLikeLine() {
        let literal: StyledText = "x\r\ny"
        #expect(literal == StyledText.line("x\r\ny"))
        #expect(literal.lines.count == 2)
    }

    @Test func textWithoutLineBreaksIsOneLine() {
        #expect(StyledText.line("").lines == [[TextSpan("")]])
        #expect(StyledText.line("one line", .command).lines == [[TextSpan("one line", .command)]])
    }

    @Test func aSpanKeepsItsLineBreakEscaped() {
        var styled = StyledText()
        styled.append(TextSpan("a\nb"), TextSpan("c"))
        #expect(styled.lines.count == 1)
        #expect(styled.plainText == "a\\u{0A}bc\n")
    }

    @Test func controlCharactersInsideALineAreStillEscaped() {
        #expect(StyledText.line("a\u{1B}[2J\nb").plainText == "a\\u{1B}[2J\nb\n")
    }
}
