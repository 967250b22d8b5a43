import Testing
@testable import Wayfinder

/// The memory the resolver reads and works in (Support/CheckedMemory.swift, ``LinkResolver``)
/// and the index it reads: spans and fixed-capacity storage sized from the link limits, every
/// access checked in every build; links at those limits resolve, and a read out of bounds traps.
@Suite struct CheckedMemoryTests {
    /// More than six literal successors and flows, so that the hash table is read, not only
    /// the short lists compared in turn.
    static let wideTable = """
        scheme wide
        flow main
        flow f1
        flow f2
        flow f3
        flow f4
        flow f5
        flow f6
        screen home  main root
        screen a     main push  a/{id:int}            after home
        screen b     main push  b/{id:uuid}           after home
        screen c     main push  c/{on:bool}           after home
        screen d     main push  d/{x:double}          after home
        screen e     main push  e/{sort:new|top}      after home   query q:string? n:int?
        screen f     main push  f/{path:rest}         after home
        screen g     main push  g/{name}              after home
        screen h     main sheet h                     after home a
        screen r1    f1 root
        screen r2    f2 root
        screen r3    f3 root
        screen r4    f4 root
        screen r5    f5 root
        screen r6    f6 root
        """

    @Test func theIndexOfEachTableHoldsItsInvariants() {
        let wide = Fixtures.parse(Self.wideTable, file: "wide.routes")
        for graph in [Fixtures.graph, wide] { graph._checkInvariants() }
    }

    @Test(arguments: [
        ("wide://main/a/7", ["home", "a"]),
        ("wide://main/b/123e4567-e89b-12d3-a456-426614174000", ["home", "b"]),
        ("wide://main/c/true", ["home", "c"]),
        ("wide://main/d/2.5", ["home", "d"]),
        ("wide://main/e/top?q=caf%C3%A9&n=3", ["home", "e"]),
        ("wide://main/f/x/%79/z", ["home", "f"]),
        ("wide://main/g/na%20me", ["home", "g"]),
        ("wide://main/a/7/h", ["home", "a", "h"]),
        ("WIDE://F6", ["r6"]),
    ])
    func linksOfEveryKindResolveWithTheResolverChecked(link: String, screens: [String]) throws {
        let graph = Fixtures.parse(Self.wideTable, file: "wide.routes")
        #expect(try graph.resolve(link).screenNames == screens)
        #expect(try graph.resolve(utf8: Array(link.utf8)).screenNames == screens)
    }

    @Test func valuesComeBackDecodedAndTyped() throws {
        let graph = Fixtures.parse(Self.wideTable, file: "wide.routes")
        let query = try graph.resolve("wide://main/e/top?q=caf%C3%A9&n=3").stack[1]
        #expect(query == Route("e", ["sort": .string("top"), "q": .string("café"), "n": .int(3)]))
        let rest = try graph.resolve("wide://main/f/x/%79/z").stack[1]
        #expect(rest == Route("f", ["path": .segments(["x", "y", "z"])]))
    }

    @Test func bytesAreReadInPlaceOrCopiedWhole() {
        withBytes(of: "wide://main") { bytes in
            #expect(bytes.count == 11 && bytes[0] == UInt8(ascii: "w"))
            let host = bytes.extracting(7..<11)
            #expect(host.string == "main" && host.contains(UInt8(ascii: "i")) && !host.contains(UInt8(ascii: "w")))
        }
        // In one piece (an array slice) or not (a reversed view, copied).
        #expect(withBytes(of: Array("xmain".utf8)[1...]) { $0.string } == "main")
        #expect(withBytes(of: "niam".utf8.reversed()) { $0.string } == "main")
    }

    @Test func temporaryMemoryHoldsItsValuesUntilTheCallReturns() {
        let values = withTemporarySpan(repeating: 7, count: 4) { span in
            span[2] = 30
            return span.indices.map { span[$0] }
        }
        #expect(values == [7, 7, 30, 7])
        // More than fits on the stack, and none at all.
        #expect(withTemporarySpan(repeating: Slot.absent, count: 5_000) { $0.count } == 5_000)
        #expect(withTemporarySpan(repeating: Slot.absent, count: 0) { $0.isEmpty })
    }

