/// The route graph compiled for resolving links: plain records indexed by screen, and one
/// hash table from an owner (a screen, a flow) and a byte string to a run of screens, a tab, a
/// flow or a query parameter, so that resolution compares bytes and never builds a `String`.
/// Immutable once built; a lookup costs O(length of the key), whatever the number of routes.
final class LinkIndex: Sendable {
    /// How a pattern segment or query parameter matches: a literal, or a parameter of some type.
    enum Kind: UInt8, CaseIterable, Sendable {
        case literal, uuid, int, string, bool, double, date, oneOf, rest

        init(_ type: ParameterType) { self = Kind.allCases.first { $0.type == type } ?? .oneOf }

        /// The type a parameter of this kind converts to; `nil` for a literal and a set.
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

    /// A pattern segment or a query parameter: a literal's bytes, or a set's words (`a|b`), in `bytes[text]`.
    struct Segment: Sendable {
        var kind: Kind
        var text: Range<Int>
        /// For a query parameter, whether a link must give it.
        var isRequired = false
    }

    /// What the resolver needs of a screen: its pattern in ``segments``, its query in ``queries``.
    struct ScreenInfo: Sendable {
        var pattern: Range<Int>
        var query: Range<Int>
        /// Its successors starting with a parameter, in precedence order (the others: the hash table).
        var dynamicSuccessors: Range<Int>
        var hasLiteralSuccessors: Bool
        var pathParameterCount: Int
        var flow: Int
        /// Shared by the screens of a flow with the same successors and kind of step (see the walk).
        var successorClass: Int
        var isPresentation: Bool
        var hasRequiredQuery: Bool
    }

    /// What the resolver needs of a flow: its roots (one per tab, or its only one), and its non-root
    /// screens starting with a parameter, in precedence order, the first of each pattern only.
    struct FlowInfo: Sendable {
        var tabCount: Int
        var roots: Range<Int>
        var parameterFirst: Range<Int>
    }

    /// The namespaces of the hash table's keys. A key maps to a run of ``lists`` (the screens starting with
    /// it, in precedence order: a screen's successors, or a flow's non-root screens, the first of each
    /// pattern only), or to a number in the run's `lowerBound` (a tab, a query parameter, a flow, a screen).
    enum Table {
        case successors(screen: Int)
        case flowScreens(flow: Int)
        case tab(flow: Int)
        case query(flow: Int)
        case flow
        case screen

        /// A number for each table and screen or flow, mixed into the keys' hashes.
        var owner: Int {
            switch self {
            case .successors(let screen): 4 * screen
            case .flowScreens(let flow): 4 * flow + 1
            case .tab(let flow): 4 * flow + 2
            case .query(let flow): 4 * flow + 3
            case .flow: -1
            case .screen: -2
            }
        }
    }

    /// One key of the hash table: its hash (owner included), its bytes (`bytes[key]`; a key
    /// of up to 8 bytes also as one word, so that most lookups never read ``bytes``), its value.
    struct Entry: Sendable {
        var hash: UInt64
        var key: Range<Int>
        var short: UInt64
        var value: Range<Int>
    }

    let screens: [ScreenInfo]
    let flows: [FlowInfo]
    let segments: [Segment]
    let queries: [Segment]
    /// For each parameter of ``queries``, the screen declaring it.
    let queryOwners: [Int]
    /// The bytes of every literal, set and key; runs of screen indices.
    let bytes: [UInt8]
    let lists: [Int]
    /// The hash table: open addressing, its capacity a power of two, at most half full.
    let entries: [Entry?]
    let scheme: [UInt8]
    /// For each byte, whether a link's scan (``LinkResolver/Scan``) looks at it.
    let isSpecial: [Bool]
    /// Each screen's name; for each segment of ``segments``, its parameter's name (empty for a
    /// literal); for each parameter of ``queries``, its name (for printing and ``ResolvedLink``).
    let screenNames: [String]
    let segmentNames: [String]
    let queryNames: [String]
    /// The longest key; the most query parameters any one screen declares.
    let longestKey: Int
    let maximumQueryCount: Int

