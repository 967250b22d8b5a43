import WayfinderSystem

/// One shape of a table that links are read in (today's patterns, today's with the aliases,
/// an earlier version's): its graph, and its screens standing for an alias.
struct TableShape {
    let shape: LinkExplanation.Shape
    let graph: RouteGraph
    /// Its screens standing for an alias, and the alias.
    let aliasScreens: [String: RouteAlias]
}

extension RouteGraph {
    /// Today's shape, then (for a table with aliases or migrations) today's with the
    /// aliases and each earlier version's, newest first: the order links are read in.
    var shapes: [TableShape] {
        let aliases = self.aliases
        return [TableShape(shape: .today, graph: self, aliasScreens: [:])] + storage.shapes.tables.map { table in
            TableShape(
                shape: table.version.map(LinkExplanation.Shape.version) ?? .aliases, graph: table.graph,
                aliasScreens: table.aliasScreens.compactMapValues { $0 < aliases.count ? aliases[$0] : nil }
            )
        }
    }

    /// The shape a link that resolved with `origin` was read in.
    func shape(reading origin: LinkOrigin?) -> TableShape {
        let shape: LinkExplanation.Shape
        switch origin {
        case nil: shape = .today
        case .alias?: shape = .aliases
        case .migrated(let version, _)?: shape = .version(version)
        }
        return shapes.first { $0.shape == shape } ?? shapes[0]
    }

    /// Why `graph`, in its own patterns only, refuses `link`; `nil` when it reads it.
    private static func refusal(of link: String, in graph: RouteGraph) -> DeepLinkError? {
        do {
            _ = try graph.resolveInTodaysShape(link)
            return nil
        } catch {
            return error
        }
    }

    func explanation(of bytes: [UInt8], text: String?, refused error: DeepLinkError) -> LinkExplanation {
        // The shape whose refusal the verdict is: today's, or an earlier version's that read
        // further into the link (see ``resolveInOtherShape(_:refused:)``).
        let all = storage.hasShapes && text != nil ? shapes : [shapes[0]]
        let refusals = all.map { shape in text.flatMap { Self.refusal(of: $0, in: shape.graph) } }
        let verdictShape = all.indices.first { all[$0].shape != .aliases && refusals[$0] == error } ?? 0
        let (stop, trace, path, agrees) = Self.stop(of: bytes, refused: error, in: all[verdictShape])
        var explanation = LinkExplanation(
            link: String(displaying: bytes), verdict: .failure(error), isWebLink: trace?.isWeb ?? false,
            flow: trace?.flow.map { all[verdictShape].graph.flows[$0].name }, segments: trace.map { $0.readings(of: path) },
            steps: trace.map { $0.steps(of: path) } ?? [], stop: stop, guardRequirement: nil, traceAgrees: agrees
        )
        explanation.shape = all[verdictShape].shape
        explanation.otherShapes = all.indices.filter { $0 != verdictShape }.map { index in
            guard let refusal = refusals[index] else { return LinkExplanation.ShapeAttempt(shape: all[index].shape, stop: nil) }
            return LinkExplanation.ShapeAttempt(shape: all[index].shape, stop: Self.stop(of: bytes, refused: refusal, in: all[index]).stop)
        }
        return explanation
    }

    /// Where `shape` stopped reading `bytes`, which it refuses with `error`: the stop, the
    /// trace, the longest run of screens that read, and whether the trace agrees.
    private static func stop(
        of bytes: [UInt8], refused error: DeepLinkError, in shape: TableShape
    ) -> (stop: LinkExplanation.Stop, trace: LinkTrace?, path: LinkTrace.Path, agrees: Bool) {
        let stage = LinkExplanation.Stop.Stage(error, in: bytes)
        var stop = LinkExplanation.Stop(stage: stage, segment: error.segment, segmentsRead: 0, after: nil, tried: [])
        guard stage != .link else { return (stop, nil, [], true) }
        // A link refused past its scheme and host splits into segments: else the walks disagree.
        guard let trace = LinkTrace(link: bytes, graph: shape.graph, aliasScreens: shape.aliasScreens) else { return (stop, nil, [], false) }
        var (path, agrees): (LinkTrace.Path, Bool) = ([], true)
        stop = trace.stop(stage: stage, segment: error.segment, path: &path, agrees: &agrees)
        return (stop, trace, path, agrees)
    }
}

extension LinkTrace {
    /// Where a refused link stopped in the `stage` this trace explains; `path` set to the
    /// longest run that read, `agrees` to whether the walk found no way through where the
    /// resolver found none (and one where the refusal is past the path).
    func stop(stage: LinkExplanation.Stop.Stage, segment: Int?, path: inout Path, agrees: inout Bool) -> LinkExplanation.Stop {
        var stop = LinkExplanation.Stop(stage: stage, segment: segment, segmentsRead: isWeb ? 1 : 0, after: nil, tried: [])
        switch stage {
        case .link, .segment:
            return stop
        case .tab:
            guard let flow, count > 0 else { return stop }
            let tabs = graph.flows[flow].tabs
            let roots = index.flows[flow].roots
            stop.tried = tabs.indices.map { tab in
                let root = graph.screens[index.lists[roots.lowerBound + tab]].name
                return LinkExplanation.Attempt(screen: root, pattern: tabs[tab], segment: number(0), reason: "segment \(number(0)) '\(text(0))' is not '\(tabs[tab])'")
            }
            return stop
        case .path, .query, .canonicalForm:
            guard let walked = walk() else {
                agrees = false
                return stop
            }
            path = walked.path
            agrees = walked.isComplete == (stage != .path)
            stop.segmentsRead = walked.read > 0 ? number(walked.read - 1) : stop.segmentsRead
            if let last = walked.path.last?.screen {
                stop.after = name(last).name
                if stage == .path { stop.tried = attempts(after: last, at: walked.read) }
            }
            return stop
        }
    }
}

extension LinkExplanation.Stop.Stage {
    /// The part of the link `error` (about the link `bytes`) is about.
    init(_ error: DeepLinkError, in bytes: [UInt8]) {
        switch error.problem.kind {
        case .unknownTab: self = .tab
        case .unknownScreen, .edgeNotAllowed, .followsPresentation, .incomplete, .pathMismatch: self = .path
        case .canonicalTooLong, .webFormTooLong: self = .canonicalForm
        case .queryMismatch, .emptyQueryPair, .queryWithoutValue, .undeclaredQuery, .queryNotOnPath, .repeatedQuery, .missingQuery:
            self = .query
        case .emptySegment, .dotSegment, .badEscape, .invalidUTF8, .controlCharacter, .valueTooLong:
            if let segment = error.segment {
                // A web link's segment 1 is its flow: a part of the link, not of its path.
                let isWeb = !error.graph.webOrigins.isEmpty
                    && ["http://", "https://"].contains { bytes.starts(with: $0.utf8) { LinkIndex.byte($0, true) == $1 } }
                self = segment == 1 && isWeb ? .link : .segment
            } else if let range = error.range, let query = bytes.firstIndex(of: UInt8(ascii: "?")), range.lowerBound > query {
                self = .query
            } else {
                self = .link
            }
        default: self = .link
        }
    }
}

