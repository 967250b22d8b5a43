@_spi(RouteTools) import Wayfinder

/// The shape of web links a table opens: a path's segments after the origin, the flow first,
/// each a literal or a value of a type (a word of a set and a `bool` are literals, one shape
/// for each word), for the association files made from the table.
package struct WebLinkShape: Hashable, Sendable {
    /// One segment of the shape.
    package enum Part: Hashable, Sendable {
        /// A fixed word: the flow, the tab, a literal of a pattern, a word of a set.
        case literal(String)
        /// One segment holding a value of the type (not a set of words, `bool` or `rest`).
        case value(ParameterType)
        /// One or more segments: a `rest` parameter, last.
        case rest
    }

    /// The segments, the flow first.
    package let parts: [Part]
    /// The screens the link opens, root first (as today's table names them).
    package let screens: [String]

    /// Whether the shape ends with a `rest` parameter (it has no fixed number of segments).
    package var endsWithRest: Bool { parts.last == .rest }

    /// The `/` pattern of an `apple-app-site-association` component for the shape: each value
    /// `?*` (one character or more), a literal as it is (literals are URL words, which need no
    /// escaping and hold neither `*` nor `?`).
    package var associationPattern: String {
        parts.map { part in
            switch part {
            case .literal(let word): "/" + word
            case .value, .rest: "/?*"
            }
        }.joined()
    }

    /// A path of the shape, with `value(type)` for each value (and `rest` for a rest parameter).
    package func path(_ value: (ParameterType) -> String) -> String {
        parts.map { part in
            switch part {
            case .literal(let word): "/" + word
            case .value(let type): "/" + value(type)
            case .rest: "/" + value(.rest)
            }
        }.joined()
    }

    /// A value of each type, written as in a link.
    package static func sample(_ type: ParameterType) -> String {
        switch type {
        case .int: "1"
        case .string: "a"
        case .uuid: "00000000-0000-4000-8000-000000000001"
        case .bool: "true"
        case .double: "1.5"
        case .date: "2024-01-31"
        case .oneOf(let words): words.first ?? "a"
        case .rest: "a/b"
        }
    }
}

extension RouteGraph {
    /// The shapes of the web links the table opens with at most `depth` screens above the
    /// root (today's patterns, its aliases and the shapes of its earlier versions, as
    /// ``resolve(_:)`` reads them), each once, in a fixed order; each shape's sample link
    /// resolves and may be opened from outside (no internal screen: see ``EntryTier``).
    package func webLinkShapes(depth: Int) -> [WebLinkShape] {
        let candidates = shapeCandidates(depth: depth, limit: .max)
        var seen: Set<[WebLinkShape.Part]> = []
        var shapes: [WebLinkShape] = []
        for parts in candidates where seen.insert(parts).inserted {
            let path = WebLinkShape(parts: parts, screens: []).path(WebLinkShape.sample)
            do {
                let link = try resolveFromOutside("\(scheme):/" + path)
                shapes.append(WebLinkShape(parts: parts, screens: link.screenNames))
            } catch {
                // A shape of an earlier version whose state does not carry over, or one
                // through an internal screen: its links are the browser's.
                continue
            }
        }
        return shapes
    }

    /// The most shapes of link the association files are made of: past it, a `depth` is
    /// refused (a table with cycles has exponentially many walks).
    package static let maximumAssociationShapes = 20_000

    /// Whether the table has at most ``maximumAssociationShapes`` shapes of link of `depth`
    /// screens above the root (counted before duplicates are removed).
    package func associationShapesFit(depth: Int) -> Bool {
        shapeCandidates(depth: depth, limit: Self.maximumAssociationShapes).count <= Self.maximumAssociationShapes
    }

    /// Every walk of `depth` screens (duplicates included), stopping past `limit` of them.
    private func shapeCandidates(depth: Int, limit: Int) -> [[WebLinkShape.Part]] {
        var candidates: [[WebLinkShape.Part]] = []
        for graph in [self] + otherShapes.map(\.graph) {
            for flow in graph.flows {
                let tabs: [String?] = flow.tabs.isEmpty ? [nil] : flow.tabs
                for (index, tab) in tabs.enumerated() {
                    guard let root = graph.rootScreen(flow: flow.name, tab: tab) else { continue }
                    var parts = [WebLinkShape.Part.literal(flow.name)]
                    // `/main` alone opens the first tab; a longer link names its tab.
                    if index == 0 { candidates.append(parts) }
                    if let tab {
                        parts.append(.literal(tab))
                        candidates.append(parts)
                    }
                    graph.extendShapes(parts, after: root, depth: depth, limit: limit, into: &candidates)
                    if candidates.count > limit { return candidates }
                }
            }
        }
        return candidates
    }

    /// Appends to `shapes` every walk on from `screen` (whose link so far is `parts`), up to
    /// `depth` more screens and the link's limit of segments.
    private func extendShapes(
        _ parts: [WebLinkShape.Part], after screen: Screen, depth: Int, limit: Int, into shapes: inout [[WebLinkShape.Part]]
    ) {
        guard depth > 0, shapes.count <= limit else { return }
        for next in successors(of: screen.name) {
            for tail in Self.shapeParts(next.pattern) where parts.count - 1 + tail.count <= Self.maximumSegments {
                let walk = parts + tail
                shapes.append(walk)
                if next.kind == .push, walk.last != .rest {
                    extendShapes(walk, after: next, depth: depth - 1, limit: limit, into: &shapes)
                }
            }
        }
    }

    /// A pattern's segments as shape parts: one list for each choice of the words of its sets
    /// (and of `true` or `false` for a `bool`), up to a thousand lists.
    private static func shapeParts(_ pattern: [Segment]) -> [[WebLinkShape.Part]] {
        var lists: [[WebLinkShape.Part]] = [[]]
        for segment in pattern {
            let choices: [WebLinkShape.Part]
            switch segment {
            case .literal(let word): choices = [.literal(word)]
            case .parameter(_, .oneOf(let words)): choices = words.map(WebLinkShape.Part.literal)
            case .parameter(_, .bool): choices = [.literal("true"), .literal("false")]
            case .parameter(_, .rest): choices = [.rest]
            case .parameter(_, let type): choices = [.value(type)]
            }
            // Words past a thousand choices are one value's segment each, as any other value.
            if lists.count * choices.count > 1_000, case .parameter(_, let type) = segment {
                lists = lists.map { $0 + [.value(type)] }
                continue
            }
            lists = lists.flatMap { list in choices.map { list + [$0] } }
        }
        return lists
    }
}
