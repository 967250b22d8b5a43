import Foundation
import Testing
import Wayfinder
import WayfinderRouteTools

/// Bad `.routes` files: each refused with its first diagnostic at its place, and no graph.
@Suite struct BadRoutesTableTests {
    struct RoutesCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        /// `file:line:column: message` of the first diagnostic.
        let first: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ first: String) {
            self.name = name
            self.text = text
            self.first = first
        }
    }

    /// Lines 1–3 of most cases: a scheme, a flow and its root.
    static let header = "scheme x\nflow app\nscreen home app root\n"

    static let routesCases: [RoutesCase] = [
        RoutesCase("missing scheme", "flow app\nscreen home app root",
                   "t.routes:1:1: missing 'scheme' line, such as 'scheme wayfinder'"),
        RoutesCase("scheme declared twice", "scheme x\nscheme y\nflow app\nscreen home app root",
                   "t.routes:2:1: scheme declared twice (first at t.routes:1:8)"),
        RoutesCase("no flows", "scheme x",
                   "t.routes:1:1: no flows declared; add at least one 'flow NAME' line"),
        RoutesCase("duplicate flow", "scheme x\nflow app\nflow app\nscreen home app root",
                   "t.routes:3:6: duplicate flow 'app' (first declared at t.routes:2:6)"),
        RoutesCase("duplicate screen", header + "screen home app push h after home",
                   "t.routes:4:8: duplicate screen 'home' (first declared at t.routes:3:8)"),
        RoutesCase("duplicate tab", "scheme x\nflow app tabs a b a\nscreen ra app.a root\nscreen rb app.b root",
                   "t.routes:2:19: duplicate tab 'a' in flow 'app'"),
        RoutesCase("duplicate guard", "scheme x\nguard g else app\nguard g else app\nflow app\nscreen home app root",
                   "t.routes:3:7: duplicate guard 'g' (first declared at t.routes:2:7)"),
        RoutesCase("unknown flow (did you mean)", header + "screen r ap root",
                   "t.routes:4:10: unknown flow 'ap'; did you mean 'app'?"),
        RoutesCase("flow without a root", "scheme x\nflow app\nflow other\nscreen home app root",
                   "t.routes:3:6: flow 'other' has no root screen; add 'screen NAME other root'"),
        RoutesCase("flow name not lower case", "scheme x\nflow app\nflow Other\nscreen home app root",
                   "t.routes:3:6: flow name 'Other' must be lower case: it is the link's host, which is compared case-insensitively"),
        RoutesCase("unknown guard (did you mean)",
                   "scheme x\nguard signed-in else app\nflow app\nflow main guard signed-on\nscreen home app root\nscreen m main root",
                   "t.routes:4:17: unknown guard 'signed-on'; declare it with 'guard signed-on else FLOW'; did you mean 'signed-in'?"),
        RoutesCase("unknown fallback flow of a guard", "scheme x\nguard g else nowhere\nflow app\nscreen home app root",
                   "t.routes:2:14: unknown flow 'nowhere' as the fallback of guard 'g'"),
        RoutesCase("guarded fallback flow",
                   "scheme x\nguard g else app\nflow open\nflow app guard g\nscreen o open root\nscreen home app root",
                   "t.routes:2:14: guard 'g' falls back to flow 'app', which is itself guarded; the fallback must be open to everyone"),
        RoutesCase("guarded first flow",
                   "scheme x\nguard g else app\nflow main guard g\nflow app\nscreen m main root\nscreen home app root",
                   "t.routes:3:6: the first flow, 'main', is where the app starts and cannot be guarded; declare an open flow first"),
        RoutesCase("root with a pattern", "scheme x\nflow app\nscreen home app root home",
                   "t.routes:3:22: root screen 'home' takes no pattern: its URL is the flow name"),
        RoutesCase("push without a pattern", header + "screen a app push after home",
                   "t.routes:4:8: push screen 'a' needs a URL pattern, such as 'a' or 'a/{id:int}'"),
        RoutesCase("push without after", header + "screen a app push a",
                   "t.routes:4:8: push screen 'a' needs 'after SCREEN...' naming the screens it may follow"),
        RoutesCase("unknown predecessor (did you mean)", header + "screen a app push a after hom",
                   "t.routes:4:27: unknown predecessor 'hom' of screen 'a'; did you mean 'home'?"),
        RoutesCase("cross-flow predecessor",
                   "scheme x\nflow app\nflow other\nscreen home app root\nscreen o other root\nscreen a other push a after o home",
                   "t.routes:6:31: predecessor 'home' belongs to flow 'app', but 'a' belongs to 'other'; links cannot cross flows"),
        RoutesCase("following a sheet", header + "screen s app sheet s after home\nscreen b app push b after home s",
                   "t.routes:5:32: 's' is a sheet; nothing can follow a sheet or alert"),
        RoutesCase("following an alert", header + "screen s app alert s after home\nscreen b app push b after home s",
                   "t.routes:5:32: 's' is an alert; nothing can follow a sheet or alert"),
        RoutesCase("ambiguous same-shape patterns", header + "screen a app push {x:int} after home\nscreen b app push {y:int} after home",
                   "t.routes:5:19: ambiguous pattern '{y:int}': after 'home' it matches the same links as screen 'a' (at t.routes:4:8)"),
        RoutesCase("unreachable screens", header + "screen a app push a after b\nscreen b app push b after a",
                   "t.routes:4:8: screen 'a' cannot be reached from any root: its predecessors only lead back to each other"),
        RoutesCase("query key duplicated in a flow",
                   header + "screen a app push a after home query k:int\nscreen b app push b after home query k:int",
                   "t.routes:5:38: query parameter 'k' is declared also by screen 'a' at t.routes:4:8; query keys must be unique within flow 'app'"),
        RoutesCase("required query on a root", "scheme x\nflow app\nscreen home app root query q:string",
                   "t.routes:3:28: query parameter 'q' of root screen 'home' must be optional (write 'q:string?'): a root is shown without a link"),
        RoutesCase("query screen that follows itself",
                   "scheme x\nflow f\nscreen home f root\nscreen find f push find after home find query term:string",
                   "t.routes:4:8: screen 'find' declares query parameters and can appear twice in one stack (it can follow itself through its successors): its query keys would repeat in a link; move the query to a screen that cannot repeat"),
        RoutesCase("query screen on a longer cycle",
                   "scheme x\nflow f\nscreen home f root\nscreen find f push find after home item query term:string?\nscreen item f push item/{n:int} after find",
                   "t.routes:4:8: screen 'find' declares query parameters and can appear twice in one stack (it can follow itself through its successors): its query keys would repeat in a link; move the query to a screen that cannot repeat"),
        RoutesCase("digit literal beside an int parameter",
                   "scheme x\nflow f\nscreen root f root\nscreen seven f push item/7 after root\nscreen item f push item/{n:int} after root",
                   "t.routes:5:8: after 'root', 'item/7' (screen 'seven') and 'item/{n:int}' (screen 'item') compete for the same segments, and one's literal reads as the other's int, double or uuid value, which has other spellings; write the literal as a word"),
        RoutesCase("unknown keyword", header + "route a app push a after home",
                   "t.routes:4:1: unknown directive 'route'; expected scheme, web, guard, flow, screen, version, from or alias"),
        RoutesCase("unknown screen kind", header + "screen a app sideways a after home",
                   "t.routes:4:14: unknown screen kind 'sideways'; expected root, push, sheet or alert"),
        RoutesCase("bad parameter type {x:float}", header + "screen a app push a/{x:float} after home",
                   "t.routes:4:21: unknown parameter type 'float'; expected int, string, uuid, bool, double, date, rest, or two or more words separated by '|' (new|top|hot)"),
        RoutesCase("unclosed brace", header + "screen a app push a/{id after home",
                   "t.routes:4:21: unclosed parameter '{id'; write it as {name:type}"),
    ]

    @Test(arguments: routesCases)
    func badRoutesFileIsRefusedAtItsPlace(_ bad: RoutesCase) {
        do {
            let graph = try RouteGraph(checking: bad.text, file: "t.routes")
            Issue.record("parsed: \(graph.screens.count) screens")
        } catch {
            #expect(!error.diagnostics.isEmpty)
            #expect(error.diagnostics.first?.description == bad.first, "all: \(error.diagnostics.map(\.description))")
            #expect(error.diagnostics.first?.location.file == "t.routes")
            #expect(error.description.hasPrefix(bad.first))
        }
    }
}
