import Foundation
import Testing
import Wayfinder
import WayfinderRouteTools

/// The parameter types beyond int, string and uuid: `bool`, `double`, sets of words
/// (`{sort:new|top|hot}`) and the rest of the path (`{path:rest}`): what resolves, what is
/// refused and why, precedence, printing, the saved form, and the round trip.
@Suite struct RichParameterTests {
    static let table = """
        scheme shop
        flow store
        screen home     store root
        screen list     store push   list/{sort:new|top|hot}   after home   query min:double? archived:bool? order:asc|desc=asc
        screen named    store push   list/{name}               after home
        screen price    store push   price/{amount:double}     after home
        screen flag     store push   flag/{on:bool}            after home
        screen files    store push   files/{path:rest}         after home
        screen sorted   store push   sorted/{by:name|date}     after home
        screen item     store push   item/{id:int}             after list
        screen preview  store sheet  preview/{path:rest}       after list item
        """

    let graph = Fixtures.parse(table, file: "shop.routes")

    /// The message refusing `link`.
    private func refusal(_ link: String) -> String? {
        do {
            _ = try graph.resolve(link)
            return nil
        } catch {
            return error.message
        }
    }

    // MARK: Links that resolve

    @Test(arguments: [
        ("shop://store/list/top", Route("list", ["sort": .string("top"), "order": .string("asc")]), "shop://store/list/top"),
        ("shop://store/list/hot?min=0.50&archived=false&order=desc",
         Route("list", ["sort": .string("hot"), "min": .double(0.5), "archived": .bool(false), "order": .string("desc")]),
         "shop://store/list/hot?min=0.5&archived=false&order=desc"),
        ("shop://store/price/007.250", Route("price", ["amount": .double(7.25)]), "shop://store/price/7.25"),
        ("shop://store/price/-0.0", Route("price", ["amount": .double(0)]), "shop://store/price/0"),
        ("shop://store/price/100000000000000000000", Route("price", ["amount": .double(1e20)]), "shop://store/price/100000000000000000000"),
        ("shop://store/price/0.00001", Route("price", ["amount": .double(1e-5)]), "shop://store/price/0.00001"),
        ("shop://store/price/0.30000000000000004", Route("price", ["amount": .double(0.1 + 0.2)]), "shop://store/price/0.30000000000000004"),
        ("shop://store/flag/true", Route("flag", ["on": .bool(true)]), "shop://store/flag/true"),
        ("shop://store/flag/%66alse", Route("flag", ["on": .bool(false)]), "shop://store/flag/false"),
        ("shop://store/files/a/b%2Fc/%C3%A9", Route("files", ["path": .segments(["a", "b/c", "é"])]), "shop://store/files/a/b%2Fc/%C3%A9"),
        ("shop://store/files/one", Route("files", ["path": .segments(["one"])]), "shop://store/files/one"),
    ])
    func aLinkReadsAsTypedValuesAndPrintsCanonically(link: String, route: Route, canonical: String) throws {
        let resolved = try graph.resolve(link)
        #expect(resolved.stack == [Route("home"), route])
        #expect(resolved.url == canonical)
        #expect(try graph.resolve(canonical) == resolved)
    }

    @Test func aWordOfASetBeatsAStringAndARestParameterTakesTheRestOfThePath() throws {
        #expect(try graph.resolve("shop://store/list/new").stack.last?.screen == "list")
        #expect(try graph.resolve("shop://store/list/newer").stack.last == Route("named", ["name": .string("newer")]))
        let sheet = try graph.resolve("shop://store/list/top/item/4/preview/x/y/z")
        #expect(sheet.stack.map(\.screen) == ["home", "list", "item"])
        #expect(sheet.presentation?.route == Route("preview", ["path": .segments(["x", "y", "z"])]))
    }

    @Test func jsonShowsEachTypeAsItsJSONType() throws {
        let list = try graph.resolve("shop://store/list/top?min=2.5&archived=true")
        #expect(list.jsonValue.serialized.contains(#"{"screen":"list","params":{"sort":"top","min":2.5,"archived":true,"order":"asc"}}"#))
        let files = try graph.resolve("shop://store/files/a/b%2Fc")
        #expect(files.jsonValue.serialized.contains(#"{"screen":"files","params":{"path":["a","b/c"]}}"#))
    }

    // MARK: Links refused, with their documented message

