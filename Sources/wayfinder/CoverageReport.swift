import Wayfinder

/// What `wayfinder routes coverage` found: which screens and patterns of a table the links
/// seen reach, and what the graph itself leaves unreachable or without a way on.
///
/// - A link *reaches* every screen of the stack it resolves to, its presentation included.
/// - A link *uses* the pattern of each screen along it other than a root (a root has no
///   pattern: its flow or tab is the link's start). A link read through an alias uses that
///   alias (the one ``LinkOrigin`` names) in place of its screen's pattern, and the patterns of
///   the other screens along it; a link in an earlier version's shape uses only the old
///   shapes (`from V screen NAME link PATTERN`) among the migrations that carried it over.
/// - A guarded flow's branches: *entered* (a link into the flow was seen, opened or printed)
///   and *deferred* (a link into it was seen waiting for its guard, in a transcript).
struct CoverageReport {
    /// A pattern a link may be written in.
    struct Pattern {
        enum Kind: String {
            case pattern, alias
            case oldShape = "old shape"
        }

        let screen: String
        let text: String
        let kind: Kind
        var uses = 0
    }

    /// A guarded flow and how often its branches were taken.
    struct GuardedFlow {
        let flow: String
        let guardName: String
        var entered = 0
        var deferred = 0
    }

    /// A link that does not resolve.
    struct Refusal {
        let place: String
        let link: String
        let reason: String
    }

    let graph: RouteGraph
    /// The number of links read (resolved or not).
    private(set) var linkCount = 0
    private(set) var refused: [Refusal] = []
    /// How many links reached each screen, by its number in `graph.screens`.
    private(set) var screenHits: [Int]
    private(set) var patterns: [Pattern] = []
    private(set) var guardedFlows: [GuardedFlow]

    init(graph: RouteGraph, sightings: [CoverageInput.Sighting]) {
        self.graph = graph
        screenHits = Array(repeating: 0, count: graph.screens.count)
        for screen in graph.screens where screen.kind != .root {
            patterns.append(Pattern(screen: screen.name, text: screen.patternText, kind: .pattern))
        }
        for alias in graph.aliases {
            patterns.append(Pattern(screen: alias.screen, text: alias.pattern.map(\.description).joined(separator: "/"), kind: .alias))
        }
        for migration in graph.migrations {
            guard case .linkChanged(let screen, let pattern) = migration.change else { continue }
            patterns.append(Pattern(screen: screen, text: pattern.map(\.description).joined(separator: "/"), kind: .oldShape))
        }
        guardedFlows = graph.flows.compactMap { flow in flow.guardName.map { GuardedFlow(flow: flow.name, guardName: $0) } }
        for sighting in sightings { count(sighting) }
    }

    private mutating func count(_ sighting: CoverageInput.Sighting) {
        linkCount += 1
        if let length = sighting.overlongLength {
            refused.append(Refusal(
                place: sighting.place, link: sighting.link,
                reason: "link is \(length) bytes long; the limit is \(RouteGraph.maximumLinkLength)"))
            return
        }
        let link: ResolvedLink
        do {
            // A link from outside meets the screens' entry tiers, as `open` meets them; one
            // from a file of links is resolved as its bytes are, as `resolve -` resolves it.
            if let bytes = sighting.bytes {
                link = try graph.resolveFromOutside(utf8: bytes)
            } else {
                link = try sighting.isFromOutside ? graph.resolveFromOutside(sighting.link) : graph.resolve(sighting.link)
            }
        } catch {
            refused.append(Refusal(place: sighting.place, link: sighting.link, reason: error.message))
            return
        }
        let names = link.screenNames
        for name in names {
            if let index = graph.screens.firstIndex(where: { $0.name == name }) { screenHits[index] += 1 }
        }
        if let index = guardedFlows.firstIndex(where: { $0.flow == link.flow }) {
            if sighting.isDeferred { guardedFlows[index].deferred += 1 } else { guardedFlows[index].entered += 1 }
        }
        switch link.origin {
        case nil:
            for name in names { use(screen: name, kind: .pattern) }
        case .alias(let alias):
            use(screen: alias.screen, kind: .alias, text: alias.pattern.map(\.description).joined(separator: "/"))
            for name in names where name != alias.screen { use(screen: name, kind: .pattern) }
        case .migrated(_, let migrations):
            for case .linkChanged(let screen, let pattern) in migrations.map(\.change) {
                use(screen: screen, kind: .oldShape, text: pattern.map(\.description).joined(separator: "/"))
            }
        }
    }

    private mutating func use(screen: String, kind: Pattern.Kind, text: String? = nil) {
        guard let index = patterns.firstIndex(where: { $0.screen == screen && $0.kind == kind && (text == nil || $0.text == text) }) else { return }
        patterns[index].uses += 1
    }

    /// The screens no link reached, in declaration order.
    var unreached: [RouteGraph.Screen] {
        graph.screens.indices.filter { screenHits[$0] == 0 }.map { graph.screens[$0] }
    }

    /// The number of screens some link reached.
    var coveredCount: Int { screenHits.count { $0 > 0 } }

    /// The share of screens reached, in percent, rounded down (100 only when all are).
    var percent: Int { graph.screens.isEmpty ? 100 : coveredCount * 100 / graph.screens.count }

    /// Whether the share of screens reached is below `threshold` percent (compared exactly).
    func isBelow(_ threshold: Double) -> Bool {
        guard !graph.screens.isEmpty else { return false }
        return Double(coveredCount) * 100 < threshold * Double(graph.screens.count)
    }

    /// The patterns no link used.
    var unusedPatterns: [Pattern] { patterns.filter { $0.uses == 0 } }

    /// Each guarded flow's branches no link took: `entered`, `deferred`.
    var untakenBranches: [(flow: GuardedFlow, branch: String)] {
        guardedFlows.flatMap { flow in
            [(flow.entered, "entered"), (flow.deferred, "deferred")].filter { $0.0 == 0 }.map { (flow, $0.1) }
        }
    }
}
