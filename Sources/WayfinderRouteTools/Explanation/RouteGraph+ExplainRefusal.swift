@_spi(RouteTools) import Wayfinder
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
        [TableShape(shape: .today, graph: self, aliasScreens: [:])] + otherShapes.map { other in
            TableShape(shape: other.version.map(LinkExplanation.Shape.version) ?? .aliases, graph: other.graph, aliasScreens: other.aliasScreens)
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

    func explanation(of bytes: [UInt8], text: String?, refused error: DeepLinkError) -> LinkExplanation {
        // The shape whose refusal the verdict is: today's, or another's that read further
        // into the link (see ``resolveInOtherShape(_:refused:)``). Each reads the
        // link once, its walk written down.
        let all = hasOtherShapes && text != nil ? shapes : [shapes[0]]
        let walks = all.map { $0.graph.walk(utf8: bytes) }
        let refusals = walks.map { walk -> DeepLinkError? in
            if case .failure(let refusal) = walk.verdict { return refusal }
            return nil
        }
        // Refused for a screen's tier, the link was read whole: in the shape that read it.
        let isTier = error.stage == .entry
        let verdictShape = all.indices.first { isTier ? refusals[$0] == nil : refusals[$0] == error } ?? 0
        let trace = LinkTrace(walk: walks[verdictShape].walk, aliasScreens: all[verdictShape].aliasScreens)
        let (stop, path) = trace.stop(refused: error)
        // Refused in the link itself, before its path: no flow, no segments to tell of.
        let readsPath = stop.stage != .link
        var explanation = LinkExplanation(
            link: String(displaying: bytes), verdict: .failure(error), isWebLink: readsPath && trace.isWeb,
            flow: readsPath ? trace.flow.map { trace.graph.flows[$0].name } : nil, segments: readsPath ? trace.readings(of: path) : nil,
            steps: readsPath ? trace.steps(of: path) : [], stop: stop, guardRequirement: nil
        )
        explanation.shape = all[verdictShape].shape
        explanation.otherShapes = all.indices.filter { $0 != verdictShape && !isTier }.map { index in
            guard let refusal = refusals[index] else { return LinkExplanation.ShapeAttempt(shape: all[index].shape, stop: nil) }
            let trace = LinkTrace(walk: walks[index].walk, aliasScreens: all[index].aliasScreens)
            return LinkExplanation.ShapeAttempt(shape: all[index].shape, stop: trace.stop(refused: refusal).stop)
        }
        return explanation
    }
}

extension LinkTrace {
    /// Where the walk stopped in the link it refuses with `error`, and the screens of the
    /// longest run that read.
    func stop(refused error: DeepLinkError) -> (stop: LinkExplanation.Stop, path: Path) {
        let stage = error.stage
        var stop = LinkExplanation.Stop(stage: stage, segment: error.segment, segmentsRead: 0, after: nil, tried: [])
        guard stage != .link else { return (stop, []) }
        stop.segmentsRead = isWeb ? 1 : 0
        switch stage {
        case .link, .segment:
            return (stop, [])
        case .tab:
            guard let flow, count > 0 else { return (stop, []) }
            let tabs = graph.flows[flow].tabs
            stop.tried = tabs.indices.map { tab in
                let root = graph.screens[graph.roots[flow][tab]].name
                return LinkExplanation.Attempt(screen: root, pattern: tabs[tab], segment: number(0), reason: "segment \(number(0)) '\(text(0))' is not '\(tabs[tab])'")
            }
            return (stop, [])
        case .path, .query, .canonicalForm, .entry:
            let path = walk.path
            stop.segmentsRead = walk.read > 0 ? number(walk.read - 1) : stop.segmentsRead
            if let last = path.last?.screen {
                stop.after = name(last).name
                if stage == .path { stop.tried = attempts(after: last, at: walk.read) }
            }
            return (stop, path)
        }
    }
}
