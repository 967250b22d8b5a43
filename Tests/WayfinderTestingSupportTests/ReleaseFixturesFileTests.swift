import Foundation
import Testing
import Wayfinder
import WayfinderTesting

/// `ReleaseFixtures.expectRestores(stateFile:)` says why a state file cannot be checked: a
/// file that is not JSON is reported with the parser's reason.
@Suite struct ReleaseFixturesFileTests {
    @Test func aStateFileThatIsNotJSONIsReportedWithTheReason() throws {
        let graph = try RouteGraph(parsing: "scheme s\nflow f\nscreen home f root\n", file: "s.routes")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).json").path
        try Data("{\"navigation\": [".utf8).write(to: URL(fileURLWithPath: path))
        withKnownIssue {
            _ = ReleaseFixtures(graph: graph).expectRestores(stateFile: path)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("\(path): not JSON: ") && $0.rawValue.count > "\(path): not JSON: ".count }
        }
    }
}
