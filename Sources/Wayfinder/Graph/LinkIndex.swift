/// The route graph compiled for resolving links: small plain records indexed by screen,
/// and one hash table from an owner and a byte string to a run of screens (or a tab, a
/// flow, a query key), so that resolution compares bytes and never builds a `String`,
/// copies a ``RouteGraph/Screen`` or hashes with `Hasher`.
///
/// Built once with the graph and immutable afterwards (hence `@unchecked Sendable`). Its
/// tables live in memory it owns, so that reading them costs no reference counting.
/// Lookups cost O(length of the key), whatever the number of routes.
final class LinkIndex: @unchecked Sendable {
    /// How a pattern segment matches: a literal, or a parameter of some type.
    enum Kind: UInt8, Sendable {
        case literal, uuid, int, string

        init(_ type: ParameterType) {
            switch type {
            case .uuid: self = .uuid
            case .int: self = .int
            case .string: self = .string
            }
        }
    }

    /// One pattern segment; a literal's bytes are `bytes[start..<start + count]`.
    struct Segment: Sendable {
        var kind: Kind
        var start: Int32
        var count: Int32
    }

    /// A run of `lists` (screen indices in order), or a value in `start` for tables that
    /// map to one number.
    struct Run: Sendable {
        var start: Int32
        var count: Int32
    }

    /// One query parameter of a screen.
    struct QueryInfo: Sendable {
        var kind: Kind
        var isRequired: Bool
    }

    /// What the resolver needs of a screen.
    struct ScreenInfo: Sendable {
        /// Its pattern: `segments[pattern.start..<pattern.start + pattern.count]`.
        var pattern: Run
        /// Its query parameters: `queries[query.start..<query.start + query.count]`.
        var query: Run
        /// Its successors whose pattern starts with a parameter, in precedence order.
        var dynamicSuccessors: Run
        var pathParameterCount: Int32
        var flow: Int32
        var isPresentation: Bool
        var hasRequiredQuery: Bool
    }

    /// What the resolver needs of a flow.
    struct FlowInfo: Sendable {
        var tabCount: Int32
        /// Its roots (one per tab, in tab order, or its only one) in `lists`.
        var roots: Run
        /// Its non-root screens whose pattern starts with a uuid, int or string parameter,
        /// in declaration order.
        var firstUUID: Run
        var firstInt: Run
        var firstString: Run

        /// The run of screens whose first segment is a parameter of `kind`.
        func first(_ kind: Kind) -> Run {
            switch kind {
            case .uuid: firstUUID
            case .int: firstInt
            case .string, .literal: firstString
            }
        }
    }

    /// The namespaces of the hash table's keys.
    enum Table {
        /// Successors of a screen whose pattern starts with a literal; value: a run of screens.
        case successors(screen: Int)
        /// Non-root screens of a flow whose pattern starts with a literal, in declaration order.
        case flowScreens(flow: Int)
        /// A tab of a flow; value: its index in `start`.
        case tab(flow: Int)
        /// A query key of a flow; value: the screen declaring it in `start`, its index in `count`.
        case query(flow: Int)
        /// A flow, by name (the link's host); value: its index in `start`.
        case flow
    }

    private struct Entry: Sendable {
        var owner: Int32 = -1
        var key: Run = Run(start: 0, count: 0)
        var value: Run = Run(start: 0, count: 0)
    }

    let screens: UnsafeBufferPointer<ScreenInfo>
    let flows: UnsafeBufferPointer<FlowInfo>
    let segments: UnsafeBufferPointer<Segment>
    let queries: UnsafeBufferPointer<QueryInfo>
    /// The bytes of every literal and key.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Runs of screen indices.
    let lists: UnsafeBufferPointer<Int32>
    /// The scheme's bytes (lower case).
    let scheme: UnsafeBufferPointer<UInt8>
    /// For each byte, whether the first pass over a link must look at it: spaces and
    /// controls, `#`, `/`, `?`, `%`, and `0xC2` (which starts the C1 controls).
    let isSpecial: UnsafeBufferPointer<Bool>
    /// The most query parameters any one screen declares.
    let maximumQueryCount: Int
    private let entries: UnsafeBufferPointer<Entry>
    private let mask: Int
    private let longestKey: Int
    private let flowCount: Int

