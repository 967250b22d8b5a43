import Testing
import Wayfinder

/// On tables with overlap warnings, a link's reading may go through a state that, cut
/// short, would read as another: the state a link opens is still one that restoring keeps
/// whole, as its link reads back as itself.
@Suite struct OverlapRestorationTests {
    /// `{x}` and `{n:int}` both follow `home` (a warning): `t://p/1/b` reads as
    /// `s1(1) > s1(b)`, since `s2(1)` cannot go on to `b`; but `t://p/1` alone reads as `s2(1)`.
    static let table = """
        scheme t
        flow p
        screen home p root
        screen s0 p push a/{x} after s0 home s1
        screen s1 p push {x} after s1 home s0
        screen s2 p push {n:int} after s2 s0 home
        screen sh p sheet sheet after s1
        """
    let graph = Fixtures.parse(table, file: "overlap.routes")

    @Test func theTableHasOverlapWarnings() {
        #expect(!graph.warnings.isEmpty)
    }

    @Test func aStateALinkOpenedIsValidAndRestoresWhole() throws {
        var navigator = Navigator(graph: graph)
        try navigator.open("t://p/1/b")
        #expect(navigator.state.activeStack?.path.map(\.route) == [Route("s1", ["x": .string("1")]), Route("s1", ["x": .string("b")])])
        #expect(navigator.problems(in: navigator.state) == [])
        var restored = Navigator(graph: graph)
        try restored.restore(navigator.state)
        #expect(restored.state == navigator.state)
        #expect(restored.restoreNearest(to: navigator.state) == [])
        #expect(restored.url == "t://p/1/b")
    }

    @Test func everyStateALinkOpensIsValid() {
        let words = ["a", "b", "1", "2", "sheet"]
        var links = [""]
        for _ in 0..<3 { links += links.flatMap { prefix in words.map { prefix + "/" + $0 } } }
        var opened = 0
        for path in Set(links) {
            var navigator = Navigator(graph: graph)
            guard (try? navigator.open("t://p" + path)) != nil else { continue }
            opened += 1
            #expect(navigator.problems(in: navigator.state) == [], "t://p\(path)")
            #expect(navigator.nearestValidState(to: navigator.state).state == navigator.state, "t://p\(path)")
        }
        #expect(opened > 20)
    }

    @Test func aStateThatReadsAsAnotherIsStillCutToWhatReadsBack() throws {
        var navigator = Navigator(graph: graph)
        try navigator.open("t://p/1/b")
        var state = navigator.state
        // `s1(1) > s1(2)` prints as `t://p/1/2`, which reads as `s2(1) > s2(2)`; so does its
        // prefix `s1(1)`: only the root is kept.
        state.flows["p"]?.stacks[FlowState.singleStack]?.path[1].route = Route("s1", ["x": .string("2")])
        let (nearest, problems) = navigator.nearestValidState(to: state)
        #expect(nearest.activeStack?.path == [])
        #expect(problems == ["p: refused: p would print as 't://p/1', which reads as home > s2(n: 1)"])
    }

    @Test func aPresentationThatDoesNotReadBackIsDroppedBeforeAnyScreen() throws {
        var navigator = Navigator(graph: graph)
        try navigator.open("t://p/b/sheet")
        #expect(navigator.problems(in: navigator.state) == [])
        var state = navigator.state
        // `s1(1)` with the sheet prints as `t://p/1/sheet`, which reads as `s1(1)` with it
        // (s2 cannot go on to the sheet), while `s1(1)` alone reads as `s2(1)`.
        state.flows["p"]?.stacks[FlowState.singleStack]?.path[0].route = Route("s1", ["x": .string("1")])
        #expect(navigator.problems(in: state) == [])
        // With `s1(a)`, it prints as `t://p/a/sheet`, which reads as `s0(sheet)`: the sheet
        // goes, and `s1(a)` stays, since `t://p/a` reads back as it.
        state.flows["p"]?.stacks[FlowState.singleStack]?.path[0].route = Route("s1", ["x": .string("a")])
        let (nearest, problems) = navigator.nearestValidState(to: state)
        #expect(nearest.activeStack?.path.map(\.route) == [Route("s1", ["x": .string("a")])])
        #expect(nearest.activeStack?.presentation == nil)
        #expect(problems == ["p: refused: p would print as 't://p/a/sheet', which reads as home > s0(x: sheet)"])
    }
}
