import Foundation
import Testing

/// `open` and `resolve` with plain arguments skip ArgumentParser (for start-up time); the
/// same commands spelled so that the direct path declines them (`--` before the links)
/// go through ArgumentParser. Both must behave exactly alike.
@Suite struct DirectPathTests {
    /// Runs `direct` and `parsed` on one data directory and expects the same result.
    private func expectSame(_ direct: [String], _ parsed: [String], stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let home = try CLI.temporaryDirectory()
        let environment = ["WAYFINDER_HOME": home]
        let first = try CLI.run(direct, stdin: stdin, environment: environment)
        let second = try CLI.run(parsed, stdin: stdin, environment: environment)
        #expect(first.status == second.status, "exit status", sourceLocation: sourceLocation)
        #expect(first.status != 64, "both were usage errors: \(first.stderr)", sourceLocation: sourceLocation)
        #expect(first.stdout == second.stdout, "stdout", sourceLocation: sourceLocation)
        #expect(first.stderr == second.stderr, "stderr", sourceLocation: sourceLocation)
    }

    static let links = [
        "wayfinder://main/feed/post/42",
        "wayfinder://main/search?q=caf%C3%A9",
        "wayfinder://login/register",
        "wayfinder://main/feed/post/abc",
        "http://example.com",
        "wayfinder://settings/profile",
    ]

    @Test(arguments: links)
    func resolveAgrees(link: String) throws {
        try expectSame(["resolve", link], ["resolve", "--", link])
        try expectSame(["resolve", "--format", "json", link], ["resolve", "--format", "json", "--", link])
        try expectSame(["resolve", link, "--format=json"], ["resolve", "--format=json", "--", link])
    }

    @Test(arguments: links)
    func openAgrees(link: String) throws {
        try expectSame(["open", link], ["open", "--", link])
        try expectSame(["open", link, "--format", "json"], ["open", "--format", "json", "--", link])
    }

    @Test func openWithSeveralLinksAndADataDirectoryAgrees() throws {
        let directory = try CLI.temporaryDirectory()
        let links = ["wayfinder://main/feed/post/3", "wayfinder://main/search?q=swift"]
        try expectSame(
            ["open"] + links + ["--data-dir", directory, "--format=json"],
            ["open", "--format", "json", "--data-dir=\(directory)", "--"] + links
        )
    }

    @Test func resolveWithARoutesFileAgrees() throws {
        let routes = "scheme s\nflow f\nscreen r f root\nscreen item f push item/{id:int} after r\n"
        try expectSame(["resolve", "s://f/item/7", "--routes", "-"], ["resolve", "--routes", "-", "--", "s://f/item/7"], stdin: routes)
        try expectSame(["resolve", "s://f/item/x", "--routes", "-"], ["resolve", "--routes", "-", "--", "s://f/item/x"], stdin: routes)
        let missing = try CLI.run(["resolve", "s://f", "--routes", "/nonexistent/x.routes"])
        #expect(missing.status == 66)
    }

    /// What the direct path declines, ArgumentParser reports as a usage error (64).
    @Test(arguments: [
        ["open"],
        ["open", "--format", "xml", "wayfinder://main/feed"],
        ["open", "wayfinder://main/feed", "--data-dir"],
        ["open", "wayfinder://main/feed", "--routes", "x"],
        ["resolve"],
        ["resolve", "wayfinder://main/feed", "wayfinder://main/me"],
        ["resolve", "wayfinder://main/feed", "--data-dir", "x"],
        ["resolve", "wayfinder://main/feed", "--format"],
    ])
    func usageMistakesExit64WithArgumentParsersMessage(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("Error:"), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpStillComesFromArgumentParser() throws {
        let result = try CLI.run(["open", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: wayfinder open"))
    }
}
