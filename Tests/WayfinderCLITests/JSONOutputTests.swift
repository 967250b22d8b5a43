import Foundation
import Testing

/// Every JSON line the binary prints parses, whatever the input held: `resolve --format
/// json`, `open --format json`, `state` in a piped REPL and `resolve -` (results and error
/// objects), with control, bidirectional and line-separator characters, quotes and
/// backslashes, input refused as invalid UTF-8, and long values. Characters that control or
/// reorder a terminal appear only as `\uXXXX` escapes.
@Suite struct JSONOutputTests {
    /// A search link and the query it decodes to, or nil when the link is refused.
    struct Input: CustomTestStringConvertible, Sendable {
        let name: String
        let link: String
        let query: String?

        var testDescription: String { name }

        init(_ name: String, query encoded: String, _ query: String?) {
            self.name = name
            self.link = "wayfinder://main/search?q=" + encoded
            self.query = query
        }
    }

    /// 85 bidirectional overrides: 255 bytes, just under the table's 256-byte limit for a
    /// string parameter, written as 510 bytes of escapes.
    static let longestQuery = String(repeating: "\u{202E}", count: 85)

    static let inputs: [Input] = [
        Input("a bidirectional override", query: "%E2%80%AEabc", "\u{202E}abc"),
        Input(
            "every bidirectional control", query: "%D8%9C%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE%E2%81%A6%E2%81%A7%E2%81%A8%E2%81%A9",
            "\u{061C}\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"),
        Input("raw bidirectional controls", query: "\u{202E}x\u{2066}\u{061C}", "\u{202E}x\u{2066}\u{061C}"),
        Input("line separators", query: "%E2%80%A8x%E2%80%A9", "\u{2028}x\u{2029}"),
        Input("quotes and backslashes", query: "%22say%5C%22hi%5C%22%22%5C", "\"say\\\"hi\\\"\"\\"),
        Input("raw quotes and backslashes", query: "\"q\\", "\"q\\"),
        Input("plain text beyond ASCII", query: "caf%C3%A9%20%E2%82%AC%20%F0%9F%98%80", "café € 😀"),
        Input("the longest value", query: String(repeating: "%E2%80%AE", count: 85), longestQuery),
        Input("an escape sequence", query: "%1B%5B2J%E2%80%AE", nil),
        Input("a raw escape sequence", query: "\u{1B}[2J\u{202E}", nil),
        Input("DEL", query: "a%7F", nil),
        Input("a C1 control", query: "%C2%85%C2%9B", nil),
        Input("a tab", query: "a%09b", nil),
        Input("percent-encoded invalid UTF-8", query: "%FF%E2%80%AE", nil),
        Input("an overlong encoding", query: "%C0%AF", nil),
        Input("a 2,000-byte link", query: String(repeating: "x", count: 1_962) + "%E2%80%AE%22%5C%1B", nil),
        Input("a link over the length limit", query: String(repeating: "y", count: 2_100) + "%E2%80%AE", nil),
    ]

    @Test(arguments: inputs)
    func resolveFormatJSON(input: Input) throws {
        let result = try CLI.run(["resolve", "--format", "json", input.link])
        let objects = try Self.objects(in: result.stdout)
        if let query = input.query {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(objects.count == 1)
            #expect(objects.first.flatMap(Self.query(in:)) == query)
            #expect(result.stdout.contains(#""q":""# + Self.escaped(query) + "\""), "\(result.stdout)")
        } else {
            #expect(result.status == 65)
            #expect(objects.isEmpty)
        }
    }

    @Test(arguments: inputs)
    func openFormatJSONSignedIn(input: Input) throws {
        let home = try Self.signedInDirectory()
        let result = try CLI.run(["open", "--format", "json", input.link], environment: ["WAYFINDER_HOME": home])
        let objects = try Self.objects(in: result.stdout)
        if let query = input.query {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(objects.count == 1)
            #expect(objects.first.flatMap(Self.query(in:)) == query)
            #expect(objects.first?["user"] as? String == "alice")
        } else {
            #expect(result.status == 65)
            #expect(objects.isEmpty)
        }
    }

