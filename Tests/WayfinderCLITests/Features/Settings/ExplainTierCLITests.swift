import Foundation
import Testing

/// `explain` of a link refused for a screen's tier: the whole link was read, so it shows the
/// segments and the screens, and names the tier as the reason; no other shape is blamed.
@Suite struct ExplainTierCLITests {
    @Test func aLinkThroughAnInternalScreenIsExplainedAsReadWhole() throws {
        let text = try CLI.run(["explain", "wayfinder://settings/logout"])
        #expect(text.status == 65)
        #expect(text.stdout.contains("segment 1   logout  a literal of 'logout'"), "\(text.stdout)")
        #expect(text.stdout.contains("stopped     in the entry tiers (the whole link read): it reaches an internal screen"))
        #expect(!text.stdout.contains("alias") && !text.stdout.contains("version"), "\(text.stdout)")
        let json = try CLI.run(["explain", "wayfinder://settings/logout", "--format", "json"])
        #expect(json.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let stop = try #require(object["stop"] as? [String: Any])
        #expect(stop["stage"] as? String == "entry")
        #expect(stop["after"] as? String == "logout")
        let segments = try #require(object["segments"] as? [[String: Any]])
        #expect(segments.map { $0["text"] as? String } == ["logout"])
        #expect((object["other_shapes"] as? [Any])?.isEmpty == true)
    }
}
