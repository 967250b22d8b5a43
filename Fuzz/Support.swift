// Shared by every fuzz harness (see FUZZING.md). Compiled with the harnesses into the fuzzer's
// own module, which links the engine's; never part of the package build.
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@testable import Wayfinder
@testable import WayfinderSystem

/// Helpers for the libFuzzer harnesses: files, failures, a seeded generator, value
/// generators and the round-trip checks the harnesses share.
enum FuzzSupport {
    // MARK: - Set-up

    /// The repository root: `$WAYFINDER_FUZZ_ROOT`; else the current directory when it holds
    /// `Routes/app.routes`; else two levels above the fuzzer (`.build/fuzz/NAME`).
    nonisolated(unsafe) static var root = "."

    /// Finds ``root`` and loads what the harness needs (`load`), before the first input,
    /// so that a set-up problem is not mistaken for a finding. Called from each
    /// harness's `LLVMFuzzerInitialize`.
    static func initialize(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?, load: () -> Void) {
        if let value = getenv("WAYFINDER_FUZZ_ROOT"), value.pointee != 0 {
            root = String(cString: value)
        } else if access("Routes/app.routes", R_OK) != 0, let program = argv?.pointee?.pointee {
            var path = String(cString: program)
            for _ in 0..<3 {
                if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) } else { path = "." }
            }
            root = path.isEmpty ? "/" : path
        }
        load()
    }

    /// The bytes of `relative` under ``root``; stops the fuzzer (before any input) when it
    /// cannot be read.
    static func read(_ relative: String) -> [UInt8] {
        let path = root + "/" + relative
        guard let file = fopen(path, "rb") else {
            setupFailure("cannot read \(path) (run from the repository root or set WAYFINDER_FUZZ_ROOT)")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// The route graph in `relative` under ``root``.
    static func graph(_ relative: String) -> RouteGraph {
        let bytes = read(relative)
        do {
            let graph = try RouteGraph(parsing: String(decoding: bytes, as: UTF8.self), file: relative)
            graph._checkInvariants()
            return graph
        } catch {
            setupFailure("\(relative) does not parse:\n\(error)")
        }
    }

    /// A problem with the fuzzer's own set-up: reported and exited from, not a finding.
    static func setupFailure(_ message: String) -> Never {
        fputs("fuzz set-up: \(message)\n", stderr)
        exit(2)
    }

    /// A finding: the message goes to standard error, then the process traps, so that
    /// libFuzzer keeps the input as a crash artifact.
    static func fail(_ message: String) -> Never {
        fputs("\n==== WAYFINDER FUZZ FINDING ====\n\(message)\n================================\n", stderr)
        fatalError("fuzz invariant violated")
    }

    /// `bytes` as text for a message: printable ASCII as it is, everything else `\xHH`;
    /// long inputs cut in the middle.
    static func display(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        var index = 0
        let count = bytes.count
        for byte in bytes {
            defer { index += 1 }
            if count > 400, index >= 200, index < count - 100 {
                if index == 200 { text += "…(\(count - 300) bytes)…" }
                continue
            }
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return text
    }

    /// FNV-1a over the input: the seed of everything an input generates.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    // MARK: - Generating values

    /// SplitMix64: a small deterministic generator, so that an input replays exactly.
    struct Generator: RandomNumberGenerator {
        private var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// Text that stresses printing and parsing: reserved characters, escapes, non-ASCII,
    /// text that reads (or nearly reads) as a number, a UUID or a date.
    static let texts = [
        "swift", "a/b", "50%", "x y", "?&=#", "é", "😀 ok", "%2F", "a+b", "~._-", "中文", "'quoted'",
        "7", "-1", "042", "0", "new", "thing", "..", ".", "~", "%", "%%41", "a%20b", "\u{7E}",
        "00000000-0000-0000-0000-000000000000", "ABCDEF01-2345-6789-ABCD-EF0123456789",
        "2024-02-29", "2023-02-29", "0000-01-01", "2024-2-9",
        "\u{2028}", "\u{FEFF}", "🇫🇷", "e\u{301}", "/", "//", "?", "&", "=", "#",
    ]

    static let ints = [0, 1, -1, 7, 42, 100_000, Int.max, Int.min, Int.max - 1, Int.min + 1, 999_999_999_999_999_999]

    /// A value of `type`; `words` (the table's literals) are sometimes used as strings.
    static func value(_ type: ParameterType, words: [String], using rng: inout Generator) -> ParameterValue {
        switch type {
        case .int:
            return rng.chance(50) ? .int(ints[rng.below(ints.count)]) : .int(Int(truncatingIfNeeded: rng.next()) >> rng.below(64))
        case .uuid:
            return .uuid(rng.chance(20) ? UUIDValue(high: 0, low: UInt64(rng.below(3))) : UUIDValue(high: rng.next(), low: rng.next()))
        case .bool:
            return .bool(rng.chance(50))
        case .date:
            // Leap days and the ends of the range, or any day of any month.
            let year = rng.chance(30) ? [1, 1900, 2000, 2023, 2024, 9999][rng.below(6)] : 1 + rng.below(9999)
            let month = 1 + rng.below(12)
            let day = 1 + rng.below(CalendarDate.days(inMonth: month, of: year))
            return CalendarDate(year: year, month: month, day: day).map(ParameterValue.date) ?? .string("2024-02-29")
        case .double:
            // Awkward shortest forms, or any finite bit pattern (most print far past the
            // segment limit, which intents must refuse).
            let doubles: [Double] = [0, 7, -2.5, 0.1, 0.1 + 0.2, 1e-7, 1.5e20, 9.99e255, 1e256, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
            let bits = Double(bitPattern: rng.next())
            return .double(rng.chance(70) || !bits.isFinite ? doubles[rng.below(doubles.count)] : bits)
        case .oneOf(let choices):
            // A word of the set, now and then one that is not.
            return .string(rng.chance(90) ? choices[rng.below(choices.count)] : texts[rng.below(texts.count)])
        case .rest:
            return .segments((0..<(1 + rng.below(3))).map { _ in texts[rng.below(texts.count)] })
        case .string:
            switch rng.below(10) {
            case 0..<3 where !words.isEmpty: return .string(words[rng.below(words.count)])
            case 0..<6: return .string(texts[rng.below(texts.count)])
            case 6:
                // Long values, up to the 256-byte limit (and once in a while past it).
                let unit = texts[rng.below(texts.count)]
                var text = ""
                let target = rng.chance(90) ? rng.below(257) : 300
                while text.utf8.count + unit.utf8.count <= target { text += unit }
                return .string(text.isEmpty ? unit : text)
            default:
                var scalars = String.UnicodeScalarView()
                for _ in 0..<(1 + rng.below(8)) {
                    let pick = rng.below(10)
                    let value: UInt32 = pick < 6 ? 0x21 + UInt32(rng.below(0x5E)) : (pick < 8 ? 0xA0 + UInt32(rng.below(0x700)) : 0x1F300 + UInt32(rng.below(0x300)))
                    if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
                }
                return .string(scalars.isEmpty ? "x" : String(scalars))
            }
        }
    }

    /// A route for `screen` with generated values; each optional query parameter present
    /// half the time.
    static func route(for screen: RouteGraph.Screen, words: [String], using rng: inout Generator) -> Route {
        var parameters: [String: ParameterValue] = [:]
        for (name, type) in screen.pathParameters { parameters[name] = value(type, words: words, using: &rng) }
        for query in screen.query where !query.isOptional || rng.chance(50) {
            parameters[query.name] = value(query.type, words: words, using: &rng)
        }
        return Route(screen.name, parameters)
    }

    /// The literal words of the graph's patterns.
    static func literals(of graph: RouteGraph) -> [String] {
        var words: [String] = []
        for screen in graph.screens {
            for segment in screen.pattern {
                if case .literal(let word) = segment { words.append(word) }
            }
        }
        return words
    }

    // MARK: - Checks

    /// Resolves `bytes` on `graph`; when accepted, its canonical form must resolve to the
    /// same flow, tab, stack and presentation and print the same, the `String` API must
    /// agree with the byte API, and opening it must show that link.
    static func checkLink(_ bytes: UnsafeBufferPointer<UInt8>, graph: RouteGraph, navigator: Navigator) {
        let text = String(validating: bytes, as: UTF8.self)
        let first: ResolvedLink
        do {
            first = try graph.resolve(utf8: bytes)
        } catch {
            _ = error.message
            _ = error.part
            // The String API must refuse it too, for the same reason.
            if let text {
                do {
                    let other = try graph.resolve(text)
                    fail("resolve(utf8:) refused a link that resolve(_:) accepts\n  link: \(display(bytes))\n  utf8 error: \(error)\n  string result: \(other.url)")
                } catch let other {
                    if other.code != error.code {
                        fail("resolve(utf8:) and resolve(_:) refuse a link for different reasons\n  link: \(display(bytes))\n  utf8: \(error.code): \(error)\n  string: \(other.code): \(other)")
                    }
                }
            }
            return
        }
        guard let text else {
            fail("resolve(utf8:) accepted bytes that are not valid UTF-8\n  link: \(display(bytes))\n  url: \(first.url)")
        }
        do {
            let other = try graph.resolve(text)
            if other != first || other.url != first.url {
                fail("resolve(utf8:) and resolve(_:) disagree\n  link: \(display(bytes))\n  utf8: \(describe(first))\n  string: \(describe(other))")
            }
        } catch {
            fail("resolve(_:) refused a link that resolve(utf8:) accepts\n  link: \(display(bytes))\n  error: \(error)")
        }
        let url = first.url
        let json = first.jsonValue.serialized
        if (try? JSONValue(parsing: Array(json.utf8))) != first.jsonValue {  // Not JSON: said below.
            fail("the JSON of a resolved link does not read back as itself\n  link: \(display(bytes))\n  json: \(json)")
        }
        if let web = first.webURL {
            do {
                let fromWeb = try graph.resolve(web)
                if fromWeb != first || fromWeb.url != url || fromWeb.webURL != web {
                    fail("round trip: the web form resolves to another link\n  link: \(display(bytes))\n  web: \(web)\n  first: \(describe(first))\n  again: \(describe(fromWeb))")
                }
            } catch {
                fail("round trip: the web form does not resolve\n  link: \(display(bytes))\n  web: \(web) (\(web.utf8.count) bytes)\n  error: \(error.code): \(error)")
            }
        }
        let again: ResolvedLink
        do {
            again = try graph.resolve(url)
        } catch {
            fail("round trip: an accepted link prints to a link that does not resolve\n  link:  \(display(bytes))\n  first: \(describe(first))\n  url:   \(display(url.utf8)) (\(url.utf8.count) bytes)\n  error: \(error.code): \(error)")
        }
        if again != first {
            fail("round trip: an accepted link prints to a link that resolves to something else\n  link:  \(display(bytes))\n  first: \(describe(first))\n  url:   \(display(url.utf8))\n  again: \(describe(again))")
        }
        if again.url != url {
            fail("round trip: printing is not canonical\n  link: \(display(bytes))\n  url:  \(display(url.utf8))\n  then: \(display(again.url.utf8))")
        }
        let start = navigator
        checkOutsideOpen(first, on: start, context: display(bytes))
        var navigator = navigator
        do {
            _ = try navigator.open(first, from: .app)
        } catch {
            fail("opening an accepted link in the app was refused with every guard granted\n  link: \(display(bytes))\n  error: \(error.code): \(error)")
        }
        if navigator.url != url {
            fail("opening an accepted link shows another link\n  link: \(display(bytes))\n  url:  \(display(url.utf8))\n  shown: \(display(navigator.url.utf8))")
        }
        checkLeastChange(first, opened: navigator, before: start.state, context: display(bytes))
    }

    /// `link` opened from outside on `start` meets its screens' tiers: through an internal
    /// screen it is refused (`internalScreen`) and nothing changes; to a screen asking for
    /// confirmation it is held (only ``NavigationState/confirming`` changes, no undo step)
    /// and opens once confirmed; otherwise it opens. No internal screen is ever on screen
    /// after it, and `resolveFromOutside` agrees.
    static func checkOutsideOpen(_ link: ResolvedLink, on start: Navigator, context: @autoclosure () -> String) {
        let graph = start.graph
        let tiers = link.screenNames.map { graph.screen(named: $0)?.entry ?? .outside }
        let strictest = tiers.max() ?? .outside
        if link.entry.tier != strictest { fail("a link's tier is not the strictest of its screens'\n  link: \(context())") }
        var navigator = start
        let outcome: NavigationOutcome
        do {
            outcome = try navigator.open(link)
        } catch {
            if strictest != .internal || error.deepLinkError?.code != .internalScreen {
                fail("an outside link was refused, not for an internal screen\n  link: \(context())\n  error: \(error.code): \(error)")
            }
            if navigator.state != start.state { fail("a refused outside link changed the state\n  link: \(context())") }
            // Only whether it is accepted matters here.
            if (try? graph.resolveFromOutside(link.url)) != nil { fail("resolveFromOutside accepts a link open refuses\n  link: \(context())") }
            return
        }
        if strictest == .internal { fail("an outside link through an internal screen was not refused\n  link: \(context())\n  outcome: \(outcome)") }
        switch outcome {
        case .awaitingConfirmation(let held, _):
            var expected = start.state
            expected.confirming = held
            if strictest != .confirm || navigator.state != expected || navigator.undoCount != start.undoCount {
                fail("holding an outside link for confirmation changed more than the link to confirm\n  link: \(context())")
            }
            do { _ = try navigator.confirmLink() } catch { fail("a confirmed link was refused\n  link: \(context())\n  error: \(error)") }
            if navigator.state.confirming != nil { fail("a confirmed link is still waiting\n  link: \(context())") }
        case .applied, .deferred:
            // Opened without asking only when it was open already, and so changed nothing.
            if strictest == .confirm, navigator.state != start.state {
                fail("an outside link to a screen asking for confirmation opened without it\n  link: \(context())")
            }
        }
        let shown = (navigator.state.activeStack?.routes ?? []) + (navigator.state.presentation.map { [$0.route] } ?? [])
        if let screen = shown.first(where: { graph.screen(named: $0.screen)?.entry == .internal }), start.state.activeStack != navigator.state.activeStack {
            fail("an outside link left internal screen '\(screen.screen)' on screen\n  link: \(context())")
        }
    }

    /// A link opened once is open: opening it again changes nothing (its edit is empty, the
    /// state stays, identities included). The open was one undo step back to `before` (none
    /// when it changed nothing); `opened` had no history before it.
    static func checkLeastChange(_ link: ResolvedLink, opened: Navigator, before: NavigationState, context: @autoclosure () -> String) {
        var navigator = opened
        let edit = navigator.edit(opening: link)
        if !edit.isEmpty { fail("a link already open would change something\n  link: \(context())\n  edit: \(edit)") }
        do { _ = try navigator.open(link, from: .app) } catch { fail("opening an open link again was refused\n  link: \(context())\n  error: \(error)") }
        if navigator.state != opened.state || navigator.undoCount != opened.undoCount {
            fail("opening an open link again changed the state or the history\n  link: \(context())")
        }
        guard navigator.canUndo else {
            if opened.state != before { fail("an open changed the state and recorded no undo step\n  link: \(context())") }
            return
        }
        do { try navigator.undo() } catch { fail("undoing an open failed\n  link: \(context())\n  error: \(error)") }
        if navigator.canUndo || navigator.state != before {
            fail("one undo does not give back the state before the open\n  link: \(context())")
        }
    }

    /// A navigator on `graph` with every guard granted.
    static func grantedNavigator(_ graph: RouteGraph) -> Navigator {
        var navigator = Navigator(graph: graph)
        for guardInfo in graph.guards {
            do { try navigator.grant(guardInfo.name) } catch { fail("granting '\(guardInfo.name)' failed: \(error)") }
        }
        return navigator
    }

    /// The state's canonical link must resolve to its active flow, tab, stack and
    /// presentation, and print the same again; other spellings of it (see
    /// ``variants(of:using:)``) must read the same.
    static func checkStateRoundTrip(_ navigator: Navigator, using rng: inout Generator, context: @autoclosure () -> String) {
        let state = navigator.state
        let url = navigator.url
        let link: ResolvedLink
        do {
            link = try navigator.graph.resolve(url)
        } catch {
            fail("round trip: a state's link does not resolve\n  url:   \(display(url.utf8)) (\(url.utf8.count) bytes)\n  error: \(error.code): \(error)\n  state: \(describe(state))\n\(context())")
        }
        let stack = state.activeStack?.routes
        if link.flow != state.activeFlow || link.tab != state.selectedTab || link.stack != stack
            || link.presentation?.route != state.presentation?.route || link.presentation?.style != state.presentation?.style {
            fail("round trip: a state's link resolves to another state\n  url:   \(display(url.utf8))\n  state: \(describe(state))\n  link:  \(describe(link))\n\(context())")
        }
        if link.origin != nil {
            fail("round trip: a state's link was read in an alias or an earlier shape, not today's\n  url:  \(display(url.utf8))\n\(context())")
        }
        if link.url != url {
            fail("round trip: a state's link is not canonical\n  url:  \(display(url.utf8))\n  then: \(display(link.url.utf8))\n\(context())")
        }
        checkOutsideOpen(link, on: grantedNavigator(navigator.graph), context: "\(display(url.utf8))\n\(context())")
        for variant in variants(of: url, using: &rng) {
            let other: ResolvedLink
            do {
                other = try navigator.graph.resolve(utf8: variant)
            } catch {
                fail("another spelling of a state's link does not resolve\n  url:     \(display(url.utf8))\n  variant: \(display(variant))\n  error:   \(error.code): \(error)\n\(context())")
            }
            if other != link || other.url != url {
                fail("another spelling of a state's link reads as something else\n  url:     \(display(url.utf8))\n  variant: \(display(variant))\n  link:    \(describe(link))\n  reads:   \(describe(other))\n\(context())")
            }
        }
    }

    /// Spellings of the canonical link `url` that must read as it does: a trailing slash,
    /// the scheme and host in upper case, one unreserved byte of the path percent-encoded
    /// (in either case of hex digits). Only those within the length limit.
    static func variants(of url: String, using rng: inout Generator) -> [[UInt8]] {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return [] }
        let hostStart = colon + 3
        let pathEnd = bytes[hostStart...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
        let hostEnd = bytes[hostStart..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
        var result: [[UInt8]] = []
        result.append(Array(bytes[..<pathEnd]) + [UInt8(ascii: "/")] + bytes[pathEnd...])
        result.append(bytes[..<hostEnd].map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 } + bytes[hostEnd...])
        // Bytes of the path that are neither a slash nor part of an escape (`%XX`).
        var encodable: [Int] = []
        var position = hostEnd
        while position < pathEnd {
            if bytes[position] == UInt8(ascii: "%") {
                position += 3
                continue
            }
            if PercentEncoding.isUnreserved(bytes[position]) { encodable.append(position) }
            position += 1
        }
        if !encodable.isEmpty {
            let position = encodable[rng.below(encodable.count)]
            let hex = Array((rng.chance(50) ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
            let byte = bytes[position]
            result.append(Array(bytes[..<position]) + [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]] + bytes[(position + 1)...])
        }
        return result.filter { $0.count <= RouteGraph.maximumLinkLength }
    }

    /// On a table without overlap warnings, every state that intents can build reads back as
    /// itself unless its link is too long: an intent refused as not representable must be
    /// one whose `link` goes past the limits.
    static func checkRefusal(
        _ intent: String, link: String, graph: RouteGraph, error: NavigationError, context: @autoclosure () -> String
    ) {
        do {
            let reading = try graph.resolve(link)
            fail("a table without overlap warnings refused \(intent) as not representable (\(error)), but its link\n  \(display(link.utf8))\n  reads as \(describe(reading))\n\(context())")
        } catch let problem {
            if problem.code != .limitExceeded {
                fail("a table without overlap warnings builds a state whose link is refused for another reason than its length\n  link:  \(display(link.utf8))\n  error: \(problem.code): \(problem)\n\(context())")
            }
        }
    }

    static func describe(_ link: ResolvedLink) -> String {
        let presented = link.presentation.map { " + \($0.style.rawValue) \($0.route)" } ?? ""
        return "\(link.flow)\(link.tab.map { "/" + $0 } ?? ""): \(link.stack.map(\.description).joined(separator: " > "))\(presented)"
    }

    static func describe(_ state: NavigationState) -> String {
        let stack = state.activeStack
        let presented = stack?.presentation.map { " + \($0.style.rawValue) \($0.route)" } ?? ""
        return "\(state.activeFlow)\(state.selectedTab.map { "/" + $0 } ?? ""): \((stack?.routes ?? []).map(\.description).joined(separator: " > "))\(presented)"
    }
}
