import Foundation
import Testing

/// Refused text in the profile (Settings) and post fields (removed with the Settings feature).
extension SignInSafetyTests {
    @Test func profileAndPostFieldsRefuseControlCharactersAndOverrides() throws {
        let result = try run("""
            login alice
            wonderland
            open wayfinder://settings/profile
            confirm
            name Mallory\u{1B}]2;owned\u{07}
            bio "Hello \u{202E}dlrow"
            save
            main
            compose
            title Bell\u{07}
            body Tab\there
            title Fine
            body Plain text.
            publish

            """)
        #expect(result.stderr == """
            wayfinder: error: the name cannot contain control characters or bidirectional overrides (found U+001B)
            wayfinder: error: the bio cannot contain control characters or bidirectional overrides (found U+202E)
            wayfinder: error: the title cannot contain control characters or bidirectional overrides (found U+0007)
            wayfinder: error: the text cannot contain control characters or bidirectional overrides (found U+0009)

            """)
        #expect(result.stdout.contains("Nothing to save."))
        #expect(result.stdout.contains("Published post 37."))
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}]2;owned"), "the escape sequence reached the terminal")

        let profile = try run("confirm\n", ["wayfinder://settings/profile"])
        #expect(profile.stdout.contains("Name: Alice Liddell"), "\(profile.stdout)")
        #expect(profile.stdout.contains("Bio:  Curiouser and curiouser."), "\(profile.stdout)")
        let post = try run("", ["open", "wayfinder://main/feed/post/37"])
        #expect(post.stdout.contains("Fine  [37]"), "\(post.stdout)")
    }
}