    init(
        scheme: String, flows: [RouteGraph.Flow], screens: [RouteGraph.Screen], successors: [SuccessorIndex],
        roots: [[Int]], queryOwners: [[String: Int]]
    ) {
        var builder = Builder(screenCount: screens.count, flowCount: flows.count)
        var flowNumbers: [String: Int] = [:]
        for (number, flow) in flows.enumerated() where flowNumbers[flow.name] == nil { flowNumbers[flow.name] = number }

        var screenInfos: [ScreenInfo] = []
        screenInfos.reserveCapacity(screens.count)
        var queries: [QueryInfo] = []
        for (number, screen) in screens.enumerated() {
            let patternStart = builder.segments.count
            for segment in screen.pattern {
                switch segment {
                case .literal(let word):
                    let key = builder.store(word)
                    builder.segments.append(Segment(kind: .literal, start: key.start, count: key.count))
                case .parameter(_, let type):
                    builder.segments.append(Segment(kind: Kind(type), start: 0, count: 0))
                }
            }
            let successorIndex = number < successors.count ? successors[number] : SuccessorIndex()
            for (word, run) in successorIndex.byLiteral {
                builder.insert(.successors(screen: number), key: word, value: builder.run(run))
            }
            let queryStart = queries.count
            queries += screen.query.map { QueryInfo(kind: Kind($0.type), isRequired: !$0.isOptional) }
            screenInfos.append(ScreenInfo(
                pattern: Run(start: Int32(patternStart), count: Int32(screen.pattern.count)),
                query: Run(start: Int32(queryStart), count: Int32(screen.query.count)),
                dynamicSuccessors: builder.run(successorIndex.dynamic),
                pathParameterCount: Int32(screen.pathParameterCount),
                flow: Int32(flowNumbers[screen.flow] ?? -1),
                isPresentation: screen.kind.presentationStyle != nil,
                hasRequiredQuery: screen.query.contains { !$0.isOptional }
            ))
        }

        var flowInfos: [FlowInfo] = []
        for (number, flow) in flows.enumerated() {
            builder.insert(.flow, key: flow.name, value: Run(start: Int32(number), count: 0))
            for (tab, name) in flow.tabs.enumerated() {
                builder.insert(.tab(flow: number), key: name, value: Run(start: Int32(tab), count: 0))
            }
            var byLiteral: [String: [Int]] = [:]
            var literalOrder: [String] = []
            var byKind: [[Int]] = Array(repeating: [], count: 4)
            let rootRun = builder.run(number < roots.count ? roots[number] : [])
            for (index, screen) in screens.enumerated() where screen.flow == flow.name && screen.kind != .root {
                switch screen.pattern.first {
                case .literal(let word)?:
                    if byLiteral[word] == nil { literalOrder.append(word) }
                    byLiteral[word, default: []].append(index)
                case .parameter(_, let type)?:
                    byKind[Int(Kind(type).rawValue)].append(index)
                case nil:
                    break
                }
            }
            for word in literalOrder {
                builder.insert(.flowScreens(flow: number), key: word, value: builder.run(byLiteral[word] ?? []))
            }
            for (key, owner) in number < queryOwners.count ? queryOwners[number] : [:] {
                let queryIndex = screens[owner].query.firstIndex { $0.name == key } ?? 0
                builder.insert(.query(flow: number), key: key, value: Run(start: Int32(owner), count: Int32(queryIndex)))
            }
            flowInfos.append(FlowInfo(
                tabCount: Int32(flow.tabs.count), roots: rootRun,
                firstUUID: builder.run(byKind[Int(Kind.uuid.rawValue)]),
                firstInt: builder.run(byKind[Int(Kind.int.rawValue)]),
                firstString: builder.run(byKind[Int(Kind.string.rawValue)])
            ))
        }

        // Open addressing at a load factor of at most one half.
        var capacity = 16
        while capacity < builder.pending.count * 2 { capacity *= 2 }
        var entries = [Entry](repeating: Entry(), count: capacity)
        builder.bytes.withUnsafeBufferPointer { all in
            for (owner, key, value) in builder.pending {
                let keyBytes = UnsafeBufferPointer(rebasing: all[Int(key.start)..<Int(key.start + key.count)])
                var slot = LinkIndex.hash(owner, keyBytes) & (capacity - 1)
                while entries[slot].owner >= 0 { slot = (slot + 1) & (capacity - 1) }
                entries[slot] = Entry(owner: Int32(owner), key: key, value: value)
            }
        }
        var special = [Bool](repeating: false, count: 256)
        for byte in 0...0x20 { special[byte] = true }
        for byte in [0x7F, 0xC2] + "#/?%".utf8.map(Int.init) { special[byte] = true }

        self.screens = LinkIndex.copy(screenInfos)
        self.flows = LinkIndex.copy(flowInfos)
        self.segments = LinkIndex.copy(builder.segments)
        self.queries = LinkIndex.copy(queries)
        self.bytes = LinkIndex.copy(builder.bytes)
        self.lists = LinkIndex.copy(builder.lists)
        self.scheme = LinkIndex.copy(Array(scheme.utf8))
        self.isSpecial = LinkIndex.copy(special)
        self.entries = LinkIndex.copy(entries)
        self.maximumQueryCount = screens.map(\.query.count).max() ?? 0
        self.flowCount = flows.count
        self.mask = capacity - 1
        self.longestKey = builder.longestKey
    }

