import Foundation
import Wayfinder

/// A route table shaped like the sample app's, private to the engine tests.
enum Fixtures {
    /// What `routes check` says of `text` (as file `t.routes`): nothing when it is a graph.
    static func diagnostics(_ text: String) -> [RoutesDiagnostic] {
        do {
            _ = try RouteGraph(parsing: text, file: "t.routes")
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The start of a table of one flow `app` with its root `home`, for tests to add lines to
    /// (the next line is line 4).
    static let oneScreenHeader = """
        scheme demo
        flow app
        screen home app root

        """

    static let routes = """
        scheme demo
        guard signed-in else login
        flow login
        flow main guard signed-in tabs feed search me
        flow settings guard signed-in
        screen signIn    login        root
        screen register  login        push   register       after signIn
        screen forgot    login        push   forgot         after signIn  query email:string?
        screen terms     login        sheet  terms          after signIn register
        screen feed      main.feed    root
        screen search    main.search  root                                query q:string?
        screen me        main.me      root
        screen post      main         push   post/{id:int}  after feed search me user
        screen comments  main         push   comments       after post
        screen user      main         push   user/{id:int}  after post comments
        screen compose   main         sheet  compose        after feed me
        screen settings  settings     root
        screen profile   settings     push   profile        after settings
        screen about     settings     sheet  about          after settings
        screen logout    settings     alert  logout         after settings
        """

    /// The same table answering web links to `https://demo.example` too.
    static let webGraph = parse("scheme demo\nweb https://demo.example\n" + routes.dropFirst("scheme demo\n".count), file: "web.routes")

    static let graph = parse(routes, file: "fixture.routes")

    /// The sample app's table, read from `Routes/app.routes` beside this package.
    static let appGraph: RouteGraph = {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Routes/app.routes")
        do {
            return parse(try String(contentsOf: file, encoding: .utf8), file: "app.routes")
        } catch {
            preconditionFailure("Routes/app.routes cannot be read: \(error)")
        }
    }()

    /// A test's own table, which must parse.
    static func parse(_ table: String, file: String) -> RouteGraph {
        do {
            return try RouteGraph(parsing: table, file: file)
        } catch {
            preconditionFailure("\(file) does not parse: \(error)")
        }
    }

    /// A navigator on the fixture graph, signed in when asked.
    static func navigator(signedIn: Bool = false) -> Navigator {
        var navigator = Navigator(graph: graph)
        if signedIn {
            do { try navigator.grant("signed-in") } catch { preconditionFailure("\(error)") }
        }
        return navigator
    }

    /// The screen names of a resolved link's stack and presentation, root first.
    static func names(_ link: ResolvedLink) -> [String] {
        link.screenNames
    }
}

extension RouteGraph {
    /// Why `link` is refused, or nil when it resolves.
    func rejection(of link: String) -> DeepLinkError? {
        do {
            _ = try resolve(link)
            return nil
        } catch {
            return error
        }
    }
}
