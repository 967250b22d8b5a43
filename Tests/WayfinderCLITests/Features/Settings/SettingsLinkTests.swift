import Testing

/// The Settings flow's links through `wayfinder resolve` (removed with the Settings feature).
extension ResolveCommandTests {
    static let settingsTable: [(String, String)] = [
        ("wayfinder://settings", #"{"url":"wayfinder://settings","web_url":"https://wayfinder.example/settings","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://settings/profile", #"{"url":"wayfinder://settings/profile","web_url":"https://wayfinder.example/settings/profile","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}},{"screen":"editProfile","params":{}}],"presentation":null,"entry":"confirm"}"#),
        ("wayfinder://settings/notifications", #"{"url":"wayfinder://settings/notifications","web_url":"https://wayfinder.example/settings/notifications","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}},{"screen":"notifications","params":{}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://settings/about", #"{"url":"wayfinder://settings/about","web_url":"https://wayfinder.example/settings/about","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}}],"presentation":{"screen":"about","params":{},"style":"sheet"},"entry":"outside"}"#),
        ("Wayfinder://Settings/profile/", #"{"url":"wayfinder://settings/profile","web_url":"https://wayfinder.example/settings/profile","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}},{"screen":"editProfile","params":{}}],"presentation":null,"entry":"confirm"}"#),
    ]

    @Test(arguments: settingsTable)
    func everySettingsLinkResolvesToItsJSON(link: String, json: String) throws {
        try everyLinkOfTheAppResolvesToItsJSON(link: link, json: json)
    }

    /// The sign-out alert is internal: `signout` opens it, a link never does.
    @Test func theSignOutAlertIsRefusedToALink() throws {
        let result = try CLI.run(["resolve", "wayfinder://settings/logout"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "wayfinder: error: screen 'logout' is internal: it opens from inside the app, never from a link\n")
    }
}
