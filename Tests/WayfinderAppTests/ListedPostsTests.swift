import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #33 item 4: every screen that lists posts offers a way to open each one whatever
/// the display settings (ids with `show-post-ids` on, places `#1`, `#2`… with it off, and
/// `post` takes either), and the forgot-password screen says what was done.
@MainActor
@Suite struct ListedPostsTests {
    /// The screens that list posts: the feed, a search, the me tab, another user's profile.
    nonisolated static let listingLinks = [
        "wayfinder://main/feed", "wayfinder://main/search?q=tabs", "wayfinder://main/me", "wayfinder://main/feed/post/4/people/2",
    ]

    /// A shell on fresh demo data, signed in as alice, with `show-post-ids` set to `showsIDs`.
    private func shell(showingIDs showsIDs: Bool) async throws -> AppShell {
        let shell = AppShell(app: AppCoordinator(container: .demo()))
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        try await shell.app.container.flags.setOverride(showsIDs ? nil : false, for: .showPostIDs)
        return shell
    }

    /// The screen's post lines (those after two spaces that start with `[` or `#`).
    private func postLines(_ shell: AppShell) async throws -> [Substring] {
        try await shell.loadedScreen().plainText.split(separator: "\n").filter { $0.hasPrefix("  [") || $0.hasPrefix("  #") }
    }

    /// The ids `[N]` of `lines`, in order.
    private func ids(_ lines: [Substring]) -> [Int] {
        lines.compactMap { line in line.dropFirst(3).split(separator: "]").first.flatMap { Int($0) } }
    }

    /// The link on screen without its query (`?q=tabs`).
    private func path(_ shell: AppShell) -> Substring {
        shell.app.url.split(separator: "?").first ?? ""
    }

    @Test(arguments: listingLinks)
    func eachListedPostOpensWithTheFlagOnOrOff(link: String) async throws {
        let withIDs = try await shell(showingIDs: true)
        try withIDs.app.open(link)
        let idLines = try await postLines(withIDs)
        let listed = ids(idLines)
        #expect(listed.count >= 2, "\(link): \(idLines)")
        #expect(listed.count == idLines.count, "every line shows its id: \(idLines)")
        let withoutIDs = try await shell(showingIDs: false)
        try withoutIDs.app.open(link)
        let placeLines = try await postLines(withoutIDs)
        #expect(placeLines.count == listed.count, "\(link): \(placeLines)")
        for (index, line) in placeLines.enumerated() {
            #expect(line.hasPrefix("  #\(index + 1) "), "\(link): \(line)")
            #expect(!line.contains("[\(listed[index])]"), "\(link): an id is shown: \(line)")
            // The same post on the same line, whatever the flag.
            #expect(line.dropFirst("  #\(index + 1) ".count) == idLines[index].dropFirst("  [\(listed[index])] ".count))
        }
        for shell in [withIDs, withoutIDs] {
            #expect(try await shell.loadedScreen().plainText.contains("post <id>|#<n>"), "\(link): the Commands line")
            let opened = await shell.execute("post #\(listed.count)")
            #expect(!opened.isError, "\(link): \(opened.output.plainText)")
            #expect(path(shell).hasSuffix("/post/\(listed[listed.count - 1])"), "\(link) → \(shell.app.url)")
            #expect(await shell.execute("back").isError == false)
            #expect(await shell.execute("post \(listed[0])").isError == false, "ids still open posts")
            #expect(path(shell).hasSuffix("/post/\(listed[0])"), "\(link) → \(shell.app.url)")
        }
    }

    @Test func aPlaceOutsideTheListIsAFailureAndNotAPlaceIsAUsageError() async throws {
        let shell = try await shell(showingIDs: false)
        try shell.app.open("wayfinder://main/search?q=tabs")
        let beyond = await shell.execute("post #4")
        #expect(beyond.output.plainText == "error: there is no post #4 here: this screen lists 3 posts\n")
        #expect(beyond.isError && !beyond.isUsageError)
        for line in ["post #0", "post #two", "post two"] {
            let refused = await shell.execute(line)
            #expect(refused.isError && refused.isUsageError, "\(line): \(refused.output.plainText)")
        }
        #expect(shell.app.url == "wayfinder://main/search?q=tabs")
    }

    @Test func helpAndCompletionShowWhatTheListShows() async throws {
        let withoutIDs = try await shell(showingIDs: false)
        try withoutIDs.app.open("wayfinder://main/search?q=tabs")
        _ = try await withoutIDs.loadedScreen()
        #expect(withoutIDs.completions(for: "post ") == ["#1", "#2", "#3"])
        #expect(await withoutIDs.execute("help post").output.plainText.contains("#n is the n-th post listed on this screen"))
        let withIDs = try await shell(showingIDs: true)
        try withIDs.app.open("wayfinder://main/search?q=tabs")
        let idLines = try await postLines(withIDs)
        #expect(withIDs.completions(for: "post ") == ids(idLines).map(String.init))
    }

    // MARK: Forgot password

    @Test func theForgotPasswordScreenSaysWhereTheLinkWent() async throws {
        for link in ["wayfinder://login/forgot", "wayfinder://login/forgot?email=bob@example.com"] {
            let shell = try AppShell(opening: [link])
            let before = try await shell.loadedScreen().plainText
            #expect(before.contains(link.contains("bob") ? "Email: bob@example.com" : "Email: (none given)"), "\(before)")
            let sent = await shell.execute("send alice@example.com")
            #expect(!sent.isError && sent.showsScreen)
            let after = try await shell.loadedScreen().plainText
            #expect(after.contains("If alice@example.com has an account, a reset link is on its way."), "\(after)")
            // The header still shows the route, with the link's email; the screen does not.
            #expect(!after.contains("Email:"), "\(after)")
        }
        // The link's email, when none is typed.
        let shell = try AppShell(opening: ["wayfinder://login/forgot?email=bob@example.com"])
        #expect(await shell.execute("send").isError == false)
        #expect(try await shell.loadedScreen().plainText.contains("If bob@example.com has an account, a reset link is on its way."))
    }

    @Test func sendWithoutAnAddressAnywhereIsAUsageError() async throws {
        let shell = try AppShell(opening: ["wayfinder://login/forgot"])
        let reply = await shell.execute("send")
        #expect(reply.output.plainText == "error: usage: send <email> (the link gave none)\n")
        #expect(reply.isUsageError)
        #expect(try await shell.loadedScreen().plainText.contains("Email: (none given)"))
    }
}