    deinit {
        screens.deallocate()
        flows.deallocate()
        segments.deallocate()
        queries.deallocate()
        bytes.deallocate()
        lists.deallocate()
        scheme.deallocate()
        isSpecial.deallocate()
        entries.deallocate()
    }

    /// A copy of `array` in memory of its own (never empty, so that it can be deallocated).
    private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = memory.initialize(from: array)
        return UnsafeBufferPointer(start: memory.baseAddress, count: array.count)
    }

    /// The owner number of `table`'s keys in the hash table.
    @inline(__always)
    static func owner(_ table: Table, screenCount: Int, flowCount: Int) -> Int {
        switch table {
        case .successors(let screen): screen
        case .flowScreens(let flow): screenCount + flow
        case .tab(let flow): screenCount + flowCount + flow
        case .query(let flow): screenCount + 2 * flowCount + flow
        case .flow: screenCount + 3 * flowCount
        }
    }

    /// The value stored for `key` in `table`. With `foldingCase`, ASCII capitals in
    /// `key` compare as lower case (the stored keys are lower case).
    @inline(__always)
    func lookup(_ table: Table, _ key: UnsafeBufferPointer<UInt8>, foldingCase: Bool = false) -> Run? {
        guard key.count <= longestKey else { return nil }
        let owner = LinkIndex.owner(table, screenCount: screens.count, flowCount: flowCount)
        var slot = LinkIndex.hash(owner, key, foldingCase: foldingCase) & mask
        while true {
            let entry = entries[slot]
            if entry.owner < 0 { return nil }
            if Int(entry.owner) == owner, Int(entry.key.count) == key.count,
               LinkIndex.equal(key, bytes.baseAddress! + Int(entry.key.start), foldingCase: foldingCase) {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
    }

    /// The `offset`-th screen of `run`.
    @inline(__always)
    func screen(in run: Run, at offset: Int) -> Int {
        Int(lists[Int(run.start) + offset])
    }

    /// Whether `bytes` equal the literal of `segment`.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, literal segment: Segment) -> Bool {
        bytes.count == Int(segment.count)
            && LinkIndex.equal(bytes, self.bytes.baseAddress! + Int(segment.start), foldingCase: false)
    }

    /// Compares `key` with the `key.count` bytes at `stored`.
    @inline(__always)
    static func equal(_ key: UnsafeBufferPointer<UInt8>, _ stored: UnsafePointer<UInt8>, foldingCase: Bool) -> Bool {
        for index in 0..<key.count {
            var byte = key[index]
            if foldingCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != stored[index] { return false }
        }
        return true
    }

    /// FNV-1a over the owner and the bytes, then a final mix.
    @inline(__always)
    static func hash(_ owner: Int, _ key: UnsafeBufferPointer<UInt8>, foldingCase: Bool = false) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ (UInt64(truncatingIfNeeded: owner) &* 0x9E37_79B9_7F4A_7C15)
        for var byte in key {
            if foldingCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }
}

/// Collects the index's arrays and the hash table's entries while it is built.
private struct Builder {
    let screenCount: Int
    let flowCount: Int
    var segments: [LinkIndex.Segment] = []
    var bytes: [UInt8] = []
    var lists: [Int32] = []
    var pending: [(owner: Int, key: LinkIndex.Run, value: LinkIndex.Run)] = []
    var seen: Set<String> = []
    var longestKey = 0

    init(screenCount: Int, flowCount: Int) {
        self.screenCount = screenCount
        self.flowCount = flowCount
    }

    mutating func store(_ text: String) -> LinkIndex.Run {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        longestKey = max(longestKey, text.utf8.count)
        return LinkIndex.Run(start: Int32(start), count: Int32(text.utf8.count))
    }

    mutating func run(_ screens: [Int]) -> LinkIndex.Run {
        let start = lists.count
        lists.append(contentsOf: screens.map(Int32.init))
        return LinkIndex.Run(start: Int32(start), count: Int32(screens.count))
    }

    /// Adds `key` to `table`; the first value given for a key is kept.
    mutating func insert(_ table: LinkIndex.Table, key: String, value: LinkIndex.Run) {
        let owner = LinkIndex.owner(table, screenCount: screenCount, flowCount: flowCount)
        guard seen.insert("\(owner) \(key)").inserted else { return }
        pending.append((owner, store(key), value))
    }
}
