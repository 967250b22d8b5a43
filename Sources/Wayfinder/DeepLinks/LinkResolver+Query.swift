extension LinkResolver {
    /// Reads `key=value&…` into the slots of the screens along the path. An empty value (`q=`) leaves
    /// a parameter absent; a key without `=`, an empty pair, an undeclared or repeated key is a problem.
    mutating func applyQuery(flowIndex: Int) -> LinkProblem? {
        guard queryStart + 1 < bytes.count else { return nil }
        for slot in 0..<slotCount { workspace.seen[slot] = false }
        var pairStart = queryStart + 1
        while pairStart < bytes.count {
            var pairEnd = pairStart
            while pairEnd < bytes.count, bytes[pairEnd] != UInt8(ascii: "&") { pairEnd += 1 }
            if let problem = applyPair(pairStart..<pairEnd, flowIndex: flowIndex) { return problem }
            // A trailing '&' leaves an empty last pair.
            if pairEnd == bytes.count - 1 { return LinkProblem(.emptyQueryPair, range: pairEnd..<(pairEnd + 1)) }
            pairStart = pairEnd + 1
        }
        return nil
    }

    mutating func applyPair(_ pair: Range<Int>, flowIndex: Int) -> LinkProblem? {
        guard !pair.isEmpty else { return LinkProblem(.emptyQueryPair, range: pair) }
        guard let equals = pair.first(where: { bytes[$0] == UInt8(ascii: "=") }) else {
            return LinkProblem(.queryWithoutValue, range: pair)
        }
        let (keyRange, valueRange) = (pair.lowerBound..<equals, (equals + 1)..<pair.upperBound)
        let key: ByteView
        let value: ByteView
        do throws(LinkProblem.Kind) { key = try decode(bytes.extracting(keyRange)) } catch {
            return LinkProblem(error, range: keyRange)
        }
        do throws(LinkProblem.Kind) { value = try decode(bytes.extracting(valueRange)) } catch {
            return LinkProblem(error, range: valueRange)
        }
        guard let parameter = index.lookup(.query(flow: flowIndex), key)?.lowerBound else {
            return LinkProblem(.undeclaredQuery(flow: Int32(flowIndex)), range: keyRange)
        }
        let owner = index.queryOwners[parameter]
        guard let step = (0..<stepCount).first(where: { Int(steps[$0].screen) == owner }) else {
            return LinkProblem(.queryNotOnPath(screen: Int32(owner)), range: keyRange)
        }
        let info = index.screens[owner]
        let slot = Int(steps[step].valueStart) + info.pathParameterCount + parameter - info.query.lowerBound
        guard !workspace.seen[slot] else { return LinkProblem(.repeatedQuery, range: keyRange) }
        workspace.seen[slot] = true
        guard !value.isEmpty else { return nil }
        guard var value = index.slot(value, as: index.queries[parameter]) else {
            return LinkProblem(.queryMismatch(screen: Int32(owner), query: Int32(parameter - info.query.lowerBound)), range: valueRange)
        }
        // A rest parameter in the query is one string (only the path has segments).
        if value.kind == .rest { value.kind = .string }
        slots[slot] = value
        return nil
    }

    /// The first required query parameter the link leaves out.
    func checkRequiredQuery() -> LinkProblem? {
        for position in 0..<stepCount where index.screens[Int(steps[position].screen)].hasRequiredQuery {
            let step = steps[position]
            let info = index.screens[Int(step.screen)]
            for offset in 0..<info.query.count where index.queries[info.query.lowerBound + offset].isRequired {
                if slots[Int(step.valueStart) + info.pathParameterCount + offset].kind == .literal {
                    return LinkProblem(.missingQuery(screen: step.screen, query: Int32(offset)))
                }
            }
        }
        return nil
    }
}
