import Foundation
import Testing

/// A state file that is only partly wrong keeps the rest; one far too large is set aside
/// at once, without being read.
@Suite(.serialized) struct LenientRestorationCLITests {
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    private var stateFile: String { home + "/navigation.json" }

    private func run(_ input: String, unprivileged: Bool = false) throws -> CLI.Result {
        try CLI.run([], stdin: input, environment: ["WAYFINDER_HOME": home], unprivileged: unprivileged)
    }

    @Test(arguments: ["99999999999999999999999999", "1e308", "4.5"])
    func aStackIDOutOfRangeKeepsTheState(id: String) throws {
        _ = try run("login alice\nwonderland\nopen wayfinder://main/feed/post/5/comments\n")
        let saved = try String(contentsOfFile: stateFile, encoding: .utf8)
        let bad = saved.replacingOccurrences(of: "{\"rawValue\":0}", with: "{\"rawValue\":\(id)}")
        #expect(bad != saved)
        try bad.write(toFile: stateFile, atomically: true, encoding: .utf8)

        let result = try run("where\n")
        #expect(result.stdout == "wayfinder://main/feed/post/5/comments\n", "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wayfinder: warning: the navigation state was restored as far as it could be: "))
        #expect(result.stderr.contains("renumbered"), "\(result.stderr)")
        #expect(CLI.keptCopies(of: stateFile).count == 1)
    }

    @Test func aPostIDWithAFractionDropsThatScreenAndWhatIsAboveIt() throws {
        _ = try run("login alice\nwonderland\nopen wayfinder://main/search/post/3\nopen wayfinder://main/feed/post/5/comments\n")
        let saved = try String(contentsOfFile: stateFile, encoding: .utf8)
        let bad = saved.replacingOccurrences(of: "\"parameters\":{\"id\":5}", with: "\"parameters\":{\"id\":4.5}")
        #expect(bad != saved)
        try bad.write(toFile: stateFile, atomically: true, encoding: .utf8)

        let result = try run("where\ntab search\nwhere\n")
        let places = result.stdout.split(separator: "\n").filter { $0.hasPrefix("wayfinder://") }
        #expect(places == ["wayfinder://main/feed", "wayfinder://main/search/post/3"], "\(result.stderr)")
        #expect(result.stderr.contains("parameter 'id' of 'post' is 4.5"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// Unprivileged too: setting the file aside needs no more than the user's own rights.
    @Test(arguments: [false, true])
    func aFileOverTheSizeLimitIsSetAsideWithoutBeingRead(unprivileged: Bool) throws {
        if unprivileged { try Unprivileged.giveAway(home) }
        _ = try run("login alice\nwonderland\nopen wayfinder://main/feed/post/5\n", unprivileged: unprivileged)
        // 50 MB: it once took seconds to decode; now its size alone refuses it.
        let padding = String(repeating: "a", count: 50_000_000)
        let huge = "{\"format\":\"wayfinder-navigation\",\"version\":1,\"navigation\":{\"activeFlow\":\"main\",\"pad\":\"\(padding)\"}}"
        try huge.write(toFile: stateFile, atomically: true, encoding: .utf8)
        if unprivileged { try Unprivileged.giveAway(home) }

        let start = ContinuousClock.now
        let result = try run("where\n", unprivileged: unprivileged)
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 0)
        #expect(result.stdout == "wayfinder://main/feed\n", "the start completes, signed in")
        let kept = CLI.keptCopies(of: stateFile)
        #expect(kept.count == 1)
        #expect(result.stderr == "wayfinder: warning: the navigation state was not restored: it is \(huge.utf8.count) bytes, over the 1 MiB (1048576 bytes) limit for a state file; the file was kept as \(kept.first ?? "?")\n")
        #expect((try? FileManager.default.attributesOfItem(atPath: kept.first ?? "")[.size] as? Int) == huge.utf8.count)
        // The issue asks for "well under a second"; the whole run, start to exit, is timed.
        #expect(elapsed < .seconds(1), "\(elapsed)")
    }
}
