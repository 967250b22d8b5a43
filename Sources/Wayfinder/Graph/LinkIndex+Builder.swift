/// Collects the index's tables while it is built.
struct Builder {
    var segments: [LinkIndex.Segment] = []
    var queries: [LinkIndex.Segment] = []
    var bytes: [UInt8] = []
    var lists: [Int] = []
    var keys: [(owner: Int, key: Range<Int>, value: Range<Int>)] = []
    /// The successor class of each list of successors seen, followed by the flow and whether sheet or alert.
    var successorClasses: [[Int]: Int] = [:]

    mutating func store(_ text: String) -> Range<Int> {
        bytes += text.utf8
        return (bytes.count - text.utf8.count)..<bytes.count
    }

    mutating func run(_ screens: [Int]) -> Range<Int> {
        lists += screens
        return (lists.count - screens.count)..<lists.count
    }

    /// Adds `key` to `table`; the first value given for a key is kept.
    mutating func insert(_ table: LinkIndex.Table, _ key: String, _ value: Range<Int>) {
        keys.append((table.owner, store(key), value))
    }

    /// Adds the screens of `ordered` starting with a literal to `table`, by that literal; returns the others.
    mutating func insertByFirstLiteral(_ ordered: [Int], of screens: [RouteGraph.Screen], into table: LinkIndex.Table) -> [Int] {
        var byLiteral: [String: [Int]] = [:]
        var literals: [String] = []
        var others: [Int] = []
        for screen in ordered {
            guard case .literal(let word)? = screens[screen].pattern.first else {
                others.append(screen)
                continue
            }
            if byLiteral[word] == nil { literals.append(word) }
            byLiteral[word, default: []].append(screen)
        }
        for word in literals { insert(table, word, run(byLiteral[word] ?? [])) }
        return others
    }

    /// The record of screen `number`; its successors starting with a literal go in the hash table.
    mutating func screenInfo(_ number: Int, of screens: [RouteGraph.Screen], successors: [Int], flow: Int) -> LinkIndex.ScreenInfo {
        let screen = screens[number]
        let pattern = segments.count..<(segments.count + screen.pattern.count)
        for segment in screen.pattern {
            switch segment {
            case .literal(let word): segments.append(LinkIndex.Segment(kind: .literal, text: store(word)))
            case .parameter(_, let type): segments.append(LinkIndex.Segment(kind: LinkIndex.Kind(type), text: words(of: type)))
            }
        }
        let query = queries.count..<(queries.count + screen.query.count)
        for parameter in screen.query {
            let kind = LinkIndex.Kind(parameter.type)
            queries.append(LinkIndex.Segment(kind: kind, text: words(of: parameter.type), isRequired: !parameter.isOptional))
        }
        let dynamic = insertByFirstLiteral(successors, of: screens, into: .successors(screen: number))
        let isPresentation = screen.kind.presentationStyle != nil
        let classKey = successors + [flow, isPresentation ? 1 : 0]
        let successorClass = successorClasses[classKey] ?? successorClasses.count
        successorClasses[classKey] = successorClass
        return LinkIndex.ScreenInfo(
            pattern: pattern, query: query, dynamicSuccessors: run(dynamic), hasLiteralSuccessors: dynamic.count < successors.count,
            pathParameterCount: screen.pathParameterCount, flow: flow, successorClass: successorClass,
            isPresentation: isPresentation, hasRequiredQuery: screen.query.contains { !$0.isOptional }
        )
    }

    /// The words of a set (`new|top|hot`) in ``bytes``; nothing for other types.
    mutating func words(of type: ParameterType) -> Range<Int> {
        guard case .oneOf = type else { return 0..<0 }
        return store(type.declaration)
    }

    /// The record of flow `number`; its name, tabs, query and screens starting with a literal go in the hash table.
    mutating func flowInfo(
        _ number: Int, _ flow: RouteGraph.Flow, screens: [RouteGraph.Screen], infos: [LinkIndex.ScreenInfo], roots: [Int],
        queryOwners: [String: Int]
    ) -> LinkIndex.FlowInfo {
        insert(.flow, flow.name, number..<number)
        for (tab, name) in flow.tabs.enumerated() { insert(.tab(flow: number), name, tab..<tab) }
        for (key, owner) in queryOwners {
            let parameter = infos[owner].query.lowerBound + (screens[owner].query.firstIndex { $0.name == key } ?? 0)
            insert(.query(flow: number), key, parameter..<parameter)
        }
        // In precedence order, as the walk tries them, so that a diagnosis names the screen a
        // segment reads as; only the first screen of each pattern (a later one matches exactly
        // where it does), so that a table repeating its shapes does not make diagnoses try them all.
        var patterns: Set<[RouteGraph.Segment]> = []
        let ordered = screens.indices.filter { screens[$0].flow == flow.name && screens[$0].kind != .root }
            .sorted { RouteGraph.precedes(screens[$0], screens[$1]) }
            .filter { patterns.insert(screens[$0].pattern.map(\.unnamed)).inserted }
        let parameterFirst = insertByFirstLiteral(ordered, of: screens, into: .flowScreens(flow: number))
        return LinkIndex.FlowInfo(tabCount: flow.tabs.count, roots: run(roots), parameterFirst: run(parameterFirst))
    }

    /// The hash table of the keys inserted (see ``LinkIndex/entries``).
    func hashTable() -> [LinkIndex.Entry?] {
        var capacity = 16
        while capacity < keys.count * 2 { capacity *= 2 }
        var entries = [LinkIndex.Entry?](repeating: nil, count: capacity)
        for (owner, key, value) in keys {
            let short = LinkIndex.short(bytes.span.extracting(key))
            let hash = LinkIndex.hash(owner, bytes.span.extracting(key), short: short)
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while let entry = entries[slot] {
                if entry.hash == hash, bytes[entry.key] == bytes[key] { break }
                slot = (slot + 1) & (capacity - 1)
            }
            if entries[slot] == nil { entries[slot] = LinkIndex.Entry(hash: hash, key: key, short: short, value: value) }
        }
        return entries
    }
}

extension RouteGraph.Segment {
    /// The segment as it matches: a parameter's name cleared.
    var unnamed: RouteGraph.Segment {
        if case .parameter(_, let type) = self { return .parameter(name: "", type: type) }
        return self
    }
}
