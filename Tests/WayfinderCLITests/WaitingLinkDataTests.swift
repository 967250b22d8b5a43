import Foundation
import Testing

/// A link that waits for sign-in is checked against the data when the user signs in, as it
/// is when given signed in: a link to a post that does not exist is refused with the same
/// message and exit status, opens nothing and waits no more — given as an argument, with
/// `open`, or with `-c`.
@Suite struct WaitingLinkDataTests {
    static let missing = "wayfinder://main/feed/post/999"
    static let message = "wayfinder: error: post 999 does not exist\n"

    /// A run on a data directory of the test's own, signed in as bob first when `signedIn`.
    private func run(_ arguments: [String], stdin: String, signedIn: Bool) throws -> CLI.Result {
        let home = try CLI.temporaryDirectory()
        if signedIn {
            #expect(try CLI.run([], stdin: "login bob\nwonderland\n", environment: ["WAYFINDER_HOME": home]).status == 0)
        }
        return try CLI.run(arguments, stdin: stdin, environment: ["WAYFINDER_HOME": home])
    }

    /// What is on screen at the end of a run, and what waits (`state`'s JSON).
    private func place(after result: CLI.Result) -> String? {
        result.stdout.split(separator: "\n").last.map(String.init)
    }

    @Test func asAnArgument() throws {
        let signedIn = try run([Self.missing], stdin: "", signedIn: true)
        #expect(signedIn.status == 65)
        #expect(signedIn.stderr == Self.message)

        let waiting = try run([Self.missing], stdin: "login bob\nwonderland\nwhere\n", signedIn: false)
        #expect(waiting.status == signedIn.status)
        #expect(waiting.stderr.hasSuffix(Self.message), "\(waiting.stderr)")
        #expect(waiting.stdout.contains("Signed in as bob."))
        #expect(!waiting.stdout.contains("Post 999"), "nothing of the link opened")
        #expect(place(after: waiting) == "wayfinder://main/feed")
    }

    @Test func withOpen() throws {
        let signedIn = try run([], stdin: "open \(Self.missing)\nwhere\n", signedIn: true)
        let waiting = try run([], stdin: "open \(Self.missing)\nlogin bob\nwonderland\nwhere\nstate\n", signedIn: false)
        #expect(waiting.status == signedIn.status)
        #expect(signedIn.stderr.hasSuffix(Self.message) && waiting.stderr.hasSuffix(Self.message), "\(waiting.stderr)")
        #expect(!waiting.stdout.contains("Post 999"))
        #expect(waiting.stdout.contains("\"url\":\"wayfinder://main/feed\""), "\(waiting.stdout)")
        #expect(waiting.stdout.contains("\"pending\":null"), "the refused link waits no more")
    }

    @Test func withDashC() throws {
        let signedIn = try run(["-c", "open \(Self.missing)"], stdin: "", signedIn: true)
        let waiting = try run(["-c", "open \(Self.missing)", "-c", "login bob", "-c", "where"], stdin: "wonderland\n", signedIn: false)
        #expect(waiting.status == signedIn.status)
        #expect(signedIn.stderr.hasSuffix(Self.message) && waiting.stderr.hasSuffix(Self.message), "\(waiting.stderr)")
        #expect(place(after: waiting) == "wayfinder://main/feed")
    }

    /// A link to a post that exists still opens at sign-in.
    @Test func aLinkToAPostThatExistsOpens() throws {
        let waiting = try run(["wayfinder://main/feed/post/4"], stdin: "login bob\nwonderland\nwhere\n", signedIn: false)
        #expect(waiting.status == 0, "\(waiting.stderr)")
        #expect(place(after: waiting) == "wayfinder://main/feed/post/4")
    }
}