    init(
        scheme: String, flows: [RouteGraph.Flow], screens: [RouteGraph.Screen], successors: [[Int]],
        roots: [[Int]], queryOwners: [[String: Int]]
    ) {
        var builder = Builder()
        var flowNumbers: [String: Int] = [:]
        for (number, flow) in flows.enumerated() where flowNumbers[flow.name] == nil { flowNumbers[flow.name] = number }
        let screenInfos = screens.indices.map { number in
            builder.screenInfo(
                number, of: screens, successors: number < successors.count ? successors[number] : [],
                flow: flowNumbers[screens[number].flow] ?? -1
            )
        }
        for (number, screen) in screens.enumerated() { builder.insert(.screen, screen.name, number..<number) }
        self.flows = flows.indices.map { number in
            builder.flowInfo(
                number, flows[number], screens: screens, infos: screenInfos, roots: number < roots.count ? roots[number] : [],
                queryOwners: number < queryOwners.count ? queryOwners[number] : [:]
            )
        }
        self.screens = screenInfos
        segments = builder.segments
        queries = builder.queries
        self.queryOwners = screens.indices.flatMap { number in screens[number].query.map { _ in number } }
        bytes = builder.bytes
        lists = builder.lists
        entries = builder.hashTable()
        self.scheme = Array(scheme.utf8)
        screenNames = screens.map(\.name)
        segmentNames = screens.flatMap { $0.pattern.map(\.parameterName) }
        queryNames = screens.flatMap { $0.query.map(\.name) }
        isSpecial = (0...255).map { (byte: UInt8) -> Bool in byte <= 0x20 || byte == 0x7F || byte == 0xC2 || "#/?%".utf8.contains(byte) }
        longestKey = builder.keys.map(\.key.count).max() ?? 0
        maximumQueryCount = screens.map(\.query.count).max() ?? 0
    }
}

/// Reading the index: hash-table lookups, and comparisons of a link's bytes with the index's.
extension LinkIndex {
    /// The value stored for `key` in `table`; with `foldingCase`, ASCII capitals in `key` as lower case.
    func lookup(_ table: Table, _ key: Span<UInt8>, foldingCase: Bool = false) -> Range<Int>? {
        let short = LinkIndex.short(key, foldingCase: foldingCase)
        let hash = LinkIndex.hash(table.owner, key, short: short, foldingCase: foldingCase)
        var slot = Int(truncatingIfNeeded: hash) & (entries.count - 1)
        while let entry = entries[slot] {
            if entry.hash == hash, entry.key.count == key.count,
               key.count <= 8 ? entry.short == short : equals(key, entry.key, foldingCase: foldingCase) {
                return entry.value
            }
            slot = (slot + 1) & (entries.count - 1)
        }
        return nil
    }

    /// Whether `text` matches `segment`: equals a literal, or converts to a parameter.
    func matches(_ text: Span<UInt8>, _ segment: Segment) -> Bool {
        switch segment.kind {
        case .literal: equals(text, segment.text)
        case .int: ParameterValue.parseInt(text) != nil
        case .string, .rest: !text.isEmpty
        case .oneOf: isWord(text, of: segment.text)
        default: segment.kind.type.map { ParameterValue(bytes: text, as: $0) != nil } ?? false
        }
    }

    /// Whether `text` is one of the words (separated by `|`) of `bytes[words]`.
    private func isWord(_ text: Span<UInt8>, of words: Range<Int>) -> Bool {
        var start = words.lowerBound
        for end in words where bytes[end] == UInt8(ascii: "|") {
            if equals(text, start..<end) { return true }
            start = end + 1
        }
        return equals(text, start..<words.upperBound)
    }

    /// Whether `text` equals `bytes[stored]` (with `foldingCase`, ASCII capitals as lower case).
    func equals(_ text: Span<UInt8>, _ stored: Range<Int>, foldingCase: Bool = false) -> Bool {
        guard text.count == stored.count else { return false }
        for offset in 0..<text.count where LinkIndex.byte(text[offset], foldingCase) != bytes[stored.lowerBound + offset] {
            return false
        }
        return true
    }

