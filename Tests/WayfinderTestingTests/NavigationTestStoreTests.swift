import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTesting

@MainActor
@Suite struct NavigationTestStoreTests {
    @Test func aNavigationTestInAFewLines() async throws {
        let store = NavigationTestStore(try AppShell(opening: ["wayfinder://main/feed/post/3"]))
        store.expectPending("wayfinder://main/feed/post/3")
        await store.command("login alice")
        await store.command("wonderland") {
            $0.activeFlow = "main"
            $0.pending = nil
            $0.grantedGuards = ["signed-in"]
            $0.stacks["main/feed"] = [MainRoute.feed.route, MainRoute.post(id: 3).route]
        }
        await store.command("comments") { $0.stacks["main/feed"]?.append(MainRoute.comments.route) }
        store.expectURL("wayfinder://main/feed/post/3/comments")
    }

    @Test func aLinkWaitingToBeConfirmedIsPartOfTheSnapshot() async throws {
        let store = NavigationTestStore(try AppShell(opening: []), exhaustive: false)
        await store.command("login alice")
        await store.command("wonderland")
        store.open("wayfinder://main/feed/compose") { $0.confirming = "wayfinder://main/feed/compose" }
        await store.command("confirm") {
            $0.confirming = nil
            $0.presentations["main/feed"] = MainRoute.compose.route
        }
        store.expectURL("wayfinder://main/feed/compose")
    }

    @Test func theEditAnOpenMakesCanBeAsserted() async throws {
        let store = NavigationTestStore(try AppShell(opening: []), exhaustive: false)
        await store.command("login alice")
        await store.command("wonderland")
        store.open("wayfinder://main/feed/post/7/comments")
        store.expectEdit("push post(id: 7); push comments")
        store.expectEvents(store.receivedEvents)
        store.open("wayfinder://main/feed/post/7")
        store.expectEdit("pop comments")
        store.expectEvents(store.receivedEvents)
        store.open("wayfinder://main/feed/post/7")
        store.expectEdit("nothing")
        withKnownIssue {
            store.expectEdit("pop comments")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+ actual\n    nothing")
        }
    }

    @Test func aWrongAssertionShowsADiffNamingTheField() async throws {
        let store = NavigationTestStore(try AppShell(opening: []))
        await withKnownIssue {
            await store.command("register") {
                $0.stacks["login"]?.append(LoginRoute.forgot(email: nil).route)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("stacks[\"login\"]") && text.contains("− expected [signIn, forgot]")
                && text.contains("+ actual   [signIn, register]")
        }
    }

    @Test func anUnassertedChangeFailsSayingWhatChanged() async throws {
        let store = NavigationTestStore(try AppShell(opening: []))
        await withKnownIssue {
            await store.command("terms")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("the change was not asserted") && text.contains("presentations[\"login\"]")
                && text.contains("+ actual   terms")
        }
        // The harness moves on from the actual state: the next step is judged on its own.
        await store.command("close") { $0.presentations["login"] = nil }
    }

    @Test func nonExhaustiveModeChecksOnlyWhatTheAssertionTouches() async throws {
        let store = NavigationTestStore(try AppShell(opening: []), exhaustive: false)
        await store.command("login carol")
        await store.command("wonderland") { $0.activeFlow = "main" }
        await store.command("post 9")
        store.expectURL("wayfinder://main/feed/post/9")
    }

    @Test func refusedIntentsAndFailingCommandsCanBeExpected() async throws {
        let store = NavigationTestStore(try AppShell(opening: []))
        store.sendRefused(.atRoot) { try $0.pop() }
        await store.command("bogus", failing: true)
        await withKnownIssue {
            await store.command("bogus")
        }
    }

    @Test func aStoreCanStartFromAStateValue() throws {
        var navigator = Navigator(graph: AppRoutes.graph)
        try navigator.grant("signed-in")
        try navigator.open("wayfinder://main/me/compose", from: .app)
        let store = try NavigationTestStore(graph: AppRoutes.graph, state: navigator.state)
        store.expectURL("wayfinder://main/me/compose")
        store.send({ try $0.dismiss() }) { $0.presentations["main/me"] = nil }
    }
}

@MainActor
@Suite struct TranscriptRunnerTests {
    @Test func reRecordingRewritesTheOutputAndKeepsComments() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("where.transcript").path
        try "# Where does a pending link leave us?\n$ wayfinder wayfinder://main/me\n> where\nwrong output\n[exit 0]\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let makeShell: ([String]) async throws -> AppShell = { try AppShell(opening: $0) }

        try await withKnownIssue {
            try await TranscriptRunner.check(path, record: false, makeShell: makeShell)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("- wrong output\n+ wayfinder://login")
        }
        try await TranscriptRunner.check(path, record: true, makeShell: makeShell)
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recorded == "# Where does a pending link leave us?\n$ wayfinder wayfinder://main/me\n> where\nwayfinder://login\n[exit 0]\n")
        try await TranscriptRunner.check(path, record: false, makeShell: makeShell)
    }

    @Test func markersInOutputAreEscapedAndParsedBack() throws {
        let transcript = Transcript(steps: [
            .init(input: "x", output: [.standard("> looks like input"), .standard("# not a comment"), .error("oops"), .standard("| bar")]),
        ], exitStatus: 1)
        #expect(try Transcript(parsing: transcript.text) == transcript)
    }
}
