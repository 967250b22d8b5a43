import Foundation
import Testing

/// A link in an alias's or an earlier version's shape whose path reads there but whose query
/// is wrong is refused for its query, not for the segment today's patterns do not read.
@Suite struct OtherShapeQueryCLITests {
    @Test(arguments: [
        ("wayfinder://main/me/p/7?zz=1", "wayfinder: error: undeclared query parameter 'zz' in flow 'main'\n"),
        ("wayfinder://main/feed/post/4/user/7?zz=1", "wayfinder: error: undeclared query parameter 'zz' in flow 'main'\n"),
    ])
    func aBadQueryIsBlamedOnTheQuery(link: String, message: String) throws {
        let resolved = try CLI.run(["resolve", link])
        #expect(resolved.status == 65)
        #expect(resolved.stderr == message)
        let explained = try CLI.run(["explain", link, "--format", "json"])
        #expect(explained.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
        #expect((object["stop"] as? [String: Any])?["stage"] as? String == "query", "\(explained.stdout)")
    }
}
