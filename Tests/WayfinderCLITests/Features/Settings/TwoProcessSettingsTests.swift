import Testing

/// Two REPLs editing one profile (removed with the Settings feature).
extension TwoProcessTests {
    @Test func aProfileSavedOverTheOtherProcessesNewerVersionIsRefused() throws {
        let directory = try CLI.temporaryDirectory()
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("login alice", "wonderland")
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("open wayfinder://settings/profile")
        _ = try first.run("confirm")
        _ = try second.run("open wayfinder://settings/profile")
        _ = try second.run("confirm")

        _ = try first.run("bio Set by the first")
        #expect(try first.run("save").stdout.contains("Profile saved."))
        _ = try second.run("name Named by the second")
        let refused = try second.run("save")
        #expect(!refused.stdout.contains("Profile saved."))
        #expect(refused.stderr.contains("your profile was changed elsewhere (by another process) since you opened it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`revert`") && refused.stderr.contains("`save --force`"))
        #expect(try Self.row("SELECT displayName || '|' || bio FROM user WHERE id = 1", in: directory) == ["Alice Liddell|Set by the first"])

        // The explicit overwrite.
        #expect(try second.run("save --force").stdout.contains("Profile saved."))
        #expect(try Self.row("SELECT displayName || '|' || bio FROM user WHERE id = 1", in: directory)
            == ["Named by the second|Curiouser and curiouser."])
        // The first now holds an older version, and is told so in turn; reloading keeps both.
        _ = try first.run("bio Set again by the first")
        #expect(try first.run("save").stderr.contains("changed elsewhere"))
        _ = try first.run("revert")
        _ = try first.run("bio Set again by the first")
        #expect(try first.run("save").stdout.contains("Profile saved."))
        #expect(try Self.row("SELECT displayName || '|' || bio FROM user WHERE id = 1", in: directory)
            == ["Named by the second|Set again by the first"])
        #expect(try first.run("help save").stdout.contains("--force"))

        #expect(try first.finish().status == 1, "its refused save counts as failed")
        #expect(try second.finish().status == 1)
    }

    /// #41 case 2: a profile edit lost because another process ended the session is shown,
    /// never dropped without a word.
    @Test func anEditLostToASignOutElsewhereIsShown() throws {
        let directory = try CLI.temporaryDirectory()
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("login alice", "wonderland")
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("open wayfinder://settings/profile")
        _ = try first.run("confirm")
        _ = try second.run("open wayfinder://settings/profile")
        _ = try second.run("confirm")
        _ = try second.run("name B again")
        #expect(try first.run("logout").stdout.contains("Signed out."))
        let told = try second.run("where")
        #expect(told.stderr.contains("signed out elsewhere"), "\(told.stderr)")
        #expect(told.stderr.contains("your unsaved changes to your profile (name) were not saved; what you typed: name B again"), "\(told.stderr)")
        _ = try first.finish()
        _ = try second.finish()
    }
}
