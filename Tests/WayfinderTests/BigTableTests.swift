import Testing
import Wayfinder

/// Tables the benchmark does not generate: a star (800 screens after one root) and a dense
/// table (200 screens, each of which may follow every other). Their overlaps are grouped
/// without comparing every pair, and their links walked without trying every successor of
/// every screen at every segment: what is checked here is that the answers are the same as
/// for any table.
@Suite struct BigTableTests {
    /// `count` screens after `home`: `s0` … with `pattern(i)`, and one `{x}` screen, which
    /// overlaps every literal one.
    static func star(_ count: Int, pattern: (Int) -> String) -> String {
        var lines = ["scheme t", "flow app", "screen home app root", "screen any app push {x}/end after home"]
        for index in 0..<count { lines.append("screen s\(index) app push \(pattern(index)) after home") }
        return lines.joined(separator: "\n")
    }

    /// `count` screens `s0` …, each after `home` and after every one of them.
    static func dense(_ count: Int, pattern: (Int) -> String) -> String {
        let names = (0..<count).map { "s\($0)" }.joined(separator: " ")
        var lines = ["scheme t", "flow app", "screen home app root"]
        for index in 0..<count { lines.append("screen s\(index) app push \(pattern(index)) after home \(names)") }
        return lines.joined(separator: "\n")
    }

    @Test func aStarTableWarnsOnceOfTheScreensThatOverlapAndOfNoOther() throws {
        // `s<i>/end` overlaps `{x}/end`; `s<i>/{id:int}` does not (end is not an int).
        let graph = try RouteGraph(parsing: Self.star(800) { $0 % 2 == 0 ? "s\($0)/end" : "s\($0)/{id:int}" })
        let warnings = graph.warnings.map(\.message)
        // One group, `any` and the 400 even screens: 8 named, 393 more.
        #expect(warnings.count == 1)
        let named = ["'{x:string}/end' (screen 'any')"] + stride(from: 0, to: 14, by: 2).map { "'s\($0)/end' (screen 's\($0)')" }
        #expect(warnings.first?.hasPrefix("warning: after 'home', patterns \(named.joined(separator: ", ")) and 393 more can each match") == true, "\(warnings)")
        #expect(try graph.resolve("t://app/s799/7").stack.last?.screen == "s799")
        #expect(try graph.resolve("t://app/s798/end").stack.last?.screen == "s798")
        #expect(try graph.resolve("t://app/s799/end").stack.last?.screen == "any")
    }

    @Test func aDenseTableWarnsOnceOfItsOneGroup() throws {
        // Every two sets share `a` and `b`: 200 × 199 / 2 pairs, one group, said once.
        let graph = try RouteGraph(parsing: Self.dense(200) { "{w:a|b|c\($0)}" })
        let warnings = graph.warnings
        #expect(warnings.count == 1)
        let named = (0..<8).map { "'{w:a|b|c\($0)}' (screen 's\($0)')" }.joined(separator: ", ")
        #expect(warnings.first?.message.hasPrefix("warning: after 'home', patterns \(named) and 192 more can each match") == true)
    }

    @Test func aDenseTableResolvesByPrecedenceAndNamesWhatFails() throws {
        let graph = try RouteGraph(parsing: Self.dense(200) { "{w:a|b|c\($0)}" })
        let link = try graph.resolve("t://app/a/b/a/b/c7")
        #expect(link.stack.map(\.screen) == ["home", "s0", "s0", "s0", "s0", "s7"])
        #expect(link.url == "t://app/a/b/a/b/c7")
        do {
            _ = try graph.resolve("t://app/a/a/a/a/x")
            Issue.record("resolved")
        } catch {
            #expect(error.message == "segment 5 'x': 'w' of screen 's0' must be one of a, b or c0")
        }
    }

    @Test func aDenseTableOfLiteralAndTypedPatternsResolvesEveryStep() throws {
        let graph = try RouteGraph(parsing: Self.dense(200) { "{a:int}/s\($0)" })
        #expect(graph.warnings.isEmpty)
        let link = try graph.resolve("t://app/1/s1/2/s2/3/s3/4/s4/5/s199")
        #expect(link.stack.map(\.screen) == ["home", "s1", "s2", "s3", "s4", "s199"])
        #expect(link.stack.last?.parameters["a"] == .int(5))
        do {
            _ = try graph.resolve("t://app/1/s1/2/s2/3/nope")
            Issue.record("resolved")
        } catch {
            #expect(error.message == "segment 5 '3' names no screen that can follow 's2'")
        }
    }
}