    /// `state` after `open`, signed in (the query is on the stack) and signed out (the link
    /// waits as the pending one). The link is single-quoted, so that the REPL takes its
    /// quotes and backslashes as they are.
    @Test(arguments: inputs)
    func stateInAPipedREPL(input: Input) throws {
        let signedIn = try CLI.run(["--fresh"], stdin: "login alice\nwonderland\nopen '\(input.link)'\nstate\n")
        let signedOut = try CLI.run(["--fresh"], stdin: "open '\(input.link)'\nstate\n")
        for (result, isSignedIn) in [(signedIn, true), (signedOut, false)] {
            #expect(result.status == (input.query == nil ? 1 : 0), "\(result.stderr)")
            let objects = try Self.stateLines(in: result.stdout)
            #expect(objects.count == 1, "\(result.stdout)")
            guard let query = input.query else { continue }
            if isSignedIn {
                #expect(objects.first.flatMap(Self.query(in:)) == query)
            } else {
                // The pending link is the canonical form: percent-encoded.
                let pending = objects.first?["pending"] as? String
                #expect(pending?.removingPercentEncoding == "wayfinder://main/search?q=" + query)
            }
        }
    }

    /// Lines refused as invalid UTF-8 or holding raw controls leave `state` parsing.
    @Test func stateAfterRefusedLines() throws {
        let search = Array("open wayfinder://main/search?q=".utf8)
        var stdin = Array("login alice\nwonderland\nopen wayfinder://main/search?q=%E2%80%AE%22\n".utf8)
        stdin += search + [0xFF, 0x0A] + [0xFE, 0xFF, 0x0A] + search + [0xE2, 0x80, 0x0A]
        stdin += search + Array("\u{1B}[2J\u{85}\nstate\n".utf8)
        let result = try CLI.run(bytes: [Array("--fresh".utf8)], stdin: stdin)
        #expect(result.status == 1)
        let objects = try Self.stateLines(in: result.stdout)
        #expect(objects.count == 1, "\(result.stdout)")
        #expect(objects.first.flatMap(Self.query(in:)) == "\u{202E}\"")
    }

    /// Every input, and lines with raw control, bidirectional and invalid bytes, in one
    /// `resolve -`: one line each, in order, results and error objects alike.
    @Test func resolveStandardInput() throws {
        let raw: [[UInt8]] = [
            Array("wayfinder://main/search?q=\u{1B}]0;title\u{7}\u{202E}".utf8),
            Array("wayfinder://main/\u{202E}\u{2066}\"\\\u{85}".utf8),
            Array("wayfinder://main/search?q=".utf8) + [0xFF, 0x1B] + Array("\u{202E}".utf8),
            Array("wayfinder://main/search?q=\u{202E}".utf8) + [0xE2, 0x80],
            Array("wayfinder://main/search?q=".utf8) + [UInt8](repeating: 0x22, count: 70_000) + Array("\u{202E}".utf8),
        ]
        var stdin: [UInt8] = []
        for input in Self.inputs { stdin += Array(input.link.utf8) + [0x0A] }
        for line in raw { stdin += line + [0x0A] }
        let result = try CLI.run(bytes: [Array("resolve".utf8), Array("-".utf8)], stdin: stdin)
        #expect(result.status == 65)
        let objects = try Self.objects(in: result.stdout)
        #expect(objects.count == Self.inputs.count + raw.count)
        for (input, object) in zip(Self.inputs, objects) {
            if let query = input.query {
                #expect(Self.query(in: object) == query, "\(input.name)")
            } else {
                let error = object["error"] as? [String: Any]
                #expect(error?["message"] is String, "\(input.name)")
                // The input is quoted whole, unless it is over the limit (its start, then "…").
                let quoted = try #require(object["input"] as? String)
                #expect(quoted == input.link || (quoted.hasSuffix("…") && input.link.hasPrefix(quoted.dropLast())), "\(input.name)")
            }
        }
        for object in objects.suffix(raw.count) {
            #expect(object["error"] is [String: Any] && object["input"] is String, "\(object)")
        }
    }

