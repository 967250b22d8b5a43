/// The route graph compiled for resolving links: small plain records indexed by screen,
/// and one hash table from an owner and a byte string to a run of screens (or a tab, a
/// flow, a query key), so that resolution compares bytes and never builds a `String`,
/// copies a ``RouteGraph/Screen`` or hashes with `Hasher`.
///
/// Built once with the graph and immutable afterwards. Lookups cost O(length of the key),
/// whatever the number of routes.
final class LinkIndex: Sendable {
    /// How a pattern segment matches: a literal, or a parameter of some type.
    enum Kind: UInt8, Sendable {
        case literal, uuid, int, string, bool, double, date, oneOf, rest

        init(_ type: ParameterType) {
            switch type {
            case .uuid: self = .uuid
            case .int: self = .int
            case .string: self = .string
            case .bool: self = .bool
            case .double: self = .double
            case .date: self = .date
            case .oneOf: self = .oneOf
            case .rest: self = .rest
            }
        }

        /// The type a parameter of this kind converts to; `nil` for a literal and for a
        /// set, whose words are the index's. What the kinds without a path of their own in
        /// ``LinkIndex/converts(_:as:words:)`` convert with.
        var type: ParameterType? {
            switch self {
            case .literal, .oneOf: nil
            case .uuid: .uuid
            case .int: .int
            case .string: .string
            case .bool: .bool
            case .double: .double
            case .date: .date
            case .rest: .rest
            }
        }
    }

    /// One pattern segment; a literal's bytes, or a set's words separated by `|`, are
    /// `bytes[start..<start + count]`; a literal's first bytes are also `word` (see
    /// ``word(_:from:count:at:)``), so that one of up to 8 bytes compares as one word.
    struct Segment: Sendable {
        var kind: Kind
        var start: Int32
        var count: Int32
        var word: UInt64 = 0
    }

    /// A run of `lists` (screen indices in order), or a value in `start` for tables that
    /// map to one number. In the successors table, `count == -1` means the one screen `start`.
    struct Run: Sendable {
        var start: Int32
        var count: Int32
    }

    /// One query parameter of a screen; a set's words, separated by `|`, are
    /// `bytes[words.start..<words.start + words.count]`.
    struct QueryInfo: Sendable {
        var kind: Kind
        var isRequired: Bool
        var words: Run
    }

    /// What the resolver needs of a screen.
    struct ScreenInfo: Sendable {
        /// Its pattern: `segments[pattern.start..<pattern.start + pattern.count]`.
        var pattern: Run
        /// Its query parameters: `queries[query.start..<query.start + query.count]`.
        var query: Run
        /// Its successors whose pattern starts with a parameter, in precedence order.
        var dynamicSuccessors: Run
        /// Whether it has successors whose pattern starts with a literal (they are in the
        /// hash table, by literal: ``Table/successors(screen:)``).
        var hasLiteralSuccessors: Bool
        var pathParameterCount: Int32
        var flow: Int32
        /// The same number for screens of one flow with the same successors (and kind of
        /// step), which a walk goes on from alike (see ``LinkResolver/walk(from:at:)``).
        var successorClass: Int32
        var isPresentation: Bool
        var hasRequiredQuery: Bool
    }

    /// What the resolver needs of a flow.
    struct FlowInfo: Sendable {
        var tabCount: Int32
        /// Its roots (one per tab, in tab order, or its only one) in `lists`.
        var roots: Run
        /// Its non-root screens whose pattern starts with a parameter, in precedence order,
        /// the first of each pattern only.
        var parameterFirst: Run
    }

    /// The namespaces of the hash table's keys.
    enum Table {
        /// Successors of a screen whose pattern starts with a literal; value: a run of screens.
        case successors(screen: Int)
        /// Non-root screens of a flow whose pattern starts with a literal, in precedence order,
        /// the first of each pattern only.
        case flowScreens(flow: Int)
        /// A tab of a flow; value: its index in `start`.
        case tab(flow: Int)
        /// A query key of a flow; value: the screen declaring it in `start`, its index in `count`.
        case query(flow: Int)
        /// A flow, by name (the link's host); value: its index in `start`.
        case flow
        /// A screen, by name; value: its index in `start`.
        case screen
    }

