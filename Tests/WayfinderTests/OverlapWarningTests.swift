import Testing
import Wayfinder

/// Overlap warnings come in groups: one warning for the screens after one screen that are
/// joined by patterns that can match the same segments, naming them, so that a table where
/// every pattern overlaps every other gets one warning, not one for each pair.
@Suite struct OverlapWarningTests {
    static let suffix = "such a link has several readings, and states that print to one of them are refused"

    @Test func anOverlappingTableGivesOneWarningForEachGroupNamingEveryScreenOfIt() throws {
        // p1 … p4 are one group (p1 and p2, p1 and p3, p3 and p4 overlap); p5 and p6 another;
        // p7 overlaps nothing. After `hub`, the same groups are not said again.
        let graph = try RouteGraph(parsing: """
            scheme t
            flow app
            screen home app root
            screen hub  app push hub/x after home
            screen p1   app push a/{x:string} after home hub
            screen p2   app push a/b after home hub
            screen p3   app push {y:string}/c after home hub
            screen p4   app push about after home hub
            screen p5   app push {n:int}/{m:int} after home hub
            screen p6   app push {n:int}/{m:int}/e after home hub
            screen p7   app push zzz/zzz after hub
            """, file: "t.routes")
        #expect(graph.warnings.map(\.description) == [
            "t.routes:8:8: warning: after 'home', patterns 'a/{x:string}' (screen 'p1'), 'a/b' (screen 'p2'), '{y:string}/c' (screen 'p3') and 'about' (screen 'p4') can each match the same segments as another of them: \(Self.suffix)",
            "t.routes:10:8: warning: after 'home', patterns '{n:int}/{m:int}' (screen 'p5') and '{n:int}/{m:int}/e' (screen 'p6') can match the same segments: \(Self.suffix)",
        ])
        // Links still resolve by precedence.
        #expect(try graph.resolve("t://app/a/b").stack.last?.screen == "p2")
        #expect(try graph.resolve("t://app/a/c").stack.last?.screen == "p1")
    }

    @Test func anAliasGetsOneWarningNamingEveryPatternReadFirst() throws {
        let graph = try RouteGraph(parsing: """
            scheme t
            flow f
            screen home f root
            screen page f push p/{name:string} after home
            screen any  f push {what:string} after home
            screen pair f push {a:string}/{b:string} after home
            screen post f push post/{id:int} after home
            alias post p/{id:int}
            """, file: "a.routes")
        #expect(graph.warnings.map(\.description).contains(
            "a.routes:8:1: warning: after 'home', alias 'p/{id:int}' of screen 'post' can match the same segments as 'p/{name:string}' (screen 'page'), '{what:string}' (screen 'any') and '{a:string}/{b:string}' (screen 'pair'), which are read first: the alias does not open such links"
        ), "\(graph.warnings)")
    }

    /// A star table of `count` screens after `home` whose patterns all overlap
    /// (`Benchmarks/scripts/overlap_table.py`'s): sets sharing the word `a`, strings and `a`.
    static func star(_ count: Int) -> String {
        let shapes = ["{w:a|c#}", "{w:a|c#}/{s:string}", "{s:string}/{w:a|c#}", "{w:a|c#}/{v:a|d#}", "a/{w:a|c#}"]
        var lines = ["scheme star", "flow app", "screen home app root"]
        for index in 0..<count {
            let pattern = shapes[index % shapes.count].replacingOccurrences(of: "#", with: "\(index)")
            lines.append("screen s\(index) app push \(pattern) after home")
        }
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [5, 40, 200, 800])
    func theWarningsOfATableWhereEveryPatternOverlapsGrowAtMostLinearly(screens count: Int) throws {
        let graph = try RouteGraph(parsing: Self.star(count), file: "star.routes")
        let warnings = graph.warnings.map(\.description)
        // count × (count - 1) / 2 pairs, one group: one warning, naming at most 10 patterns.
        #expect(warnings.count <= count)
        #expect(warnings.reduce(0) { $0 + $1.count } <= 200 * count)
        #expect(warnings.count == 1)
        let more = count > 10 ? " and \(count - 8) more" : ""
        #expect(warnings.first?.contains("(screen 's\(min(count, 8) - 1)')\(more) can each match") == true, "\(warnings)")
        #expect(try graph.resolve("star://app/a").stack.last?.screen == "s0")
    }
}
