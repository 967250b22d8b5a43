@_spi(RouteTools) import Wayfinder

extension RouteGraph {
    /// One pattern links from outside the app can reach: a screen, in one shape of its links
    /// (today's pattern, an alias, or the pattern of an earlier version), with what it takes
    /// and what guards it. What `wayfinder routes surface` lists.
    public struct SurfaceEntry: Hashable, Sendable {
        /// Which shape of the screen's links the entry is.
        public enum Shape: Hashable, Sendable, CustomStringConvertible {
            /// Today's pattern (`screen` line).
            case today
            /// An `alias` line.
            case alias
            /// A `from N screen NAME link PATTERN` line: links of version `version` and before.
            case earlier(version: Int)

            /// `today`, `alias`, `version 1`.
            public var description: String {
                switch self {
                case .today: "today"
                case .alias: "alias"
                case .earlier(let version): "version \(version)"
                }
            }
        }

        /// The screen reached.
        public let screen: Screen
        /// The segments of this shape of its links (empty for a root).
        public let pattern: [Segment]
        /// Which shape it is.
        public let shape: Shape
        /// The screens before it that outside links reach too, in declaration order.
        public let after: [String]
        /// The guard of its flow, if any.
        public let guardName: String?
        /// The tier a link to it meets: the strictest on the least strict way there from a
        /// root (a screen that follows only screens asking for confirmation asks too).
        public let tier: EntryTier

        /// The pattern as the table writes it; empty for a root.
        public var patternText: String { pattern.map(\.description).joined(separator: "/") }

        /// Its path parameters (in pattern order), then its screen's query parameters.
        public var parameters: [(name: String, type: ParameterType, inQuery: Bool, isOptional: Bool)] {
            pattern.compactMap { segment in
                guard case .parameter(let name, let type) = segment else { return nil }
                return (name, type, false, false)
            } + screen.query.map { ($0.name, $0.type, true, $0.isOptional) }
        }
    }

    /// Every pattern links from outside can reach, screen by screen in declaration order
    /// (today's pattern, then its aliases, then its earlier shapes). A screen is left out
    /// when it is internal, or when every way to it from a root passes an internal screen.
    /// - Complexity: O(s + e) in the number of screens and edges, plus the aliases and
    ///   migrations.
    public var linkSurface: [SurfaceEntry] {
        let tiers = outsideTiers
        var entries: [SurfaceEntry] = []
        for (index, screen) in screens.enumerated() {
            guard let tier = tiers[index] else { continue }
            let after = screen.predecessors.filter { name in
                screens.firstIndex { $0.name == name }.map { tiers[$0] != nil } ?? false
            }
            let guardName = flow(named: screen.flow)?.guardName
            func entry(_ pattern: [Segment], _ shape: SurfaceEntry.Shape) -> SurfaceEntry {
                SurfaceEntry(screen: screen, pattern: pattern, shape: shape, after: after, guardName: guardName, tier: tier)
            }
            entries.append(entry(screen.pattern, .today))
            entries += aliases.filter { $0.screen == screen.name }.map { entry($0.pattern, .alias) }
            for migration in migrations {
                if case .linkChanged(screen.name, let pattern) = migration.change {
                    entries.append(entry(pattern, .earlier(version: migration.version)))
                }
            }
        }
        return entries
    }

    /// The screens links from outside cannot reach: internal ones, and those every way to
    /// which passes an internal screen; in declaration order.
    public var screensOffTheSurface: [Screen] {
        let tiers = outsideTiers
        return screens.indices.filter { tiers[$0] == nil }.map { screens[$0] }
    }

    /// For each screen, the tier an outside link to it meets (see ``SurfaceEntry/tier``);
    /// `nil` when no outside link reaches it. One walk of the edges per tier short of
    /// internal: what the first walk reaches is `outside`, what only the second reaches
    /// is `confirm`.
    private var outsideTiers: [EntryTier?] {
        var tiers = [EntryTier?](repeating: nil, count: screens.count)
        for limit in [EntryTier.outside, .confirm] {
            var isReached = [Bool](repeating: false, count: screens.count)
            var queue = roots.flatMap { $0 }.filter { screens[$0].entry <= limit }
            for root in queue { isReached[root] = true }
            while let screen = queue.popLast() {
                if tiers[screen] == nil { tiers[screen] = limit }
                for next in successors[screen] where !isReached[next] && screens[next].entry <= limit {
                    isReached[next] = true
                    queue.append(next)
                }
            }
        }
        return tiers
    }
}