    /// `byte`, made lower case when it is an ASCII capital and `foldingCase`.
    @inline(__always)
    static func byte(_ byte: UInt8, _ foldingCase: Bool) -> UInt8 {
        foldingCase && byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// A hash of the owner and `key`: its count and `short` form, and each byte of a longer key (FNV-1a).
    static func hash(_ owner: Int, _ key: Span<UInt8>, short: UInt64, foldingCase: Bool = false) -> UInt64 {
        var hash = (UInt64(bitPattern: Int64(owner)) << 8 | UInt64(key.count & 0xFF)) &* 0x9E37_79B9_7F4A_7C15 ^ short
        if key.count > 8 {
            for index in key.indices { hash = (hash ^ UInt64(byte(key[index], foldingCase))) &* 0x100_0000_01B3 }
        }
        // MurmurHash3's finalizer: every bit of the hash moves the low bits that pick the slot.
        hash = (hash ^ hash >> 33) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash ^ hash >> 33) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ hash >> 33
    }

    /// A key of up to 8 bytes as one number: its first and last four bytes (which overlap), or under
    /// four, its first, middle and last byte: keys of one count are equal when their numbers are. 0 for
    /// a longer key. With `foldingCase`, ASCII capitals are made lower case.
    static func short(_ key: Span<UInt8>, foldingCase: Bool = false) -> UInt64 {
        let count = key.count
        var short: UInt64 = 0
        if count >= 4, count <= 8 {
            short = word(key, at: 0) | word(key, at: count - 4) << 32
        } else if count > 0, count < 4 {
            short = UInt64(key[0]) | UInt64(key[count / 2]) << 8 | UInt64(key[count - 1]) << 16
        }
        guard foldingCase else { return short }
        // 0x20 added to each byte from A to Z, eight at once: the high bit of `capitals` is set
        // where a byte (under 0x80) reaches "A" but not past "Z".
        let sevenBits = short & 0x7F7F_7F7F_7F7F_7F7F
        let fromA = sevenBits &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = sevenBits &+ 0x2525_2525_2525_2525
        let capitals = fromA & ~pastZ & ~short & 0x8080_8080_8080_8080
        return short | capitals >> 2
    }

    /// The four bytes of `key` from `offset` on, as a little-endian number.
    @inline(__always)
    private static func word(_ key: Span<UInt8>, at offset: Int) -> UInt64 {
        UInt64(key[offset]) | UInt64(key[offset + 1]) << 8 | UInt64(key[offset + 2]) << 16 | UInt64(key[offset + 3]) << 24
    }

    /// Checks that every record's runs lie within their tables, and that the hash table is at
    /// most half full with every key where its lookups find it (for tests and fuzzers).
    func _checkInvariants() {
        func check(_ run: Range<Int>, within count: Int) {
            precondition(run.lowerBound >= 0 && run.upperBound <= count, "run out of range")
        }
        for screen in screens {
            check(screen.pattern, within: segments.count)
            check(screen.query, within: queries.count)
            check(screen.dynamicSuccessors, within: lists.count)
        }
        for segment in segments + queries where segment.kind == .literal || segment.kind == .oneOf {
            check(segment.text, within: bytes.count)
        }
        precondition(entries.count.nonzeroBitCount == 1, "hash table not a power of two")
        precondition(entries.count(where: { $0 != nil }) * 2 <= entries.count, "hash table over half full")
        for (slot, entry) in entries.enumerated() {
            guard let entry else { continue }
            check(entry.key, within: bytes.count)
            let stored = bytes // a local copy, whose span may live through the call
            precondition(entry.short == LinkIndex.short(stored.span.extracting(entry.key)), "short key not the key's bytes")
            var probe = Int(truncatingIfNeeded: entry.hash) & (entries.count - 1)
            while probe != slot, entries[probe] != nil { probe = (probe + 1) & (entries.count - 1) }
            precondition(probe == slot, "key out of reach of its lookups")
        }
    }
}
