import Foundation
import Wayfinder
import WayfinderSystem

/// What users saved under earlier releases of an app — navigation states and links — kept
/// as fixtures, and checked against today's route table: each must carry over with nothing
/// dropped. (Whether every change since an earlier table is covered by a migration is the
/// route tools' `RouteGraph.changes(since:)`, `wayfinder routes diff` in a test.) The test a team adds so that a release cannot break its users' saved places.
///
/// ```swift
/// let fixtures = ReleaseFixtures(graph: AppRoutes.graph)
/// fixtures.expectRestores(stateFile: "Fixtures/0.2.0/navigation.json") {
///     $0.stacks["main/feed"]?[2] = Route("person", ["id": .int(2)])   // was user(id: 2)
/// }
/// fixtures.expectResolves("wayfinder://main/feed/post/42/user/7", to: "wayfinder://main/feed/post/42/people/7")
/// ```
/// Failures are reported at the caller's line, in Swift Testing (or XCTest).
public struct ReleaseFixtures: Sendable {
    /// Today's table.
    public let graph: RouteGraph

    /// Fixtures checked against `graph`.
    public init(graph: RouteGraph) {
        self.graph = graph
    }

    /// Checks that `state`, saved with version `version` of the table, restores with nothing
    /// dropped; and, when `expect` is given, to the state it describes: it is given the
    /// snapshot of `state` as saved and changes it as the migrations should (`$0.stacks[…]
    /// = …`), as ``NavigationTestStore`` describes each change.
    /// - Returns: The restored state, or `nil` when something was dropped.
    @discardableResult
    public func expectRestores(
        _ state: NavigationState, savedWith version: Int, _ expect: ((inout NavigationSnapshot) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> NavigationState? {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let restored = Navigator(graph: graph).restoration(of: state, savedWith: version)
        guard restored.dropped.isEmpty else {
            reportFailure("the saved state (version \(version)) lost part of itself:\n" + restored.dropped.map { "  - \($0)" }.joined(separator: "\n"), at: location)
            return nil
        }
        if let expect {
            let actual = NavigationSnapshot(restored.state)
            var expected = NavigationSnapshot(state)
            expect(&expected)
            let differences = actual.differences(from: expected)
            if !differences.isEmpty { reportFailure("the saved state restored differently:\n" + differences.joined(separator: "\n"), at: location) }
        }
        return restored.state
    }

    /// ``expectRestores(_:savedWith:_:fileID:filePath:line:column:)`` for a saved state file:
    /// JSON whose `navigation` member is the state and `routes` the table version it was
    /// saved with (1 when absent), as the sample app's `navigation.json` is.
    @discardableResult
    public func expectRestores(
        stateFile path: String, _ expect: ((inout NavigationSnapshot) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> NavigationState? {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let data = FileManager.default.contents(atPath: path) else {
            reportFailure("\(path): cannot be read", at: location)
            return nil
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: Array(data))
        } catch {
            reportFailure("\(path): not JSON: \(error)", at: location)
            return nil
        }
        var version = 1
        if let member = json.member("routes") {
            guard case .int(let number) = member else {
                reportFailure("\(path): 'routes' is not a version number", at: location)
                return nil
            }
            version = number
        }
        guard let navigation = json.member("navigation"), let decoded = NavigationState.decodedLeniently(from: navigation),
              decoded.problems.isEmpty else {
            reportFailure("\(path): holds no whole navigation state", at: location)
            return nil
        }
        return expectRestores(decoded.state, savedWith: version, expect, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that `link`, saved under an earlier release, resolves with today's table —
    /// to `expectedURL` (today's canonical form), when given.
    @discardableResult
    public func expectResolves(
        _ link: String, to expectedURL: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> ResolvedLink? {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let resolved: ResolvedLink
        do {
            resolved = try graph.resolve(link)
        } catch {
            reportFailure("\(link) no longer resolves: \(error.message)", at: location)
            return nil
        }
        if let expectedURL, resolved.url != expectedURL {
            reportFailure("\(link):\n  − expected \(expectedURL)\n  + actual   \(resolved.url)", at: location)
        }
        return resolved
    }
}