    /// One key of the hash table: `owner` (see ``Table``) and bytes, whose first ones are
    /// also `word` (see ``word(_:from:count:at:)``); `owner < 0` is empty.
    struct Entry: Sendable {
        var owner: Int32 = -1
        var key: Run = Run(start: 0, count: 0)
        var value: Run = Run(start: 0, count: 0)
        var word: UInt64 = 0
    }

    let screens: [ScreenInfo]
    let flows: [FlowInfo]
    let segments: [Segment]
    let queries: [QueryInfo]
    /// The bytes of every literal and key.
    let bytes: [UInt8]
    /// Runs of screen indices.
    let lists: [Int32]
    /// The scheme's bytes.
    let scheme: [UInt8]
    /// For each byte, whether the first pass over a link must look at it: spaces and
    /// controls, `#`, `/`, `?`, `%`, and `0xC2` (which starts the C1 controls).
    let isSpecial: [Bool]
    let entries: [Entry]
    /// Each screen's name.
    let screenNames: [String]
    /// For each segment of `segments`, its parameter's name (empty for a literal).
    let segmentNames: [String]
    /// For each parameter of `queries`, its name.
    let queryNames: [String]
    let mask: Int
    let longestKey: Int
    let flowCount: Int
    /// The most query parameters any one screen declares.
    let maximumQueryCount: Int

    init(
        scheme: String, flows: [RouteGraph.Flow], screens: [RouteGraph.Screen], successors: [SuccessorIndex],
        roots: [[Int]], queryOwners: [[String: Int]]
    ) {
        var builder = Builder(screenCount: screens.count, flowCount: flows.count)
        var flowNumbers: [String: Int] = [:]
        for (number, flow) in flows.enumerated() where flowNumbers[flow.name] == nil { flowNumbers[flow.name] = number }
        let screenInfos = screens.indices.map { number in
            builder.screenInfo(
                number, of: screens, successors: number < successors.count ? successors[number] : SuccessorIndex(),
                flow: flowNumbers[screens[number].flow] ?? -1
            )
        }
        for (number, screen) in screens.enumerated() {
            builder.insert(.screen, key: screen.name, value: Run(start: Int32(number), count: 0))
        }
        let flowInfos = flows.indices.map { number in
            builder.flowInfo(
                number, flows[number], screens: screens, roots: number < roots.count ? roots[number] : [],
                queryOwners: number < queryOwners.count ? queryOwners[number] : [:]
            )
        }
        let (entries, capacity) = builder.hashTable()
        var special = [Bool](repeating: false, count: 256)
        for byte in 0...0x20 { special[byte] = true }
        for byte in [0x7F, 0xC2] + "#/?%".utf8.map(Int.init) { special[byte] = true }

        self.screens = screenInfos
        self.flows = flowInfos
        segments = builder.segments
        queries = builder.queries
        bytes = builder.bytes
        lists = builder.lists
        self.scheme = Array(scheme.utf8)
        isSpecial = special
        self.entries = entries
        screenNames = screens.map { $0.name }
        segmentNames = screens.flatMap { $0.pattern.map { $0.parameterName } }
        queryNames = screens.flatMap { $0.query.map { $0.name } }
        mask = capacity - 1
        longestKey = builder.longestKey
        flowCount = flows.count
        maximumQueryCount = screens.map { $0.query.count }.max() ?? 0
    }

    /// The owner number of `table`'s keys in the hash table.
    static func owner(_ table: Table, screenCount: Int, flowCount: Int) -> Int {
        switch table {
        case .successors(let screen): screen
        case .flowScreens(let flow): screenCount + flow
        case .tab(let flow): screenCount + flowCount + flow
        case .query(let flow): screenCount + 2 * flowCount + flow
        case .flow: screenCount + 3 * flowCount
        case .screen: screenCount + 3 * flowCount + 1
        }
    }
}

/// Collects the index's arrays and the hash table's entries while it is built.
extension RouteGraph.Segment {
    /// The parameter's name; empty for a literal.
    var parameterName: String {
        if case .parameter(let name, _) = self { return name }
        return ""
    }

    /// The segment as it matches: a parameter's name cleared.
    var unnamed: RouteGraph.Segment {
        if case .parameter(_, let type) = self { return .parameter(name: "", type: type) }
        return self
    }
}
