import Testing
import Wayfinder
import WayfinderTerminal

/// The piped session of `WayfinderTerminal.docc/WayfinderTerminal.md`, run on the article's
/// shell (`ShopShell`).
@MainActor
@Suite struct ReplTests {
    @Test func aPipedSessionRunsEachLineAndShowsTheScreen() async throws {
        let output = CapturedOutput()
        let reader = PlainLineReader(bytes: Array("login\nitem 7\nfly\n".utf8))
        let shell = try ShopShell(opening: [])
        let repl = Repl(shell: shell, reader: reader, recordHistory: nil, renderer: TextRenderer(usesColor: false), output: output)
        let status = await repl.run()
        // status == 1: a command failed
        // output.text == "shop://store/browse\nbrowse\nshop://store/browse/item/7\nbrowse > item(id: 7)\n"
        // output.errors == "error: unknown command 'fly'\n"

        #expect(status == 1)
        #expect(output.text == "shop://store/browse\nbrowse\nshop://store/browse/item/7\nbrowse > item(id: 7)\n")
        #expect(output.errors == "error: unknown command 'fly'\n")
    }

    @Test func stylesBecomeColoursOnlyWhenAsked() {
        var text = StyledText.line("Cart", .title)
        text.append(TextSpan("item "), TextSpan("shop://store/cart/item/7", .link))
        text.append("a name with \u{1B}[2J in it")
        print(TextRenderer(usesColor: false).render(text))
        // Cart
        // item shop://store/cart/item/7
        // a name with \u{1B}[2J in it

        #expect(TextRenderer(usesColor: false).render(text) == "Cart\nitem shop://store/cart/item/7\na name with \\u{1B}[2J in it\n")
        #expect(TextRenderer(usesColor: true).render(text).contains("\u{1B}["))
        #expect(!TextRenderer(usesColor: true).render(text).contains("\u{1B}[2J"))
    }
}

final class CapturedOutput: TextOutput {
    var text = ""
    var errors = ""
    func write(_ text: String) { self.text += text }
    func writeError(_ text: String) { errors += text }
}
