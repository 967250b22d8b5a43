import Foundation
import Testing
import Wayfinder

/// Bad saved navigation states: a refused state leaves the navigator as it was (strict
/// `restore`) or gives the nearest valid state with the problems said (`restoreNearest`).
@Suite struct BadStateTableTests {
    var graph: RouteGraph { Fixtures.appGraph }

    /// The state the cases spoil, signed in: main.feed shows feed ▸ post 1 ▸ comments (ids 2,
    /// 3), main.search shows search("swift") ▸ post 3 (id 0), main.me has the compose sheet
    /// (id 1); the other flows are at their roots.
    static func baseNavigator() throws -> Navigator {
        var navigator = Navigator(graph: Fixtures.appGraph)
        try navigator.grant("signed-in")
        try navigator.open("wayfinder://main/search/post/3?q=swift")
        try navigator.open("wayfinder://main/me/compose", from: .app)
        try navigator.open("wayfinder://main/feed/post/1/comments")
        return navigator
    }

    static let baseURL = "wayfinder://main/feed/post/1/comments"

    /// The base state as a state file holds it.
    static func baseJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(baseNavigator().state)
    }

    /// How a case spoils the file.
    enum Edit: Sendable {
        /// Sets the value at a path (object keys, or array indices) to a JSON text.
        case set([String], String)
        /// Removes the value at a path.
        case remove([String])
        /// Edits the file's text.
        case text(@Sendable (String) -> String)
        /// Edits the decoded state (then encoded again).
        case state(@Sendable (inout NavigationState) -> Void)
    }

    enum Outcome: Sendable {
        /// JSONDecoder refuses the file.
        case undecodable
        /// The file decodes; `restore` refuses it with the first of `problems`, and
        /// `restoreNearest` says exactly `problems` and shows `nearestURL`.
        case refused(problems: [String], nearestURL: String)
    }

    struct StateCase: Sendable, CustomTestStringConvertible {
        let name: String
        let edit: Edit
        let outcome: Outcome
        /// More checks of the nearest state.
        let nearest: (@Sendable (inout Navigator) throws -> Void)?
        var testDescription: String { name }

        init(_ name: String, _ edit: Edit, _ outcome: Outcome, nearest: (@Sendable (inout Navigator) throws -> Void)? = nil) {
            self.name = name
            self.edit = edit
            self.outcome = outcome
            self.nearest = nearest
        }

        func data() throws -> Data {
            let base = try BadStateTableTests.baseJSON()
            switch edit {
            case .set(let path, let json):
                let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
                let tree = try JSONSerialization.jsonObject(with: base)
                return try JSONSerialization.data(withJSONObject: Self.setting(tree, path[...], value), options: .sortedKeys)
            case .remove(let path):
                let tree = try JSONSerialization.jsonObject(with: base)
                return try JSONSerialization.data(withJSONObject: Self.setting(tree, path[...], nil), options: .sortedKeys)
            case .text(let change):
                return Data(change(String(decoding: base, as: UTF8.self)).utf8)
            case .state(let change):
                var state = try JSONDecoder().decode(NavigationState.self, from: base)
                change(&state)
                return try JSONEncoder().encode(state)
            }
        }

        /// `node` with the value at `path` replaced by `value` (removed when `nil`).
        static func setting(_ node: Any, _ path: ArraySlice<String>, _ value: Any?) -> Any {
            guard let key = path.first else { return value ?? NSNull() }
            if var array = node as? [Any], let index = Int(key) {
                if path.count == 1, value == nil {
                    array.remove(at: index)
                } else {
                    array[index] = setting(array[index], path.dropFirst(), value)
                }
                return array
            }
            var object = node as? [String: Any] ?? [:]
            if path.count == 1 {
                object[key] = value
            } else {
                object[key] = setting(object[key] ?? [String: Any](), path.dropFirst(), value)
            }
            return object
        }
    }

    static let feed = ["flows", "main", "stacks", "feed"]
    static let feedPost = feed + ["path", "0"]
    static let uuidText = "0f0e0d0c-0b0a-0908-0706-050403020100"
    static let renumbered = "1 stack element id was out of range (0 to 9007199254740991) or repeated, and renumbered"

    /// The nearest state keeps working: pushing after it neither traps nor repeats an id.
    @Sendable static func pushesAfterwards(_ navigator: inout Navigator) throws {
        try navigator.push(Route("person", ["id": .int(5)]))
        try navigator.push(Route("post", ["id": .int(6)]))
        #expect(navigator.url == baseURL + "/people/5/post/6")
        var ids: [Int] = []
        for flow in navigator.state.flows.values {
            for stack in flow.stacks.values {
                ids += stack.path.map(\.id.rawValue) + (stack.presentation.map { [$0.id.rawValue] } ?? [])
            }
        }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.allSatisfy { (0...StackID.maximum).contains($0) }, "\(ids)")
    }

    /// A feed stack `count` pushes deep (post, person, post, …): two segments a push.
    static func deepFeed(_ count: Int) -> @Sendable (inout NavigationState) -> Void {
        { state in
            var stack = RouteStack(root: Route("feed"))
            for index in 0..<count {
                stack.push(Route(index % 2 == 0 ? "post" : "person", ["id": .int(index)]), id: StackID(100 + index))
            }
            state.flows["main"]?.stacks["feed"] = stack
        }
    }

    static let stateCases: [StateCase] = [
        // The graph's names
        StateCase("unknown flow", .set(["flows", "bogus"], #"{"stacks":{"":{"path":[],"root":{"parameters":{},"screen":"signIn"}}}}"#),
                  .refused(problems: ["unknown flow 'bogus'"], nearestURL: baseURL)),
        // Signed in: the flow signing in opens, as it was left (not the sign-in screen).
        StateCase("unknown active flow", .set(["activeFlow"], #""bogus""#),
                  .refused(problems: ["unknown active flow 'bogus'"], nearestURL: baseURL)),
        StateCase("unknown selected tab", .set(["flows", "main", "selectedTab"], #""home""#),
                  .refused(problems: ["flow 'main' selects unknown tab 'home'"], nearestURL: baseURL)),
        StateCase("stack for an unknown tab",
                  .set(["flows", "main", "stacks", "home"], #"{"path":[],"root":{"parameters":{},"screen":"feed"}}"#),
                  .refused(problems: ["flow 'main' has a stack for unknown tab 'home'"], nearestURL: baseURL)),
        StateCase("tab selected in a flow without tabs", .set(["flows", "login", "selectedTab"], #""x""#),
                  .refused(problems: ["flow 'login' has no tabs but selects one"], nearestURL: baseURL)),
        StateCase("flow missing", .remove(["flows", "login"]),
                  .refused(problems: ["flow 'login' is missing"], nearestURL: baseURL)),
        StateCase("tab's stack missing", .remove(["flows", "main", "stacks", "me"]),
                  .refused(problems: ["main.me has no stack"], nearestURL: baseURL)),
        StateCase("unknown screen", .set(feedPost + ["route", "screen"], #""bogus""#),
                  .refused(problems: ["main.feed: unknown screen 'bogus'"], nearestURL: "wayfinder://main/feed")),
        // The stack is cut before the first element that does not fit: the valid post below stays.
        StateCase("unknown screen above a valid one", .set(feed + ["path", "1", "route", "screen"], #""bogus""#),
                  .refused(problems: ["main.feed: unknown screen 'bogus'"], nearestURL: "wayfinder://main/feed/post/1")),
        StateCase("missing parameter above a valid screen", .set(feed + ["path", "1", "route"], #"{"parameters":{},"screen":"person"}"#),
                  .refused(problems: ["main.feed: 'person' needs parameter 'id'"], nearestURL: "wayfinder://main/feed/post/1")),
        StateCase("sheet pushed above a valid screen", .set(feed + ["path", "1", "route"], #"{"parameters":{},"screen":"compose"}"#),
                  .refused(problems: ["main.feed: 'compose' is a sheet screen, not a push screen; use present"], nearestURL: "wayfinder://main/feed/post/1")),
        StateCase("wrong root", .set(feed + ["root", "screen"], #""search""#),
                  .refused(problems: ["main.feed: does not start at its root screen 'feed'"], nearestURL: "wayfinder://main/feed")),
        StateCase("edge not allowed", .set(feedPost + ["route"], #"{"parameters":{},"screen":"comments"}"#),
                  .refused(problems: ["main.feed: 'comments' cannot follow 'feed'; it may follow post"], nearestURL: "wayfinder://main/feed")),
        StateCase("screen of another flow", .set(feedPost + ["route"], #"{"parameters":{},"screen":"register"}"#),
                  .refused(problems: ["main.feed: 'register' belongs to flow 'login', not the active flow 'main'"], nearestURL: "wayfinder://main/feed")),
        // Parameters
        StateCase("wrong parameter type (string for int)", .set(feedPost + ["route", "parameters", "id"], #""1""#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (uuid for int)", .set(feedPost + ["route", "parameters", "id"], #"{"uuid":"\#(uuidText)"}"#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (bool for int)", .set(feedPost + ["route", "parameters", "id"], "true"),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (double for int)", .set(feedPost + ["route", "parameters", "id"], #"{"double":1}"#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (rest for int)", .set(feedPost + ["route", "parameters", "id"], #"["1"]"#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("missing parameter", .remove(feedPost + ["route", "parameters", "id"]),
                  .refused(problems: ["main.feed: 'post' needs parameter 'id'"], nearestURL: "wayfinder://main/feed")),
        StateCase("extra parameter", .set(feedPost + ["route", "parameters", "x"], "1"),
                  .refused(problems: ["main.feed: 'post' has no parameter 'x'"], nearestURL: "wayfinder://main/feed")),
        StateCase("empty string value on a root", .set(["flows", "main", "stacks", "search", "root", "parameters", "q"], #""""#),
                  .refused(problems: ["main.search: 'q' of 'search' must be 1 to 256 bytes without control characters"], nearestURL: baseURL),
                  nearest: { navigator in
                      #expect(navigator.state.flows["main"]?.stacks["search"] == RouteStack(root: Route("search")))
                  }),
        StateCase("control character in a string value", .set(["flows", "main", "stacks", "search", "root", "parameters", "q"], #""a\u001Bb""#),
                  .refused(problems: ["main.search: 'q' of 'search' must be 1 to 256 bytes without control characters"], nearestURL: baseURL)),
        // Presentations
        StateCase("push screen presented as a sheet",
                  .set(feed + ["presentation"], #"{"id":{"rawValue":9},"route":{"parameters":{"id":7},"screen":"person"},"style":"sheet"}"#),
                  .refused(problems: ["main.feed: 'person' is not presented as sheet"], nearestURL: baseURL),
                  nearest: { navigator in #expect(navigator.state.presentation == nil) }),
        StateCase("sheet presented as an alert", .set(["flows", "main", "stacks", "me", "presentation", "style"], #""alert""#),
                  .refused(problems: ["main.me: 'compose' is not presented as alert"], nearestURL: baseURL),
                  nearest: { navigator in #expect(navigator.state.flows["main"]?.stacks["me"]?.presentation == nil) }),
        StateCase("presentation over a cut stack",
                  .set(feed + ["presentation"], #"{"id":{"rawValue":9},"route":{"parameters":{},"screen":"compose"},"style":"sheet"}"#),
                  .refused(problems: ["main.feed: 'compose' cannot follow 'comments'; it may follow feed, me"], nearestURL: baseURL)),
        // Guards and the pending link
        StateCase("guarded active flow without its guard", .set(["grantedGuards"], "[]"),
                  .refused(problems: ["active flow 'main' needs guard 'signed-in'"], nearestURL: "wayfinder://login")),
        StateCase("unknown guard", .set(["grantedGuards"], #"["signed-in","admin"]"#),
                  .refused(problems: ["unknown guard 'admin'"], nearestURL: baseURL)),
        StateCase("pending link that does not resolve", .set(["pending"], #""wayfinder://main/feed/post/abc""#),
                  .refused(problems: ["pending link: segment 3 'abc': 'id' of screen 'post' must be an int"], nearestURL: baseURL),
                  nearest: { navigator in #expect(navigator.state.pending == nil) }),
        // Ids
        StateCase("element id Int.max", .set(feedPost + ["id", "rawValue"], "9223372036854775807"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("element id 2^53", .set(feedPost + ["id", "rawValue"], "9007199254740992"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("element id -1", .set(feedPost + ["id", "rawValue"], "-1"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("duplicated ids in one stack", .set(feedPost + ["id", "rawValue"], "3"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("duplicated ids across stacks", .set(["flows", "main", "stacks", "search", "path", "0", "id", "rawValue"], "2"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("presentation id repeating an element's", .set(["flows", "main", "stacks", "me", "presentation", "id", "rawValue"], "3"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        // Deeper than the link limits
        StateCase("16 pushes (33 segments)", .state(deepFeed(16)),
                  .refused(problems: ["main.feed: refused: main.feed would no longer fit in a link (link has 33 path segments; the limit is 32)"],
                           nearestURL: deepURL(15)),
                  nearest: { navigator in #expect(navigator.state.activeStack?.path.count == 15) }),
        StateCase("17 pushes (35 segments)", .state(deepFeed(17)),
                  .refused(problems: ["main.feed: refused: main.feed would no longer fit in a link (link has 33 path segments; the limit is 32)"],
                           nearestURL: deepURL(15)),
                  nearest: { navigator in #expect(navigator.state.activeStack?.path.count == 15) }),
        // Files JSONDecoder refuses
        StateCase("id not an object", .set(feedPost + ["id"], "2"), .undecodable),
        StateCase("id a string", .set(feedPost + ["id", "rawValue"], #""2""#), .undecodable),
        StateCase("activeFlow missing", .remove(["activeFlow"]), .undecodable),
        StateCase("flows an array", .set(["flows"], "[]"), .undecodable),
        StateCase("uuid object that is no uuid", .set(feedPost + ["route", "parameters", "id"], #"{"uuid":"nope"}"#), .undecodable),
        StateCase("uuid object holding a number", .set(feedPost + ["route", "parameters", "id"], #"{"uuid":5}"#), .undecodable),
        StateCase("double object that is no number", .set(feedPost + ["route", "parameters", "id"], #"{"double":"1.5"}"#), .undecodable),
        StateCase("object of no known type", .set(feedPost + ["route", "parameters", "id"], #"{"time":"12:00"}"#), .undecodable),
        StateCase("array holding a number", .set(feedPost + ["route", "parameters", "id"], "[1]"), .undecodable),
        StateCase("value 1.5", .set(feedPost + ["route", "parameters", "id"], "1.5"), .undecodable),
        StateCase("value null", .set(feedPost + ["route", "parameters", "id"], "null"), .undecodable),
        StateCase("value past Int's range", .text { $0.replacingOccurrences(of: #"{"id":1}"#, with: #"{"id":9223372036854775808}"#) }, .undecodable),
        StateCase("unknown presentation style", .set(["flows", "main", "stacks", "me", "presentation", "style"], #""modal""#), .undecodable),
        StateCase("truncated file", .text { String($0.prefix($0.count / 2)) }, .undecodable),
    ]

    /// The canonical link of the feed stack of ``deepFeed(_:)`` cut to `count` pushes.
    static func deepURL(_ count: Int) -> String {
        "wayfinder://main/feed" + (0..<count).map { "/\($0 % 2 == 0 ? "post" : "people")/\($0)" }.joined()
    }

    @Test(arguments: stateCases)
    func badStateFileIsRefusedOrRestoredToTheNearestState(_ bad: StateCase) throws {
        let data = try bad.data()
        let decoded = Result { try JSONDecoder().decode(NavigationState.self, from: data) }
        guard case .refused(let problems, let nearestURL) = bad.outcome else {
            #expect(throws: DecodingError.self) { try decoded.get() }
            return
        }
        let snapshot = try decoded.get()
        #expect(snapshot != (try Self.baseNavigator().state), "the edit changed nothing")

        // Strict: refused with the first problem, nothing changed.
        var strict = Navigator(graph: graph)
        try strict.grant("signed-in")
        try strict.open("wayfinder://login")
        try strict.push(Route("register"))
        let undoCount = strict.undoCount
        let before = strict.state
        let url = strict.url
        #expect(strict.problems(in: snapshot) == problems)
        do {
            try strict.restore(snapshot)
            Issue.record("restored")
        } catch {
            #expect(error.code == .invalidState)
            #expect(error.message == problems.first)
        }
        #expect(strict.state == before)
        #expect(strict.url == url)
        #expect(strict.undoCount == undoCount)

        // Nearest: the problems said, and a state that fits.
        var nearest = Navigator(graph: graph)
        #expect(nearest.restoreNearest(to: snapshot) == problems)
        #expect(nearest.url == nearestURL)
        #expect(nearest.problems(in: nearest.state).isEmpty)
        #expect(try graph.resolve(nearest.url).stack == nearest.state.activeStack?.routes)
        try bad.nearest?(&nearest)
    }

    /// Positive controls: the base state restores as it is; a string that looks like a
    /// UUID stays a string through a state file; a uuid value is saved as `{"uuid": …}`.
    @Test func wellFormedStatesAndValuesRoundTrip() throws {
        let base = try JSONDecoder().decode(NavigationState.self, from: Self.baseJSON())
        #expect(base == (try Self.baseNavigator().state))
        var restored = Navigator(graph: graph)
        try restored.restore(base)
        #expect(restored.url == Self.baseURL)

        var navigator = Navigator(graph: graph)
        try navigator.grant("signed-in")
        try navigator.open("wayfinder://main/search?q=\(Self.uuidText)")
        #expect(navigator.state.activeStack?.root["q"] == .string(Self.uuidText))
        let data = try JSONEncoder().encode(navigator.state)
        #expect(String(decoding: data, as: UTF8.self).contains(#""q":"\#(Self.uuidText)""#))
        let saved = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(saved == navigator.state)
        #expect(saved.activeStack?.root["q"] == .string(Self.uuidText))
        var back = Navigator(graph: graph)
        try back.restore(saved)
        #expect(back.url == "wayfinder://main/search?q=\(Self.uuidText)")

        let uuid = ParameterValue.uuid(try #require(UUIDValue(Self.uuidText.uppercased())))
        let json = String(decoding: try JSONEncoder().encode(uuid), as: UTF8.self)
        #expect(json == #"{"uuid":"\#(Self.uuidText)"}"#)
        #expect(try JSONDecoder().decode(ParameterValue.self, from: Data(json.utf8)) == uuid)
        let string = ParameterValue.string(Self.uuidText)
        let stringJSON = String(decoding: try JSONEncoder().encode(string), as: UTF8.self)
        #expect(stringJSON == #""\#(Self.uuidText)""#)
        #expect(try JSONDecoder().decode(ParameterValue.self, from: Data(stringJSON.utf8)) == string)
    }
}
