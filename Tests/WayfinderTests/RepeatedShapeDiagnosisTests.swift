import Testing
import Wayfinder

/// "screen S cannot follow P" in a table that repeats its shapes section after section:
/// among screens of one pattern (parameter names aside), the one named is still the first
/// by precedence, which breaks the tie by name, whatever the declaration order.
@Suite struct RepeatedShapeDiagnosisTests {
    static let table = """
        scheme t
        flow p tabs a b
        screen ra p.a root
        screen rb p.b root
        screen zed p push zed after ra
        screen ant p push ant after ra
        screen zedItem p push {z:int} after zed
        screen antItem p push {a:int} after ant
        screen zedPost p push post/{id:int} after zed
        screen antPost p push post/{n:int} after ant
        screen antNote p push {text} after ant
        """
    let graph = Fixtures.parse(table, file: "repeated.routes")

    @Test(arguments: [
        ("t://p/b/7", "antItem"),
        ("t://p/b/post/7", "antPost"),
        ("t://p/b/post", "antNote"),
        ("t://p/b/x", "antNote"),
    ])
    func theScreenNamedIsTheFirstOfItsPatternByPrecedence(link: String, screen: String) {
        do {
            _ = try graph.resolve(link)
            Issue.record("\(link) resolved")
        } catch {
            #expect(error.code == .edgeNotAllowed)
            let segment = link.split(separator: "/")[3]
            #expect(error.message == "segment 2 '\(segment)': screen '\(screen)' cannot follow 'rb'")
        }
    }

    @Test func aLaterScreenOfTheSamePatternStillResolvesWhereItMayFollow() throws {
        let opened = try graph.resolve("t://p/a/zed/post/7")
        #expect(opened.stack.map(\.screen) == ["ra", "zed", "zedPost"])
    }
}
