import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Bytes in, never repaired: links, lines and files that are not valid UTF-8 are refused,
/// through the binary, with a message naming invalid UTF-8; nothing becomes U+FFFD.
@Suite struct InvalidUTF8Tests {
    static let search = Array("wayfinder://main/search?q=".utf8)

    /// Links that are not UTF-8, raw or percent-encoded (overlong, surrogate), and where.
    static let badLinks: [[UInt8]] = [
        search + [0xFF],
        search + Array("%FF".utf8),
        search + Array("%C0%AF".utf8),
        search + Array("%ED%A0%80".utf8),
        search + [0xC0, 0xAF],  // a raw overlong "/"
        search + [0xED, 0xA0, 0x80],  // a raw surrogate
        Array("wayfinder://main/feed/post/4".utf8) + [0xE2, 0x82],  // cut short
        Array("wayfinder://login/forgot?email=".utf8) + [0xFE] + Array("x".utf8),
    ]

    @Test(arguments: badLinks)
    func aLinkArgumentThatIsNotUTF8Exits65(link: [UInt8]) throws {
        let commands: [[[UInt8]]] = [
            [Array("resolve".utf8), link],
            [Array("resolve".utf8), Array("--format=json".utf8), Array("--".utf8), link],
            [Array("open".utf8), link],
            [Array("open".utf8), Array("wayfinder://login".utf8), link, Array("--format".utf8), Array("json".utf8)],
            [Array("open".utf8), Array("--".utf8), link],
            [link],
            [Array("repl".utf8), Array("--fresh".utf8), link],
        ]
        for arguments in commands {
            let result = try CLI.run(bytes: arguments)
            let shown = arguments.map { String(decoding: $0, as: UTF8.self) }
            #expect(result.status == 65, "\(shown): \(result.stderr)")
            #expect(result.stderr.hasPrefix("wayfinder: error: "), "\(shown): \(result.stderr)")
            #expect(result.stderr.contains("not valid UTF-8"), "\(shown): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one message: \(result.stderr)")
            #expect(!result.stderr.contains("\u{FFFD}"), "repaired: \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(shown): \(result.stdout)")
        }
    }

    @Test func theMessageNamesTheBadByteAndItsPlace() throws {
        let result = try CLI.run(bytes: [Array("resolve".utf8), Self.search + [0xFF]])
        #expect(result.status == 65)
        #expect(result.stderr == "wayfinder: error: '\\xFF' at byte 27 is not valid UTF-8\n")
        let open = try CLI.run(bytes: [Array("open".utf8), Self.search + [0xFF]])
        #expect(open.stderr == result.stderr)
        // Opened in order, as always: a link refused for another reason first is reported.
        let first = try CLI.run(bytes: [Array("open".utf8), Array("ftp://example.com".utf8), Self.search + [0xFF]])
        #expect(first.status == 65)
        #expect(first.stderr == "wayfinder: error: unknown scheme 'ftp'; expected 'wayfinder://'\n")
    }

