import Testing

/// The Settings flow's links through `wayfinder resolve` (removed with the Settings feature).
extension ResolveCommandTests {
    static let settingsTable: [(String, String)] = [
        ("wayfinder://settings", #"{"url":"wayfinder://settings","web_url":"https://wayfinder.example/settings","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}}],"presentation":null}"#),
        ("wayfinder://settings/profile", #"{"url":"wayfinder://settings/profile","web_url":"https://wayfinder.example/settings/profile","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}},{"screen":"editProfile","params":{}}],"presentation":null}"#),
        ("wayfinder://settings/notifications", #"{"url":"wayfinder://settings/notifications","web_url":"https://wayfinder.example/settings/notifications","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}},{"screen":"notifications","params":{}}],"presentation":null}"#),
        ("wayfinder://settings/about", #"{"url":"wayfinder://settings/about","web_url":"https://wayfinder.example/settings/about","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}}],"presentation":{"screen":"about","params":{},"style":"sheet"}}"#),
        ("wayfinder://settings/logout", #"{"url":"wayfinder://settings/logout","web_url":"https://wayfinder.example/settings/logout","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}}],"presentation":{"screen":"logout","params":{},"style":"alert"}}"#),
        ("Wayfinder://Settings/profile/", #"{"url":"wayfinder://settings/profile","web_url":"https://wayfinder.example/settings/profile","flow":"settings","tab":null,"stack":[{"screen":"settings","params":{}},{"screen":"editProfile","params":{}}],"presentation":null}"#),
    ]

    @Test(arguments: settingsTable)
    func everySettingsLinkResolvesToItsJSON(link: String, json: String) throws {
        try everyLinkOfTheAppResolvesToItsJSON(link: link, json: json)
    }
}
