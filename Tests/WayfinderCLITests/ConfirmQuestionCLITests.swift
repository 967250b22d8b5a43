import Foundation
import Testing

/// A link to a screen that asks first (`entry confirm`) is asked about in a session only, and
/// the question lasts no longer than the session that can answer it: the one-shot `open`
/// refuses the link, and a script or pipe that ends unanswered drops it.
@Suite struct ConfirmQuestionCLITests {
    static let compose = "wayfinder://main/feed/compose"
    static let composeFromMe = "wayfinder://main/me/compose"

    /// A data directory signed in as alice, at the feed.
    static func signedIn() throws -> String {
        let home = try CLI.temporaryDirectory()
        let login = try CLI.run(["-c", "login alice"], stdin: "wonderland\n", environment: ["WAYFINDER_HOME": home])
        #expect(login.status == 0, "\(login.stderr)")
        return home
    }

    /// A later session on `home` finds no question kept: `confirm` is not even offered.
    static func expectNothingWaits(in home: String) throws {
        let later = try CLI.run(["-c", "confirm"], environment: ["WAYFINDER_HOME": home])
        #expect(later.status == 1)
        #expect(later.stderr.contains("unknown command 'confirm' here"), "\(later.stderr)")
    }

    static func saved(_ home: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: home + "/navigation.json"))
    }

    @Test(arguments: [["open", compose], ["open", "--format", "json", compose], ["open", "wayfinder://main/search", compose]])
    func aOneShotOpenRefusesALinkThatAsksFirst(arguments: [String]) throws {
        let home = try Self.signedIn()
        let before = try Self.saved(home)
        let result = try CLI.run(arguments, environment: ["WAYFINDER_HOME": home])
        #expect(result.status == 77)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            wayfinder: error: \(Self.compose) opens 'compose', which asks to be confirmed, and a one-shot 'open' cannot ask: \
            nothing was opened or kept; give the link to the REPL ('wayfinder \(Self.compose)') and type confirm

            """)
        #expect(try Self.saved(home) == before)
        try Self.expectNothingWaits(in: home)
    }

    @Test func aScriptThatEndsUnansweredDropsTheQuestionAndSaysSo() throws {
        let home = try Self.signedIn()
        let piped = try CLI.run([Self.compose], stdin: "state\n", environment: ["WAYFINDER_HOME": home])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains(#""confirming":"\#(Self.compose)""#), "asked in the session: \(piped.stdout)")
        #expect(piped.stderr == "wayfinder: \(Self.compose) was not confirmed before the input ended: dropped, not kept for the next session\n")
        let state = try CLI.run(["-c", "state"], environment: ["WAYFINDER_HOME": home])
        #expect(state.stdout.contains(#""confirming":null"#), "\(state.stdout)")
        try Self.expectNothingWaits(in: home)
    }

    @Test func aQuestionAnsweredInTheScriptOpensWithNothingSaid() throws {
        let home = try Self.signedIn()
        let piped = try CLI.run([Self.compose], stdin: "confirm\nwhere\n", environment: ["WAYFINDER_HOME": home])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasSuffix("\(Self.compose)\n"))
        #expect(piped.stderr == "")
    }

    @Test func aSecondLinkThatAsksSaysTheFirstNoLongerWaits() throws {
        let home = try Self.signedIn()
        let result = try CLI.run(
            ["-c", "open \(Self.compose)", "-c", "open \(Self.composeFromMe)", "-c", "confirm", "-c", "where"],
            environment: ["WAYFINDER_HOME": home])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\(Self.compose) no longer waits to be confirmed: \(Self.composeFromMe) is asked about instead."))
        #expect(result.stdout.hasSuffix("\(Self.composeFromMe)\n"))
    }
}