    @Test(arguments: [
        Array("wayfinder://main/search?q=caf%C3%A9".utf8),
        Array("wayfinder://main/search?q=café".utf8),
    ])
    func aValidNonASCIILinkStillWorks(link: [UInt8]) throws {
        let resolved = try CLI.run(bytes: [Array("resolve".utf8), link, Array("--format=json".utf8)])
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains(#""url":"wayfinder://main/search?q=caf%C3%A9""#), "\(resolved.stdout)")
        #expect(resolved.stdout.contains(#""q":"café""#), "\(resolved.stdout)")
        let opened = try CLI.run(bytes: [Array("open".utf8), link, Array("--format".utf8), Array("json".utf8)])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains(#""pending":"wayfinder://main/search?q=caf%C3%A9""#), "\(opened.stdout)")
        let repl = try CLI.run(bytes: [link], stdin: Array("login alice\nwonderland\nwhere\n".utf8))
        #expect(repl.status == 0, "\(repl.stderr)")
        #expect(repl.stdout.hasSuffix("wayfinder://main/search?q=caf%C3%A9\n"), "\(repl.stdout)")
        let piped = try CLI.run(bytes: [], stdin: Array("open ".utf8) + link + Array("\nstate\n".utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains(#""pending":"wayfinder://main/search?q=caf%C3%A9""#), "\(piped.stdout)")
    }

    /// Arguments that are not links: option values, files, subcommands, options.
    @Test(arguments: [
        ["open", "wayfinder://main/feed", "--data-dir=/tmp/\u{FF}"],
        ["open", "wayfinder://main/feed", "--data-dir", "/tmp/\u{FF}"],
        ["resolve", "wayfinder://main/feed", "--routes", "\u{FF}.routes"],
        ["resolve", "wayfinder://main/feed", "--routes=\u{FF}.routes"],
        ["resolve", "wayfinder://main/feed", "--format", "js\u{FF}on"],
        ["resolve", "wayfinder://main/feed", "--format=\u{FF}"],
        ["routes", "check", "\u{FF}.routes"],
        ["routes", "graph", "--format", "\u{FF}"],
        ["reset", "\u{FF}"],
        ["reset", "--data-dir", "\u{FF}"],
        ["--fresh", "--data-dir", "\u{FF}"],
        ["-\u{FF}"],
        ["--fr\u{FF}esh"],
        ["resolve", "wayfinder://main/feed", "\u{FF}"],
    ])
    func anyOtherArgumentThatIsNotUTF8IsAUsageError(arguments: [String]) throws {
        // U+00FF stands for the byte 0xFF here.
        let bytes = arguments.map { $0.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }
        let result = try CLI.run(bytes: bytes, stdin: [])
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("wayfinder: error: argument "), "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("is not valid UTF-8"), "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("\\xFF"), "\(arguments): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one message: \(result.stderr)")
        #expect(!result.stderr.contains("\u{FFFD}") && !result.stderr.contains("\u{0}"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpStillWorksBesideAnArgumentThatIsNotUTF8() throws {
        let result = try CLI.run(bytes: [Array("open".utf8), [0xFF], Array("--help".utf8)], stdin: [])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: wayfinder open"))
    }

    @Test(arguments: badLinks)
    func aPipedLineThatIsNotUTF8IsRefusedWholeAndTheSessionFails(link: [UInt8]) throws {
        let input = Array("open ".utf8) + link + Array("\nwhere\n".utf8)
        let result = try CLI.run(bytes: [Array("--fresh".utf8)], stdin: input)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("UTF-8"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one message: \(result.stderr)")
        #expect(!result.stderr.contains("\u{FFFD}"), "repaired: \(result.stderr)")
        // Nothing was opened, not even as the pending link.
        #expect(result.stdout == "wayfinder://login\n", "\(result.stdout)")
    }

    @Test func aRawBadByteInALineIsReportedWithItsPlace() throws {
        let input = Array("open ".utf8) + Self.search + [0xFF] + Array("\nstate\n".utf8)
        let result = try CLI.run(bytes: [Array("--fresh".utf8)], stdin: input)
        #expect(result.status == 1)
        #expect(result.stderr == "wayfinder: error: line is not valid UTF-8 (byte 32)\n")
        #expect(result.stdout.contains(#""pending":null"#), "\(result.stdout)")
    }

    @Test func aPasswordLineThatIsNotUTF8IsRefusedAndThePromptWaits() throws {
        let input = Array("login alice\nwonder".utf8) + [0xFF] + Array("land\nwonderland\nwhere\n".utf8)
        let result = try CLI.run(bytes: [Array("--fresh".utf8)], stdin: input)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "wayfinder: error: line is not valid UTF-8 (byte 7)\n", "\(result.stderr)")
        #expect(result.stdout.contains("Signed in as alice."), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("wayfinder://main/feed\n"), "\(result.stdout)")
    }

    // MARK: Files

    /// A table whose third line has a 0xFF after `café ` (column 25, counted in Characters).
    static let badTable: [UInt8] = Array("scheme s\nflow f\nscreen r f root  # café ".utf8) + [0xFF] + Array("\n".utf8)

    @Test func aRoutesFileThatIsNotUTF8IsAnInvalidTableWithItsPlace() throws {
        let directory = try CLI.temporaryDirectory()
        let path = directory + "/bad.routes"
        try Data(Self.badTable).write(to: URL(fileURLWithPath: path))
        for arguments in [["routes", "check", path], ["routes", "list", path], ["resolve", "s://f", "--routes", path]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 78, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "\(path):3:25: error: invalid UTF-8\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        let stdin = try CLI.run(bytes: [Array("routes".utf8), Array("check".utf8), Array("-".utf8)], stdin: Self.badTable)
        #expect(stdin.status == 78)
        #expect(stdin.stderr == "<stdin>:3:25: error: invalid UTF-8\n")
        // An overlong form and a surrogate on the first line; after a CR LF.
        let first = try CLI.run(bytes: [Array("routes".utf8), Array("check".utf8), Array("-".utf8)], stdin: [0xC0, 0xAF])
        #expect(first.stderr == "<stdin>:1:1: error: invalid UTF-8\n")
        let crlf = try CLI.run(bytes: [Array("routes".utf8), Array("check".utf8), Array("-".utf8)], stdin: Array("scheme s\r\nfl".utf8) + [0xED, 0xA0, 0x80])
        #expect(crlf.stderr == "<stdin>:2:3: error: invalid UTF-8\n")
    }

    @Test func theRoutesCompilerRefusesAFileThatIsNotUTF8() throws {
        let compiler = CLI.binary.deletingLastPathComponent().appendingPathComponent("routes-compiler")
        try #require(FileManager.default.isExecutableFile(atPath: compiler.path), "no routes-compiler beside \(CLI.binary.path)")
        let directory = try CLI.temporaryDirectory()
        let input = directory + "/bad.routes", output = directory + "/Out.swift"
        try Data(Self.badTable).write(to: URL(fileURLWithPath: input))
        let result = try CLI.runRedirected([input, output, "bad.routes", "T"], executable: compiler)
        #expect(result.status == 65)
        #expect(result.stderr == "\(input):3:25: error: invalid UTF-8\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aStateFileThatIsNotUTF8IsKeptAsCorruptAndNotRestored() throws {
        let home = try CLI.temporaryDirectory()
        let environment = ["WAYFINDER_HOME": home]
        let saved = try CLI.run(["--fresh"], stdin: "open wayfinder://login/forgot?email=caf%C3%A9\n", environment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        let path = home + "/navigation.json"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // "café" in the saved state becomes "caf" and a lone continuation byte.
        let cafe = Array("caf\u{E9}".utf8)
        let start = try #require((0...(bytes.count - cafe.count)).first { Array(bytes[$0..<($0 + cafe.count)]) == cafe })
        bytes.replaceSubrange((start + 3)..<(start + 5), with: [0xA9])
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let result = try CLI.run([], stdin: "where\n", environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wayfinder://login\n", "\(result.stdout)")
        let copy = try #require(CLI.keptCopies(of: path).first)
        #expect(result.stderr == "wayfinder: warning: the navigation state was not restored: it is not valid UTF-8 (byte \(start + 4)); the file was kept as \(copy)\n")
        let kept = try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy)))
        #expect(kept == bytes, "the file kept aside is the file as it was")
    }
}

extension CLI {
    /// Runs the binary with arguments given as bytes (which `Process`, taking strings, cannot
    /// pass when they are not UTF-8) and `stdin` as bytes: through `/bin/sh`, which builds
    /// each argument with `printf` and octal escapes, then `exec`s the binary.
    static func run(bytes arguments: [[UInt8]], stdin: [UInt8] = [], environment: [String: String] = [:]) throws -> Result {
        var script = #"b=$0; set --"# + "\n"
        for argument in arguments {
            let escaped = argument.map { "\\" + String($0, radix: 8) }.joined()
            // The trailing x keeps a final newline that command substitution would drop.
            script += "a=$(printf '\(escaped)'; printf x); set -- \"$@\" \"${a%x}\"\n"
        }
        script += #"exec "$b" "$@""#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, binary.path]
        var env = ProcessInfo.processInfo.environment
        env["WAYFINDER_HOME"] = try temporaryDirectory()
        env["XDG_STATE_HOME"] = env["WAYFINDER_HOME"]
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self)
        )
    }
}
