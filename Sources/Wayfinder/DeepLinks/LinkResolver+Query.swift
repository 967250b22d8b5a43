extension LinkResolver {
    /// Reads `key=value&…` into the slots of the screens along the path.
    ///
    /// An empty value (`q=`) leaves an optional parameter absent; a key without `=`,
    /// an empty pair, an undeclared or repeated key is a problem.
    mutating func applyQuery(from start: Int, flowIndex: Int, written: inout Int) -> LinkProblem? {
        guard start < bytes.count else { return nil }
        let seen = workspace.seen
        for slot in 0..<slotCount { seen[slot] = false }
        var pairStart = start
        while pairStart < bytes.count {
            var pairEnd = pairStart
            while pairEnd < bytes.count, bytes[pairEnd] != UInt8(ascii: "&") { pairEnd += 1 }
            if let problem = applyPair(pairStart..<pairEnd, flowIndex: flowIndex, seen: seen, written: &written) {
                return problem
            }
            if pairEnd == bytes.count - 1 {
                // A trailing '&' leaves an empty last pair.
                return LinkProblem(.emptyQueryPair, range: pairEnd..<(pairEnd + 1))
            }
            pairStart = pairEnd + 1
        }
        return nil
    }

    mutating func applyPair(
        _ pair: Range<Int>, flowIndex: Int, seen: CheckedBuffer<Bool>, written: inout Int
    ) -> LinkProblem? {
        guard !pair.isEmpty else { return LinkProblem(.emptyQueryPair, range: pair) }
        var equals = pair.lowerBound
        while equals < pair.upperBound, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        guard equals < pair.upperBound else { return LinkProblem(.queryWithoutValue, range: pair) }
        let keyRange = pair.lowerBound..<equals
        let valueRange = (equals + 1)..<pair.upperBound
        var problem = LinkProblem.Kind.valueTooLong
        guard let key = LinkResolver.decodeValue(
            bytes.extracting(keyRange), scratch: workspace.text, written: &written, problem: &problem
        ) else {
            return LinkProblem(problem, range: keyRange)
        }
        guard let value = LinkResolver.decodeValue(
            bytes.extracting(valueRange), scratch: workspace.text, written: &written, problem: &problem
        ) else {
            return LinkProblem(problem, range: valueRange)
        }
        guard let declared = index.lookup(.query(flow: flowIndex), key) else {
            return LinkProblem(.undeclaredQuery(flow: Int32(flowIndex)), range: keyRange)
        }
        let owner = Int(declared.start)
        let queryIndex = Int(declared.count)
        var step = 0
        while step < stepCount, Int(steps[step].screen) != owner { step += 1 }
        guard step < stepCount else { return LinkProblem(.queryNotOnPath(screen: Int32(owner)), range: keyRange) }
        let info = index.screens[owner]
        let slot = Int(steps[step].valueStart) + Int(info.pathParameterCount) + queryIndex
        guard !seen[slot] else { return LinkProblem(.repeatedQuery, range: keyRange) }
        seen[slot] = true
        guard !value.isEmpty else { return nil }
        let query = index.queries[Int(info.query.start) + queryIndex]
        guard index.converts(value, as: query.kind, words: query.words) else {
            return LinkProblem(.queryMismatch(screen: Int32(owner), query: Int32(queryIndex)), range: valueRange)
        }
        // A rest parameter in the query is one string (only the path has segments).
        slots[slot] = Slot(kind: query.kind == .rest ? .string : query.kind, text: value)
        if query.kind == .int { slots[slot].number = value.withSpan(ParameterValue.parseInt) ?? 0 }
        return nil
    }

    /// The first required query parameter the link leaves out.
    func checkRequiredQuery() -> LinkProblem? {
        for position in 0..<stepCount {
            let step = steps[position]
            let info = index.screens[Int(step.screen)]
            guard info.hasRequiredQuery else { continue }
            let base = Int(step.valueStart) + Int(info.pathParameterCount)
            for offset in 0..<Int(info.query.count) where index.queries[Int(info.query.start) + offset].isRequired {
                if slots[base + offset].kind == .literal {
                    return LinkProblem(.missingQuery(screen: step.screen, query: Int32(offset)))
                }
            }
        }
        return nil
    }
}
