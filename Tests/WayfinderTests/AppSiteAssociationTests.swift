import Foundation
import Testing
import Wayfinder
import WayfinderRouteTools
import WayfinderSystem

/// The `apple-app-site-association` matcher (Apple's rules) and the file a table exports,
/// compared with `resolve` link for link.
@Suite struct AppSiteAssociationTests {
    private func file(_ components: String) throws -> AppSiteAssociation {
        let text = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":["# + components + "]}]}}"
        return try AppSiteAssociation(parsing: JSONValue(parsing: Array(text.utf8)))
    }

    @Test(arguments: [
        ("/a/*", "/a/", true), ("/a/*", "/a/b/c", true), ("/a/?*", "/a/", false), ("/a/?", "/a/bc", false),
        ("/a/?", "/a/b", true), ("/a/?", "/a//", true), ("*", "", true), ("/a*b", "/a/x/b", true), ("/a", "/A", false),
    ])
    func starMatchesAnyRunSlashesIncludedAndQuestionMarkOneCharacter(pattern: String, path: String, opens: Bool) throws {
        #expect(try file(#"{"/":"\#(pattern)"}"#).opens(path: path) == opens)
    }

    @Test func theFirstComponentThatMatchesDecidesAndAnExcludeStops() throws {
        let ordered = try file(#"{"/":"/a/x","exclude":true},{"/":"/a/*"}"#)
        #expect(!ordered.opens(path: "/a/x"))
        #expect(ordered.decision(path: "/a/x") == .excluded(component: 0))
        #expect(ordered.decision(path: "/a/y") == .opens(component: 1))
        #expect(ordered.decision(path: "/b") == .unmatched)
        let reversed = try file(#"{"/":"/a/*"},{"/":"/a/x","exclude":true}"#)
        #expect(reversed.opens(path: "/a/x"))
    }

    @Test func queryFragmentCaseAndEncodingAreReadAsAppleDocumentsThem() throws {
        let query = try file(##"{"/":"/p","?":{"id":"?*"}},{"/":"/f","#":"top"}"##)
        #expect(query.opens(path: "/p", query: "x=1&id=7"))
        #expect(!query.opens(path: "/p", query: "x=1"))
        #expect(query.opens(path: "/f", fragment: "top") && !query.opens(path: "/f"))
        let loose = try file(#"{"/":"/a b","caseSensitive":false,"percentEncoded":false}"#)
        #expect(loose.opens(path: "/A%20B"))
        let legacy = try AppSiteAssociation(parsing: JSONValue(parsing: Array(#"{"applinks":{"details":[{"appID":"T.a","paths":["NOT /a/x","/a/*"]}]}}"#.utf8)))
        #expect(!legacy.opens(path: "/a/x") && legacy.opens(path: "/a/y"))
    }

    @Test(arguments: [#"[]"#, #"{"applinks":1}"#, #"{"applinks":{"details":[{"components":[]}]}}"#,
                      #"{"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":1}]}]}}"#,
                      #"{"applinks":{"details":[{"appIDs":["T.a"],"components":[{"exclude":"yes"}]}]}}"#])
    func aFileNotAsAppleDocumentsItIsRefusedWithAMessage(text: String) throws {
        #expect(throws: AssociationFileError.self) { try AppSiteAssociation(parsing: JSONValue(parsing: Array(text.utf8))) }
    }

    /// Every `wayfinder://` link of the README and the test suites, as a path of a web link.
    private static let writtenLinks: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var texts = [(try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""]
        let tests = root.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.allObjects.compactMap { $0 as? URL } ?? []
        for url in files where url.pathExtension == "swift" || url.pathExtension == "transcript" {
            texts.append((try? String(contentsOf: url, encoding: .utf8)) ?? "")
        }
        let pattern = /wayfinder:\/\/([A-Za-z0-9\/%._~-]*)/
        var paths: Set<String> = []
        for text in texts {
            for match in text.matches(of: pattern) { paths.insert("/" + match.1) }
        }
        return paths.sorted()
    }()

    @Test func theExportedFileOpensTheAppExactlyForTheLinksResolveAcceptsApartFromWrongTypedValues() throws {
        for graph in [Fixtures.appGraph, Fixtures.webGraph] {
            let depth = RouteGraph.defaultAssociationDepth
            let association = try AppSiteAssociation(parsing: graph.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"], depth: depth))
            let origin = graph.webOrigins[0]
            let corpus = Set(graph.webLinkCorpus(depth: depth) + association.samplePaths + (graph.scheme == "wayfinder" ? Self.writtenLinks : []))
            #expect(corpus.count > 100)
            var wrongTyped = 0
            let shapes = graph.webLinkShapes(depth: depth)
            for path in corpus.sorted() {
                let opens = association.opens(path: path)
                do {
                    let link = try graph.resolveFromOutside("\(origin)\(path)")
                    guard !opens else { continue }
                    // The two kinds of accepted link the file sends to the browser: deeper than
                    // its depth, or with the flow in other than lower case.
                    let flow = path.dropFirst().prefix { $0 != "/" }
                    #expect(link.count - 1 > depth || flow != flow.lowercased(), "\(path): resolves, but the file sends it to the browser")
                } catch {
                    guard opens else { continue }
                    // The one kind of refused link the file opens: only what stands in a
                    // value's segment is wrong (its type, an escape, a dot segment).
                    #expect(Self.isValid(path, withValuesOf: graph, shapes: shapes), "\(path): the file opens it, but resolve refuses it: \(error.message)")
                    wrongTyped += 1
                }
            }
            #expect(wrongTyped > 0)
        }
    }

    /// Whether `path` resolves once each segment where one of the table's shapes of link has a
    /// value is replaced by a sample value of its type, its other segments unchanged.
    private static func isValid(_ path: String, withValuesOf graph: RouteGraph, shapes: [WebLinkShape]) -> Bool {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if segments.last == "" { segments.removeLast() }
        return shapes.contains { shape in
            guard shape.parts.count == segments.count else { return false }
            var fixed = segments
            for (index, part) in shape.parts.enumerated() {
                switch part {
                case .literal(let word): guard segments[index] == word else { return false }
                case .value(let type): fixed[index] = WebLinkShape.sample(type)
                case .rest: return false
                }
            }
            return (try? graph.resolveFromOutside("\(graph.webOrigins[0])/" + fixed.joined(separator: "/"))) != nil
        }
    }

    @Test func linksOfFlowsTabsAndLiteralsTheTableDoesNotHaveGoToTheBrowser() throws {
        let association = try AppSiteAssociation(parsing: Fixtures.appGraph.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"]))
        for path in ["/", "/nope", "/main/nope", "/main/feed/posts/1", "/main/feed/post/", "/main/feed/post/1/x", "/main/feed//post/1",
                     "/main/feed/post/1/comments/extra", "/settings/profile/x"] {
            #expect(!association.opens(path: path), "\(path)")
        }
        for path in ["/main", "/main/", "/main/feed", "/main/feed/post/1", "/main/feed/post/1/", "/main/feed/p/1", "/login"] {
            #expect(association.opens(path: path), "\(path)")
        }
    }
}
