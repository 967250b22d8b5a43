import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #33 item 2: a mistyped command or closed-set argument gets the nearest one offered
/// on this screen suggested, and every command refuses arguments its usage line does not
/// allow in the same way (its usage line, a usage error), before its handler runs.
@MainActor
@Suite struct CommandArgumentTests {
    /// A shell on fresh demo data showing `link`, signed in as alice unless it is a Login link.
    private func shell(showing link: String) async throws -> AppShell {
        let shell = AppShell(app: AppCoordinator(container: .demo()))
        if !link.hasPrefix("wayfinder://login") {
            #expect(await shell.execute("login alice").isError == false)
            #expect(await shell.execute(DemoData.password).isError == false)
        }
        try shell.app.open(link, from: .app)
        #expect(shell.app.url == link)
        return shell
    }

    /// `line`'s reply: its text, whether it failed, and whether as a usage error.
    private func run(_ line: String, on shell: AppShell) async -> (text: String, isError: Bool, isUsageError: Bool) {
        let reply = await shell.execute(line)
        return (reply.output.plainText.trimmingCharacters(in: .newlines), reply.isError, reply.isUsageError)
    }

    // MARK: Did you mean

    @Test func anUnknownCommandGetsTheNearestOfThisScreenSuggested() async throws {
        let login = try await shell(showing: "wayfinder://login")
        let wher = await run("wher", on: login)
        #expect(wher.text == "error: unknown command 'wher' here; did you mean 'where'?")
        #expect(wher.isError && !wher.isUsageError)
        #expect(await run("regster", on: login).text == "error: unknown command 'regster' here; did you mean 'register'?")
        // `like` is a command of a post's screen, not of this one.
        #expect(await run("lik", on: login).text == "error: unknown command 'lik' here; type help for the commands of this screen")
        let post = try await shell(showing: "wayfinder://main/feed/post/4")
        #expect(await run("lik", on: post).text == "error: unknown command 'lik' here; did you mean 'like'?")
    }

    @Test func aTabNotOfTheFlowGetsTheNearestSuggested() async throws {
        let feed = try await shell(showing: "wayfinder://main/feed")
        let fed = await run("tab fed", on: feed)
        #expect(fed.text == "error: 'fed' is not a tab of this flow; did you mean 'feed'?")
        #expect(fed.isUsageError)
        let far = await run("tab settings", on: feed)
        #expect(far.text == "error: 'settings' is not a tab of this flow: feed, search or me")
        #expect(far.isUsageError)
        #expect(feed.app.url == "wayfinder://main/feed")
        #expect(await run("tab search", on: feed).isError == false)
        #expect(feed.app.url == "wayfinder://main/search")
        // A flow without tabs has no names to suggest: the navigation says why.
        let login = try await shell(showing: "wayfinder://login")
        let none = await run("tab feed", on: login)
        #expect(none.text == "error: flow 'login' has no tabs")
        #expect(none.isError && !none.isUsageError)
    }

    @Test func tabCompletesTheSameClosedSets() async throws {
        let feed = try await shell(showing: "wayfinder://main/feed")
        #expect(feed.completions(for: "tab s") == ["search"])
        #expect(feed.completions(for: "tab ") == ["feed", "search", "me"])
    }

    // MARK: One rule for extra arguments

    /// Commands whose words after the name are one free text (a title, a bio, a search).
    static let freeText: Set<String> = ["find", "title", "body", "name", "bio"]

    /// A line that runs `name` with as many arguments as it takes at most.
    private func fullLine(for name: String, link: String) -> String {
        let samples = [
            "help": "help", "open": link, "tab": "feed", "flag": "paged-feed on", "post": "1", "user": "1", "page": "1",
            "login": "zed", "create": "zed", "forgot": "a@b.example", "send": "a@b.example", "on": "likes", "off": "likes",
            "save": "--force",
        ]
        return samples[name].map { "\(name) \($0)" } ?? name
    }

    @Test(arguments: EveryListedCommandTests.links)
    func everyListedCommandRefusesExtraArgumentsWithItsUsageLine(link: String) async throws {
        let listing = try await shell(showing: link)
        let help = await run("help", on: listing).text
        let names = help.split(separator: "\n").compactMap { line in
            line.hasPrefix("  ") ? line.split(separator: " ").first.map(String.init) : nil
        }
        #expect(names.contains("where") && names.contains("quit") && names.contains("back"))
        for name in names where !Self.freeText.contains(name) {
            let shell = try await shell(showing: link)
            let before = shell.stateJSON.serialized
            let reply = await shell.execute(fullLine(for: name, link: link) + " now please")
            let text = reply.output.plainText
            #expect(text.hasPrefix("error: usage: \(name)"), "\(name) on \(link): \(text)")
            #expect(reply.isError && reply.isUsageError && !reply.quits && !reply.showsScreen, "\(name) on \(link)")
            #expect(shell.stateJSON.serialized == before, "\(name) on \(link) did something")
        }
    }

    @Test func theGlobalCommandsNamedInTheIssueRefuseExtraArgumentsAlike() async throws {
        let shell = try await shell(showing: "wayfinder://login/register")
        for (line, usage) in [("where foo bar", "where"), ("back now", "back"), ("quit now", "quit"), ("exit now", "quit"), ("undo 2", "undo"), ("state x", "state")] {
            let reply = await shell.execute(line)
            #expect(reply.output.plainText == "error: usage: \(usage)\n", "\(line)")
            #expect(reply.isUsageError && !reply.quits, "\(line)")
        }
        #expect(shell.app.url == "wayfinder://login/register")
        // Empty text is no argument.
        #expect(await shell.execute("where \"\"").output.plainText == "wayfinder://login/register\n")
    }

    @Test func aWrongNumberOfArgumentsKeepsTheCommandsOwnSentence() async throws {
        let login = try await shell(showing: "wayfinder://login")
        let reply = await login.execute("login alice secret")
        #expect(reply.output.plainText == "error: usage: login <name> (type only the user name; the password is asked for next, without echo)\n")
        #expect(reply.isUsageError)
        #expect(login.secretPrompt == nil)
    }
}