    /// The lines of `stdout`, each parsed as a JSON object; fails the test (and throws) for
    /// a line that does not parse, or output holding a raw control or bidirectional character.
    static func objects(in stdout: String) throws -> [[String: Any]] {
        expectNoRawControls(stdout)
        return try stdout.split(separator: "\n").map { line in
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(parsed as? [String: Any], "\(line)")
        }
    }

    /// The lines of a REPL's output that are JSON (the others are screens, whose own
    /// escaping is the sanitizer's), parsed.
    static func stateLines(in stdout: String) throws -> [[String: Any]] {
        try objects(in: stdout.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n"))
    }

    /// No C0 control but the line breaks, no DEL, C1, bidirectional control or line
    /// separator, and nothing repaired into U+FFFD.
    static func expectNoRawControls(_ output: String) {
        let bidirectional: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        let raw = output.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) || bidirectional.contains(scalar.value)
                || scalar == "\u{FFFD}"
        }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(output.prefix(300))")
    }

    /// `text` as the JSON writer should write it: quotes, backslashes, controls, line
    /// separators and bidirectional controls as escapes (`\uXXXX`, lower-case hex), and
    /// everything else as it is.
    static func escaped(_ text: String) -> String {
        let bidirectional: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": result += "\\" + String(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || bidirectional.contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The `q` parameter of the search screen the object's stack ends on.
    static func query(in object: [String: Any]) -> String? {
        let stack = object["stack"] as? [[String: Any]]
        let params = stack?.last?["params"] as? [String: Any]
        return params?["q"] as? String
    }

    /// A data directory where alice is signed in.
    static func signedInDirectory() throws -> String {
        let home = try CLI.temporaryDirectory()
        let login = try CLI.run(["--fresh"], stdin: "login alice\nwonderland\n", environment: ["WAYFINDER_HOME": home])
        #expect(login.status == 0, "\(login.stderr)")
        return home
    }

    /// `routes check --format json` and `routes list --format json`: one object that parses,
    /// for a good table and for one with errors (which still exits 78).
    @Test func routesCheckAndListPrintJSONThatParses() throws {
        let check = try CLI.run(["routes", "check", "--format", "json"])
        #expect(check.status == 0)
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        #expect(checked["ok"] as? Bool == true)
        let list = try CLI.run(["routes", "list", "--format", "json"])
        #expect(list.status == 0)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let screens = try #require(listed["screens"] as? [[String: Any]])
        // The same table, counted the same by both (whatever features it has).
        #expect(screens.count == checked["screens"] as? Int)
        #expect(check.stdout.contains("\"screens\":\(screens.count)"))
        #expect(screens.contains { $0["screen"] as? String == "post" && $0["pattern"] as? String == "post/{id:int}" })

        let directory = try CLI.temporaryDirectory()
        let bad = directory + "/bad.routes"
        try Data("scheme x\nflow a\nscreen s a bogus\n".utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try CLI.run(["routes", "check", bad, "--format", "json"])
        #expect(refused.status == 78)
        let errors = try #require(try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])
        #expect(errors["ok"] as? Bool == false)
        #expect((errors["errors"] as? [[String: Any]])?.count == 2)
    }

    /// `reset --format json`: one object that parses, for a reset that removes and for one
    /// refused (65).
    @Test func resetPrintsJSONThatParses() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory()
        let reset = try CLI.run(["reset", "--data-dir", directory, "--format", "json"])
        #expect(reset.status == 0, "\(reset.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reset.stdout.utf8)) as? [String: Any])
        #expect((object["removed"] as? [String])?.contains(directory + "/navigation.json") == true, "\(reset.stdout)")
        try Data("not the app's".utf8).write(to: URL(fileURLWithPath: directory + "/navigation.json"))
        let refused = try CLI.run(["reset", "--data-dir", directory, "--format", "json"])
        #expect(refused.status == 65)
        let refusal = try #require(try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])
        #expect((refusal["notTheApps"] as? [[String: Any]])?.count == 1, "\(refused.stdout)")
    }
}
