import Foundation
import Testing

/// What a user does in Settings is there the next run (removed with the Settings feature).
extension PersistenceEndToEndTests {
    @Test func whatAUserDoesIsThereTheNextTime() throws {
        let first = try run("""
            login alice
            wonderland
            compose
            title A post that stays
            body Written in the first run.
            publish
            open wayfinder://main/feed/post/4
            like
            settings
            profile
            name Alice Persisted
            save
            quit

            """)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Published post 37."))
        let second = try run("where\nstate\nopen wayfinder://main/feed/post/37\nopen wayfinder://main/feed/post/4\nopen wayfinder://settings/profile\nconfirm\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.isEmpty)
        let lines = second.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "wayfinder://settings/profile", "the second run starts where the first ended")
        #expect(lines.contains { $0.contains("\"user\":\"alice\"") }, "still signed in")
        #expect(second.stdout.contains("A post that stays  [37]"))
        #expect(second.stdout.contains("♥ 3 likes"), "the like is there")
        #expect(second.stdout.contains("Name: Alice Persisted"))
        let json = try CLI.run(["open", "wayfinder://main/feed/post/3", "--format", "json"], environment: ["WAYFINDER_HOME": home])
        #expect(json.stdout.hasPrefix("{\"url\":\"wayfinder://main/feed/post/3\""), "open uses the saved session")
    }
}
