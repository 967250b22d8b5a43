import Testing
import Wayfinder
import WayfinderRouteTools

/// A screen's entry tier made stricter breaks the old links to it, which `changes(since:)`
/// names, unless the table says it is on purpose (`from V screen NAME entry TIER`).
@Suite struct EntryChangeDiffTests {
    static let older = """
        scheme t
        flow app
        screen home app root
        screen item app push item/{id:int} after home
        screen danger app sheet danger after item

        """

    static func newer(_ tier: String, _ lines: String = "") -> String {
        """
        scheme t
        version 2
        flow app
        screen home app root
        screen item app push item/{id:int} after home
        screen danger app sheet danger after item entry \(tier)
        \(lines)

        """
    }

    private func entryChange(_ newer: String, since older: String = Self.older) throws -> RouteChange {
        let changes = try RouteGraph(checking: newer, file: "new.routes").changes(since: try RouteGraph(checking: older, file: "old.routes"))
        return try #require(changes.first { $0.summary.hasPrefix("screen 'danger' entry") }, "\(changes.map(\.summary))")
    }

    @Test func aStricterTierIsBreakingAndNamesTheOldLinksAndTheLineThatWouldCoverIt() throws {
        let change = try entryChange(Self.newer("internal"))
        #expect(change.isBreaking)
        #expect(!change.isCovered)
        #expect(change.summary == "screen 'danger' entry outside → internal: links from outside to it are refused (old links: t://app/item/{id:int}/danger)")
        #expect(change.suggestedMigrations == ["from 1 screen danger entry outside"])
    }

    @Test func theSuggestedLineCoversIt() throws {
        let change = try entryChange(Self.newer("confirm", "from 1 screen danger entry outside"))
        #expect(change.isBreaking)
        #expect(change.isCovered)
        #expect(change.coveredBy.map(\.text) == ["from 1 screen danger entry outside"])
    }

    @Test func aLooserTierIsCompatible() throws {
        let change = try entryChange(Self.newer("outside"), since: Self.newer("internal").replacingVersion)
        #expect(!change.isBreaking)
        #expect(change.summary == "screen 'danger' entry internal → outside: links from outside open it at once")
    }

    @Test(arguments: [
        ("from 1 screen danger entry sometimes", "new.routes:7:28: unknown entry tier 'sometimes'; expected outside, confirm or internal"),
        ("from 1 screen nothing entry outside", "new.routes:7:15: screen 'nothing' is not in the table at this point"),
    ])
    func aBadEntryLineIsRefusedAtItsPlace(line: String, message: String) {
        do {
            _ = try RouteGraph(checking: Self.newer("internal", line), file: "new.routes")
            Issue.record("accepted: \(line)")
        } catch {
            #expect(error.diagnostics.first.map { String($0.description.prefix(message.count)) } == message, "\(error.diagnostics)")
        }
    }
}

private extension String {
    /// A table of version 1: the `version` line left out.
    var replacingVersion: String { replacing("version 2\n", with: "") }
}