    @Test(arguments: [
        ("shop://store/sorted/Name", "segment 2 'Name': 'by' of screen 'sorted' must be one of name or date"),
        ("shop://store/flag/True", "segment 2 'True': 'on' of screen 'flag' must be a bool"),
        ("shop://store/flag/1", "segment 2 '1': 'on' of screen 'flag' must be a bool"),
        ("shop://store/price/1e5", "segment 2 '1e5': 'amount' of screen 'price' must be a double"),
        ("shop://store/price/NaN", "segment 2 'NaN': 'amount' of screen 'price' must be a double"),
        ("shop://store/price/inf", "segment 2 'inf': 'amount' of screen 'price' must be a double"),
        ("shop://store/price/1.", "segment 2 '1.': 'amount' of screen 'price' must be a double"),
        ("shop://store/price/.5", "segment 2 '.5': 'amount' of screen 'price' must be a double"),
        ("shop://store/price/+1", "segment 2 '+1': 'amount' of screen 'price' must be a double"),
        ("shop://store/list/top?archived=yes", "'yes': 'archived' of screen 'list' must be a bool"),
        ("shop://store/list/top?min=0x10", "'0x10': 'min' of screen 'list' must be a double"),
        ("shop://store/list/top?order=up", "'up': 'order' of screen 'list' must be one of asc or desc"),
        ("shop://store/files", "segment 1 'files': the link ends inside screen 'files' (files/{path:rest}): 'path' (rest) is missing"),
        ("shop://store/files/a//b", "empty path segment 3 ('//')"),
    ])
    func aValueOfTheWrongFormIsRefused(link: String, message: String) {
        #expect(refusal(link) == message)
    }

    @Test func aDoubleWhosePrintedFormWouldBeOverTheSegmentLimitIsRefused() {
        // 256 nines round to 1e256, which prints as 257 digits.
        #expect(refusal("shop://store/price/" + String(repeating: "9", count: 256))?.hasSuffix("'amount' of screen 'price' must be a double") == true)
        let fits = "shop://store/price/" + String(repeating: "9", count: 255)
        #expect(refusal(fits) == nil)
    }

    // MARK: Intents, the saved form, the round trip

