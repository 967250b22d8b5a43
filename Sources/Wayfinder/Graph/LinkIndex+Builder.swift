/// Collects what ``LinkIndex`` tables hold while the index is built.
struct Builder {
    let screenCount: Int
    let flowCount: Int
    var segments: [LinkIndex.Segment] = []
    var queries: [LinkIndex.QueryInfo] = []
    var bytes: [UInt8] = []
    var lists: [Int32] = []
    var pending: [(owner: Int, key: LinkIndex.Run, value: LinkIndex.Run)] = []
    var seen: Set<String> = []
    var longestKey = 0
    /// The successor class of each list of successors seen, with the flow and whether the
    /// screen is a sheet or alert (see ``LinkIndex/ScreenInfo/successorClass``).
    var successorClasses: [SuccessorClassKey: Int32] = [:]

    struct SuccessorClassKey: Hashable {
        var successors: [Int]
        var flow: Int
        var isPresentation: Bool
    }

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

extension Builder {
    /// The tables' record of screen `number`: its pattern's segments, its successors (by their
    /// first literal in the hash table; the others in precedence order), its query keys.
    mutating func screenInfo(_ number: Int, of screens: [RouteGraph.Screen], successors: SuccessorIndex, flow: Int) -> LinkIndex.ScreenInfo {
        let screen = screens[number]
        let patternStart = segments.count
        for segment in screen.pattern {
            switch segment {
            case .literal(let word):
                let key = store(word)
                let first = LinkIndex.word(bytes.span, from: Int(key.start), count: Int(key.count))
                segments.append(LinkIndex.Segment(kind: .literal, start: key.start, count: key.count, word: first))
            case .parameter(_, let type):
                let words = storeWords(of: type)
                segments.append(LinkIndex.Segment(kind: LinkIndex.Kind(type), start: words.start, count: words.count))
            }
        }
        var words: [String] = []
        for next in successors.ordered {
            if case .literal(let word)? = screens[next].pattern.first, !words.contains(word) { words.append(word) }
        }
        for word in words {
            let run = successors.byLiteral[word] ?? []
            // One screen (the usual case) is stored in the entry itself: one lookup fewer.
            let value = run.count == 1 ? LinkIndex.Run(start: Int32(run[0]), count: -1) : self.run(run)
            insert(.successors(screen: number), key: word, value: value)
        }
        let queryStart = queries.count
        for query in screen.query {
            queries.append(LinkIndex.QueryInfo(kind: LinkIndex.Kind(query.type), isRequired: !query.isOptional, words: storeWords(of: query.type)))
        }
        let isPresentation = screen.kind.presentationStyle != nil
        let classKey = SuccessorClassKey(successors: successors.ordered, flow: flow, isPresentation: isPresentation)
        let successorClass = successorClasses[classKey] ?? Int32(successorClasses.count)
        successorClasses[classKey] = successorClass
        return LinkIndex.ScreenInfo(
            pattern: LinkIndex.Run(start: Int32(patternStart), count: Int32(screen.pattern.count)),
            query: LinkIndex.Run(start: Int32(queryStart), count: Int32(screen.query.count)),
            dynamicSuccessors: run(successors.dynamic),
            hasLiteralSuccessors: !words.isEmpty,
            pathParameterCount: Int32(screen.pathParameterCount),
            flow: Int32(flow),
            successorClass: successorClass,
            isPresentation: isPresentation,
            hasRequiredQuery: screen.query.contains { !$0.isOptional }
        )
    }

    /// The words of a set (`new|top|hot`) in `bytes`; nothing for other types.
    mutating func storeWords(of type: ParameterType) -> LinkIndex.Run {
        guard case .oneOf = type else { return LinkIndex.Run(start: 0, count: 0) }
        return store(type.declaration)
    }

    /// The tables' record of flow `number`: its name, tabs, roots, its non-root screens by
    /// first segment in precedence order (for diagnoses) and its query keys.
    mutating func flowInfo(
        _ number: Int, _ flow: RouteGraph.Flow, screens: [RouteGraph.Screen], roots: [Int], queryOwners owners: [String: Int]
    ) -> LinkIndex.FlowInfo {
        insert(.flow, key: flow.name, value: LinkIndex.Run(start: Int32(number), count: 0))
        for (tab, name) in flow.tabs.enumerated() {
            insert(.tab(flow: number), key: name, value: LinkIndex.Run(start: Int32(tab), count: 0))
        }
        var byLiteral: [String: [Int]] = [:]
        var literalOrder: [String] = []
        var parameterFirst: [Int] = []
        let rootRun = run(roots)
        // In precedence order, as the walk tries them, so that a diagnosis names the screen
        // a segment reads as. Only the first screen of each pattern: a later one matches
        // exactly where it does, so a diagnosis never names it, and a table that repeats its
        // shapes section after section would otherwise make every diagnosis try them all.
        var patterns: Set<[RouteGraph.Segment]> = []
        let ordered = screens.indices.filter { screens[$0].flow == flow.name && screens[$0].kind != .root }
            .sorted { RouteGraph.precedes(screens[$0], screens[$1]) }
        for index in ordered where patterns.insert(screens[index].pattern.map(\.unnamed)).inserted {
            switch screens[index].pattern.first {
            case .literal(let word)?:
                if byLiteral[word] == nil { literalOrder.append(word) }
                byLiteral[word, default: []].append(index)
            case .parameter?:
                parameterFirst.append(index)
            case nil:
                break
            }
        }
        for word in literalOrder {
            insert(.flowScreens(flow: number), key: word, value: run(byLiteral[word] ?? []))
        }
        for key in owners.keys.sorted() {
            let owner = owners[key] ?? 0
            let queryIndex = screens[owner].query.firstIndex { $0.name == key } ?? 0
            insert(.query(flow: number), key: key, value: LinkIndex.Run(start: Int32(owner), count: Int32(queryIndex)))
        }
        return LinkIndex.FlowInfo(tabCount: Int32(flow.tabs.count), roots: rootRun, parameterFirst: run(parameterFirst))
    }

    /// The hash table of the keys inserted: open addressing at a load factor of at most one
    /// half; its capacity, a power of two.
    func hashTable() -> (entries: [LinkIndex.Entry], capacity: Int) {
        var capacity = 16
        while capacity < pending.count * 2 { capacity *= 2 }
        var entries = [LinkIndex.Entry](repeating: LinkIndex.Entry(), count: capacity)
        let stored = bytes
        for (owner, key, value) in pending {
            let keyBytes = stored.span.extracting(Int(key.start)..<Int(key.start + key.count))
            var slot = LinkIndex.hash(owner, keyBytes) & (capacity - 1)
            while entries[slot].owner >= 0 { slot = (slot + 1) & (capacity - 1) }
            let word = LinkIndex.word(keyBytes, count: keyBytes.count)
            entries[slot] = LinkIndex.Entry(owner: Int32(owner), key: key, value: value, word: word)
        }
        return (entries, capacity)
    }
}
