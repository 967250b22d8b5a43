import Testing

/// Settings saved on a full disk (removed with the Settings feature).
extension FullDiskTests {
    @Test(arguments: [
        ("profile", "open wayfinder://settings/profile\nconfirm\nbio Written on a full disk\nsave\n", "Profile saved."),
        ("flag", "open wayfinder://settings\nflag paged-feed off\n", "paged-feed is off"),
        ("notifications", "open wayfinder://settings/notifications\noff likes\n", "likes notifications off"),
    ])
    func aSettingThatCouldNotBeWrittenSaysSoAndNothingChanged(name: String, commands: String, success: String) throws {
        try Self.expectRefusedOnAFullDisk(name: name, commands: commands, success: success)
    }

    /// #41 case 2: leaving the profile editor by a sign-out that cannot be stored (a full
    /// disk) keeps the edit: the user is still signed in, on the editor, with it.
    @Test func aSignOutThatCouldNotBeWrittenKeepsTheProfileBeingEdited() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let directory = try Self.signedIn(on: disk)
        let repl = try Self.runningREPL(in: directory)
        _ = try repl.run("open wayfinder://settings/profile")
        _ = try repl.run("confirm")
        _ = try repl.run("name Edited on a full disk")
        try disk.fill()
        // Refused once, then (typed again at once) tried: the sign-out cannot be stored.
        let failed = try repl.run("logout", "logout")
        #expect(failed.stderr.contains("unsaved changes to your profile (name)"), "refused once: \(failed.stderr)")
        #expect(failed.stderr.contains("could not sign out"), "\(failed.stderr)")
        #expect(try repl.run("where").stdout.hasSuffix("wayfinder://settings/profile\n"))
        let kept = try repl.run("logout")
        #expect(kept.stderr.contains("unsaved changes to your profile (name)"), "the edit is still there: \(kept.stderr)")
        _ = try repl.finish()
        try disk.free()
    }
}