    @Test func intentsRefuseValuesTheTypeDoesNotHold() throws {
        var navigator = Navigator(graph: graph)
        let cases: [(Route, String)] = [
            (Route("price", ["amount": .double(.nan)]), "'amount' of 'price' must be a double"),
            (Route("price", ["amount": .double(.infinity)]), "'amount' of 'price' must be a double"),
            (Route("price", ["amount": .double(1e300)]), "'amount' of 'price' prints as 301 characters; a segment holds 256 at most"),
            (Route("flag", ["on": .string("true")]), "'on' of 'flag' must be a bool"),
            (Route("list", ["sort": .string("old")]), "'sort' of 'list' must be one of new, top or hot"),
            (Route("files", ["path": .segments([])]), "'path' of 'files' must be a path of one or more segments"),
            (Route("files", ["path": .segments(["a", ""])]), "'path' of 'files' must be a path of one or more segments"),
            (Route("files", ["path": .segments(["a", "b\u{7}"])]), "'path' of 'files' must be 1 to 256 bytes without control characters in each segment"),
        ]
        for (route, message) in cases {
            let before = navigator.state
            #expect(throws: NavigationError.self) { try navigator.push(route) }
            do { try navigator.push(route) } catch { #expect(error.message == message) }
            #expect(navigator.state == before)
        }
    }

    @Test func theSavedFormKeepsEveryType() throws {
        var navigator = Navigator(graph: graph)
        try navigator.open("shop://store/list/top/item/7/preview/a%2Fb/c?min=7&archived=true")
        let data = try JSONEncoder().encode(navigator.state)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""min":{"double":7}"#))
        #expect(text.contains(#""archived":true"#))
        #expect(text.contains(#""path":["a\/b","c"]"#) || text.contains(#""path":["a/b","c"]"#))
        let decoded = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(decoded == navigator.state)
        var restored = Navigator(graph: graph)
        try restored.restore(decoded)
        #expect(restored.url == navigator.url)
        #expect(restored.url == "shop://store/list/top/item/7/preview/a%2Fb/c?min=7&archived=true")
    }

    /// Random values of every new type, pushed by intents: the printed link reads back as
    /// the state, or the intent was refused and changed nothing.
    @Test func everyStateReachedByIntentsPrintsToALinkThatReadsBackAsIt() throws {
        var rng = SeededGenerator(seed: 17)
        let texts = ["a", "b/c", "é", "50%", "x y", "~._-", "true", "7"]
        for _ in 0..<400 {
            var navigator = Navigator(graph: graph)
            let first: Route = switch Int.random(in: 0..<4, using: &rng) {
            case 0: Route("price", ["amount": .double(Double.random(in: -1e12...1e12, using: &rng) / [1, 7, 1e9].randomElement(using: &rng)!)])
            case 1: Route("flag", ["on": .bool(Bool.random(using: &rng))])
            case 2: Route("files", ["path": .segments((0..<Int.random(in: 1...4, using: &rng)).map { _ in texts.randomElement(using: &rng)! })])
            default: Route("list", [
                "sort": .string(["new", "top", "hot"].randomElement(using: &rng)!),
                "order": .string(["asc", "desc"].randomElement(using: &rng)!),
                "min": .double(Double(Int.random(in: -1000...1000, using: &rng)) / 8),
                "archived": .bool(Bool.random(using: &rng)),
            ])
            }
            do {
                try navigator.push(first)
            } catch {
                Issue.record("\(first) refused: \(error)")
                continue
            }
            if first.screen == "list", Bool.random(using: &rng) {
                try navigator.present(Route("preview", ["path": .segments([texts.randomElement(using: &rng)!, "z"])]))
            }
            let resolved = try graph.resolve(navigator.url)
            #expect(resolved.stack == navigator.state.activeStack.map { [$0.root] + $0.path.map(\.route) }, "\(navigator.url)")
            #expect(resolved.presentation?.route == navigator.state.presentation?.route, "\(navigator.url)")
            #expect(resolved.url == navigator.url)
        }
    }

    // MARK: The table's rules

    @Test(arguments: [
        ("screen f store push f/{p:rest}/more after home", "t.routes:4:23: the rest parameter '{p:rest}' must be the last segment of its pattern: it takes the rest of the path"),
        ("screen f store push f/{p:rest} after home\nscreen g store push g after f", "t.routes:5:29: 'f' ends with the rest parameter '{p:rest}', which takes the rest of the link; nothing can follow it"),
        ("screen f store push f after home query p:rest?", "t.routes:4:40: query parameter 'p' cannot be a rest parameter; {NAME:rest} ends a path pattern"),
        ("screen f store push f/{s:new|top|new} after home", "t.routes:4:23: 'new' appears twice in 'new|top|new'"),
        ("screen f store push f/{s:new|a/b} after home", "t.routes:4:23: unclosed parameter '{s:new|a'; write it as {name:type}"),
        ("screen f store push f/{s:new|} after home", "t.routes:4:23: invalid word '' in 'new|': a word of a set holds letters, digits, '-', '_', '.' or '~'"),
        ("screen f store push f/{s:nope} after home", "t.routes:4:23: unknown parameter type 'nope'; expected int, string, uuid, bool, double, date, rest, or two or more words separated by '|' (new|top|hot)"),
        ("screen f store push f after home query s:new|top=old", "t.routes:4:50: default 'old' of query parameter 's' is not one of new or top"),
        ("screen f store push f after home query b:bool=yes", "t.routes:4:47: default 'yes' of query parameter 'b' is not a bool"),
        ("screen f store push f after home query d:double=1e3", "t.routes:4:49: default '1e3' of query parameter 'd' is not a double"),
        ("screen f store push f/1.5 after home\nscreen g store push f/{x:double} after home", "t.routes:5:8: after 'home', 'f/1.5' (screen 'f') and 'f/{x:double}' (screen 'g') compete for the same segments, and one's literal reads as the other's int, double or uuid value, which has other spellings; write the literal as a word"),
        ("screen f store push {n:int} after home\nscreen g store push {x:double} after home", "t.routes:5:8: after 'home', '{n:int}' (screen 'f') and '{x:double}' (screen 'g') compete for the same segments, and a value one reads in another of its spellings (7.0 for the double 7, 07 for the int 7) prints as the other's; tell them apart by a literal"),
        ("screen f store push {n:int} after home\nscreen g store push {w:one|7} after home", "t.routes:5:8: after 'home', '{n:int}' (screen 'f') and '{w:one|7}' (screen 'g') compete for the same segments, and a value one reads in another of its spellings (7.0 for the double 7, 07 for the int 7) prints as the other's; tell them apart by a literal"),
    ])
    func aTableBreakingTheRulesIsRefusedAtItsPlace(lines: String, message: String) {
        let text = "scheme shop\nflow store\nscreen home store root\n" + lines + "\n"
        #expect {
            _ = try RouteGraph(checking: text, file: "t.routes")
        } throws: { error in
            guard let error = error as? RoutesFileError else { return false }
            let found = error.diagnostics.map(\.description)
            return found.contains(message) || { Issue.record("got \(found)"); return false }()
        }
    }

    @Test func overlapsOfTheNewTypesAreWarnedAbout() throws {
        let warnings = graph.warnings.map(\.description)
        // `list/{sort:…}` and `list/{name}`: a word of the set is also a string.
        #expect(warnings.contains { $0.contains("'list/{sort:new|top|hot}' (screen 'list') and 'list/{name:string}' (screen 'named')") })
        // A double beside a set and a bool, a set of other words beside a bool: no value in common.
        let table = "scheme s\nflow f\nscreen r f root\nscreen b f push {x:double} after r\nscreen c f push {w:on|off} after r\nscreen d f push {b:bool} after r\n"
        let apart = try RouteGraph(parsing: table, file: "t.routes")
        #expect(apart.warnings.isEmpty, "\(apart.warnings)")
        // A string beside them overlaps each: one group of the four.
        let joined = try RouteGraph(parsing: table + "screen e f push {s:string} after r\n", file: "t.routes")
        #expect(joined.warnings.map(\.description) == [
            "t.routes:7:8: warning: after 'r', patterns '{x:double}' (screen 'b'), '{w:on|off}' (screen 'c'), '{b:bool}' (screen 'd') and '{s:string}' (screen 'e') can each match the same segments as another of them: such a link has several readings, and states that print to one of them are refused",
        ])
    }
}
