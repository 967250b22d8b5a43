import Testing
@testable import Wayfinder

/// The engine's unsafe code (Support/CheckedMemory.swift) and the index it reads: their
/// invariants hold for tables of every shape, each resolution checks the resolver's own (in
/// debug builds, as these tests run), and a view read out of its bounds traps.
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

    @Test func aViewReadsItsOwnBytesAndPartsOfThem() {
        withBytes(of: "wide://main") { view in
            view._checkInvariants()
            #expect(view.count == 11 && view[0] == UInt8(ascii: "w"))
            let host = view.extracting(7..<11)
            host._checkInvariants()
            #expect(host.string == "main" && host.contains(UInt8(ascii: "i")) && !host.contains(UInt8(ascii: "w")))
        }
        withWorkBuffer(of: Int.self, count: 4) { buffer in
            buffer._checkInvariants()
            for index in 0..<4 { buffer[index] = index * 10 }
            #expect((0..<4).map { buffer[$0] } == [0, 10, 20, 30])
        }
    }

    @Test func aReadPastAViewTraps() async {
        await #expect(processExitsWith: .failure) {
            withBytes(of: "ab") { view in _ = view[2] }
        }
        await #expect(processExitsWith: .failure) {
            withBytes(of: "abc") { view in _ = view.extracting(1..<4) }
        }
    }
}
