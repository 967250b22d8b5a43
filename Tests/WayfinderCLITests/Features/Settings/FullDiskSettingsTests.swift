import Testing

/// Settings saved on a full disk (removed with the Settings feature).
extension FullDiskTests {
    @Test(arguments: [
        ("profile", "open wayfinder://settings/profile\nbio Written on a full disk\nsave\n", "Profile saved."),
        ("flag", "open wayfinder://settings\nflag paged-feed off\n", "paged-feed is off"),
        ("notifications", "open wayfinder://settings/notifications\noff likes\n", "likes notifications off"),
    ])
    func aSettingThatCouldNotBeWrittenSaysSoAndNothingChanged(name: String, commands: String, success: String) throws {
        try Self.expectRefusedOnAFullDisk(name: name, commands: commands, success: success)
    }
}
