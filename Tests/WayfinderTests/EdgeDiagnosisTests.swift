import Testing
import Wayfinder

/// "screen S cannot follow P" names the screen the segment reads as: the one the walk
/// would take there by precedence (literals, then typed parameters, then strings; longer
/// patterns first), not the first declared that matches.
@Suite struct EdgeDiagnosisTests {
    static let table = """
        scheme t
        flow p tabs a b
        screen ra p.a root
        screen rb p.b root
        screen s p push {x} after ra
        screen pair p push {n:int}/{m:int} after ra
        screen n p push {id:int} after ra
        screen w p push {sort:new|top} after ra
        screen lit p push new after ra
        screen files p push {path:rest} after ra
        """
    let graph = Fixtures.parse(table, file: "edges.routes")

    @Test(arguments: [
        ("t://p/b/x", "s"),
        ("t://p/b/7", "n"),
        ("t://p/b/7/8", "pair"),
        ("t://p/b/top", "w"),
        ("t://p/b/new", "lit"),
    ])
    func theScreenNamedIsTheOneTheSegmentReadsAs(link: String, screen: String) throws {
        do {
            _ = try graph.resolve(link)
            Issue.record("\(link) resolved")
        } catch {
            #expect(error.code == .edgeNotAllowed)
            #expect(error.segment == 2)
            let segment = link.split(separator: "/")[3]
            #expect(error.message == "segment 2 '\(segment)': screen '\(screen)' cannot follow 'rb'")
        }
        // After `ra`, where every one may follow, the same segments open that screen.
        let opened = try graph.resolve(link.replacingTab())
        #expect(opened.stack.last?.screen == screen)
    }
}

private extension String {
    /// The link in tab `a` instead of `b`.
    func replacingTab() -> String {
        "t://p/a/" + dropFirst("t://p/b/".count)
    }
}
