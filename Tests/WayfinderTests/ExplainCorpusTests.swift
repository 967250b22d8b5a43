import Testing
import Wayfinder
import WayfinderRouteTools

/// `explain` and `resolve` never disagree: on every link of the README, the articles, the
/// tests and the fuzzers' seeds (``ExplainCorpus``), on each of those links with one
/// segment made wrong, and on random links made from them.
@Suite struct ExplainCorpusTests {
    @Test func theCorpusHoldsTheProjectsLinksAndTables() {
        #expect(ExplainCorpus.links.count > 500)
        #expect(ExplainCorpus.tables.count > 20)
        let app = ExplainCorpus.links.filter { $0.starts(with: Array("wayfinder://".utf8)) }
        #expect(app.count > 100)
        #expect(ExplainCorpus.links.contains(Array("wayfinder://main/feed/post/abc".utf8)))
    }

    @Test func explainGivesResolvesVerdictOnEveryLinkOfTheProject() {
        var explained = 0
        var problems: [String] = []
        for link in ExplainCorpus.links {
            for graph in ExplainCorpus.graphs(for: link) {
                problems += ExplainChecks.problems(explaining: link, in: graph)
                explained += 1
            }
        }
        #expect(explained > 1000)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    /// For each link that resolves, each segment a literal, a typed parameter, a tab or a
    /// web link's flow read is replaced by a word none of them reads: when the link is then
    /// refused, the explanation names that segment: as the one at fault (``DeepLinkError/segment``
    /// and ``LinkExplanation/Stop/segment``); as where a screen tried there failed (the
    /// resolver blames the segment where a pattern starts when it fails on a later literal
    /// of it); as where another shape of the table stopped (an alias's pattern); or as read
    /// by another screen (`{name:string}`), which the link then goes through and fails after.
    @Test func aSegmentMadeWrongIsTheSegmentNamed() {
        var mutated = 0
        var namedExactly = 0
        var problems: [String] = []
        for link in ExplainCorpus.links {
            for graph in ExplainCorpus.graphs(for: link) {
                let explanation = graph.explain(utf8: link)
                guard explanation.resolved != nil, let readings = explanation.segments else { continue }
                let places = Self.segmentRanges(of: link)
                guard places.count == readings.count else {
                    problems.append("\(String(decoding: link, as: UTF8.self)): \(places.count) segments split, \(readings.count) explained")
                    continue
                }
                for (reading, place) in zip(readings, places) where Self.isWrongFor(reading.reader) {
                    let wrong = Array(link[..<place.lowerBound]) + Array("zq~wrong".utf8) + Array(link[place.upperBound...])
                    let again = graph.explain(utf8: wrong)
                    problems += ExplainChecks.problems(explaining: wrong, in: graph)
                    guard let error = again.error else { continue }
                    mutated += 1
                    let named = error.segment == reading.index && again.stop?.segment == reading.index
                    let tried = again.stop?.tried.contains { $0.segment == reading.index } ?? false
                    let elsewhere = again.otherShapes.contains { $0.stop?.segment == reading.index }
                    let readByAnother = again.segments?.first { $0.index == reading.index }.map { $0.reader != .unread } ?? false
                    if named { namedExactly += 1 }
                    if !(named || tried || elsewhere || readByAnother) {
                        problems.append("\(String(decoding: wrong, as: UTF8.self)): segment \(reading.index) was made wrong; explain names \(error.segment ?? 0) (\(error.message))")
                    }
                }
            }
        }
        #expect(mutated > 500)
        // Most often the segment made wrong is the one the error names.
        #expect(namedExactly * 10 > mutated * 9, "\(namedExactly) of \(mutated) named as the segment at fault")
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    /// Random links, most of them a link of the corpus with a few bytes or segments changed,
    /// some plain random bytes after a scheme: explain's verdict is resolve's.
    @Test(arguments: [1, 2, 3, 4]) func randomLinksGetResolvesVerdict(seed: UInt64) {
        var rng = SeededGenerator(seed: 0xE7_91A1 &* seed)
        let links = ExplainCorpus.links
        var problems: [String] = []
        for _ in 0..<750 {
            let base = links[Int(rng.next() % UInt64(links.count))]
            let link = Int.random(in: 0..<10, using: &rng) == 0 ? Self.randomBytes(after: base, using: &rng) : Self.mutation(of: base, using: &rng)
            for graph in ExplainCorpus.graphs(for: link) {
                problems += ExplainChecks.problems(explaining: link, in: graph)
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    // MARK: - Making links wrong

    /// Whether a segment read this way is refused when replaced by `zq~wrong`: a literal, a
    /// tab, a flow, or a parameter of a type whose values have a shape of their own.
    static func isWrongFor(_ reader: LinkExplanation.Reader) -> Bool {
        switch reader {
        case .literal, .tab, .flow: true
        case .parameter(_, _, let type): type != .string && type != .rest
        case .unread: false
        }
    }

    /// Where each path segment of `link` is, in order: the path split on `/` after the
    /// host (a web link's origin, so that its flow comes first), one trailing slash dropped.
    static func segmentRanges(of link: [UInt8]) -> [Range<Int>] {
        guard let colon = link.firstIndex(of: UInt8(ascii: ":")), colon + 3 <= link.count else { return [] }
        let end = link[(colon + 3)...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? link.count
        guard let hostEnd = link[(colon + 3)..<end].firstIndex(of: UInt8(ascii: "/")) else { return [] }
        var start = hostEnd + 1
        var pathEnd = end
        if pathEnd > start, link[pathEnd - 1] == UInt8(ascii: "/") { pathEnd -= 1 }
        if start == pathEnd, pathEnd == end { return [] }
        var ranges: [Range<Int>] = []
        while true {
            let next = link[start..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            ranges.append(start..<next)
            if next == pathEnd { return ranges }
            start = next + 1
        }
    }

    /// Bytes that make links interesting: separators, escapes, dot segments, controls, bytes
    /// that are not UTF-8, digits and words.
    static let pieces: [[UInt8]] = ["/", "//", "%", "%2F", "%2e", "..", ".", "?", "&", "=", "#", " ", "%FF", "%C0%AF", "0", "42", "-1",
                                    "abc", "true", "new", "post", "x=1", "\u{1B}", "é"].map { Array($0.utf8) } + [[0xFF], [0xC2, 0x85]]

    /// `link` with one to three random changes: a byte removed, a piece put in, a segment
    /// repeated or cut, the end cut off.
    static func mutation(of link: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = link
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let place = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0 where !bytes.isEmpty: bytes.remove(at: place)
            case 1: bytes.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &rng)], at: place)
            case 2:
                // A segment repeated: the bytes from this slash to the next one again.
                guard let slash = bytes[place...].firstIndex(of: UInt8(ascii: "/")) else { continue }
                let next = bytes[(slash + 1)...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? bytes.count
                bytes.insert(contentsOf: bytes[slash..<next], at: next)
            case 3: bytes = Array(bytes.prefix(place))
            default: bytes.replaceSubrange(place..<min(bytes.count, place + 1), with: pieces[Int.random(in: 0..<pieces.count, using: &rng)])
            }
        }
        return bytes
    }

    /// The scheme of `link` (up to `://`) followed by random bytes.
    static func randomBytes(after link: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        let scheme = link.firstIndex(of: UInt8(ascii: ":")).map { Array(link[..<$0]) + Array("://".utf8) } ?? []
        return scheme + (0..<Int.random(in: 0..<40, using: &rng)).map { _ in
            Int.random(in: 0..<3, using: &rng) == 0 ? UInt8.random(in: 0...255, using: &rng) : Array("main/feed/post1?=&%".utf8)[Int.random(in: 0..<19, using: &rng)]
        }
    }
}