    /// The resolver's storage holds what the longest link with the most segments needs: the
    /// link's bytes decoded, a slash before each segment and a trailing one, a step for the root
    /// and one per segment, a path parameter per segment.
    @Test func theResolversCapacitiesComeFromTheLinkLimits() {
        #expect(LinkResolver.Text(repeating: 0).count == RouteGraph.maximumLinkLength)
        #expect(LinkResolver.PerSegment(repeating: 0).count == RouteGraph.maximumSegments)
        #expect(LinkResolver.PerStep(repeating: 0).count == RouteGraph.maximumSegments + 1)
        #expect(LinkResolver.Scan(hostStart: 0, queryStart: 0).slashes.count == RouteGraph.maximumSegments + 1)
    }

    /// A table where every segment is a step (all but the last one a value too), the last one
    /// with a query.
    static let deepTable = """
        scheme deep
        flow main
        screen home  main root
        screen n     main push  {n:int}  after home n
        screen end   main push  end      after n       query q:string?
        """

    @Test func aLinkAtTheLimitsResolves() throws {
        let graph = Fixtures.parse(Self.deepTable, file: "deep.routes")
        var segments = (1..<RouteGraph.maximumSegments).map(String.init) + ["end"]
        let query = "?q=" + String(repeating: "%41", count: RouteGraph.maximumValueLength)
        // Leading zeros (an int takes them) make the link as long as a link may be.
        var spare = RouteGraph.maximumLinkLength - ("deep://main/" + segments.joined(separator: "/") + query).utf8.count
        for position in segments.indices.dropLast() where spare > 0 {
            let zeros = min(spare, 200)
            segments[position] = String(repeating: "0", count: zeros) + segments[position]
            spare -= zeros
        }
        let link = "deep://main/" + segments.joined(separator: "/") + query
        #expect(link.utf8.count == RouteGraph.maximumLinkLength)
        let resolved = try graph.resolve(link)
        #expect(resolved.count == RouteGraph.maximumSegments + 1)
        #expect(resolved.stack[RouteGraph.maximumSegments - 1] == Route("n", ["n": .int(RouteGraph.maximumSegments - 1)]))
        #expect(resolved.stack.last == Route("end", ["q": .string(String(repeating: "A", count: RouteGraph.maximumValueLength))]))
        #expect(try graph.resolve(utf8: Array(link.utf8)) == resolved)
        // One byte more; one segment more; one decoded byte more.
        #expect(graph.rejection(of: link + "A")?.code == .limitExceeded)
        let deeper = (1...RouteGraph.maximumSegments).map(String.init).joined(separator: "/")
        #expect(graph.rejection(of: "deep://main/\(deeper)/end")?.code == .limitExceeded)
        #expect(graph.rejection(of: "deep://main/1/end" + query + "A")?.code == .limitExceeded)
    }

    /// The query's values are in temporary memory sized by the table: far more than any link
    /// limit, named in any order.
    @Test func screensWithManyQueryParametersTakeThemAll() throws {
        let names = (0..<300).map { "p\($0)" }
        let table = """
            scheme many
            flow main
            screen home  main root            query \(names.map { "\($0):int?" }.joined(separator: " "))
            screen leaf  main push  leaf      after home   query \(names.map { "\($0)x:string?" }.joined(separator: " "))
            """
        let graph = Fixtures.parse(table, file: "many.routes")
        let resolved = try graph.resolve("many://main/leaf?p299x=z&p7=7&p299=-1")
        #expect(resolved.stack[0] == Route("home", ["p7": .int(7), "p299": .int(-1)]))
        #expect(resolved.stack[1] == Route("leaf", ["p299x": .string("z")]))
        #expect(graph.rejection(of: "many://main/leaf?p7=7&p7=8")?.code == .badQuery)
    }

    @Test func aReadPastTheBytesTraps() async {
        await #expect(processExitsWith: .failure) {
            withBytes(of: "ab") { bytes in _ = bytes[2] }
        }
        await #expect(processExitsWith: .failure) {
            withBytes(of: "abc") { bytes in _ = bytes.extracting(1..<4) }
        }
        await #expect(processExitsWith: .failure) {
            withTemporarySpan(repeating: 0, count: 2) { span in span[2] = 1 }
        }
    }
}
