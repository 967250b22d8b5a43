import Testing
import WayfinderTerminal

@Suite struct TerminalTests {
    @Test(arguments: [
        (["TERM": "xterm-256color"], true, true),
        (["TERM": "xterm-256color"], false, false),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], true, false),
        (["TERM": "xterm-256color", "NO_COLOR": ""], true, true),
        (["TERM": "dumb"], true, false),
        (["TERM": ""], true, false),
        ([:], true, false),
    ])
    func prefersColorOnlyOnCapableTerminals(_ environment: [String: String], _ isTTY: Bool, _ expected: Bool) {
        #expect(Terminal.prefersColor(environment: environment, isTTY: isTTY) == expected)
    }
}
