/// The last steps of resolving a link, once the walk has matched its path: each screen's values
/// (path parameters, then query parameters), the query read into them, then the result.
extension LinkResolver {
    /// Lays out the values of the screens along the path, applies the query and checks the
    /// required parameters: the result, or the query's problem.
    mutating func finish(_ link: Span<UInt8>, flowIndex: Int, tab: Int?) -> Outcome {
        var valueCount = 0
        for position in 0..<stepCount {
            let info = index.screens[Int(steps[position].screen)]
            valueCount += info.pathParameterCount + info.query.count
        }
        // How many query parameters the screens declare is up to the table, not the link's
        // limits: their values are in temporary memory (on the stack for any usual table).
        return withTemporarySpan(repeating: Slot.absent, count: valueCount) { values in
            var start = 0
            for position in 0..<stepCount {
                // Until now a step's values started at its path parameters, among `slots`.
                let info = index.screens[Int(steps[position].screen)]
                let pathStart = Int(steps[position].valueStart)
                for offset in 0..<info.pathParameterCount { values[start + offset] = slots[pathStart + offset] }
                steps[position].valueStart = Int32(start)
                start += info.pathParameterCount + info.query.count
            }
            if scan.queryStart < link.count, let problem = applyQuery(link, to: &values, flowIndex: flowIndex) {
                return .rejected(problem)
            }
            if hasRequiredQuery, let problem = checkRequiredQuery(values.span) { return .rejected(problem) }
            assert(_checkInvariants(values: (0..<valueCount).map { values[$0] }))
            let result = (0..<valueCount).map { value(of: values[$0]) }
            return .resolved(flow: flowIndex, tab: tab, steps: (0..<stepCount).map { steps[$0] }, values: result)
        }
    }

    /// Reads `key=value&…` into the slots of the screens along the path. An empty value (`q=`) leaves
    /// a parameter absent; a key without `=`, an empty pair, an undeclared or repeated key is a problem.
    mutating func applyQuery(_ link: Span<UInt8>, to values: inout MutableSpan<Slot>, flowIndex: Int) -> DeepLinkError.Problem? {
        var pairStart = scan.queryStart + 1
        while pairStart < link.count {
            var pairEnd = pairStart
            while pairEnd < link.count, link[pairEnd] != UInt8(ascii: "&") { pairEnd += 1 }
            if let problem = applyPair(pairStart..<pairEnd, of: link, to: &values, flowIndex: flowIndex) { return problem }
            // A trailing '&' leaves an empty last pair.
            if pairEnd == link.count - 1 { return DeepLinkError.Problem(.emptyQueryPair, range: pairEnd..<(pairEnd + 1)) }
            pairStart = pairEnd + 1
        }
        return nil
    }

    mutating func applyPair(
        _ pair: Range<Int>, of link: Span<UInt8>, to values: inout MutableSpan<Slot>, flowIndex: Int
    ) -> DeepLinkError.Problem? {
        guard !pair.isEmpty else { return DeepLinkError.Problem(.emptyQueryPair, range: pair) }
        guard let equals = pair.first(where: { link[$0] == UInt8(ascii: "=") }) else {
            return DeepLinkError.Problem(.queryWithoutValue, range: pair)
        }
        let (keyRange, valueRange) = (pair.lowerBound..<equals, (equals + 1)..<pair.upperBound)
        let key: Range<Int>
        let value: Range<Int>
        do throws(DeepLinkError.Problem.Kind) { key = try decode(link.extracting(keyRange)) } catch {
            return DeepLinkError.Problem(error, range: keyRange)
        }
        do throws(DeepLinkError.Problem.Kind) { value = try decode(link.extracting(valueRange)) } catch {
            return DeepLinkError.Problem(error, range: valueRange)
        }
        guard let parameter = index.lookup(.query(flow: flowIndex), text.span.extracting(key))?.lowerBound else {
            return DeepLinkError.Problem(.undeclaredQuery(flow: Int32(flowIndex)), range: keyRange)
        }
        let owner = index.queryOwners[parameter]
        guard let step = (0..<stepCount).first(where: { Int(steps[$0].screen) == owner }) else {
            return DeepLinkError.Problem(.queryNotOnPath(screen: Int32(owner)), range: keyRange)
        }
        let info = index.screens[owner]
        let place = Int(steps[step].valueStart) + info.pathParameterCount + parameter - info.query.lowerBound
        guard !values[place].isNamed else { return DeepLinkError.Problem(.repeatedQuery, range: keyRange) }
        if !value.isEmpty {
            guard var converted = slot(value, as: index.queries[parameter]) else {
                return DeepLinkError.Problem(.queryMismatch(screen: Int32(owner), query: Int32(parameter - info.query.lowerBound)), range: valueRange)
            }
            // A rest parameter in the query is one string (only the path has segments).
            if converted.kind == .rest { converted.kind = .string }
            values[place] = converted
        }
        values[place].isNamed = true
        return nil
    }

    /// The first required query parameter the link leaves out.
    mutating func checkRequiredQuery(_ values: Span<Slot>) -> DeepLinkError.Problem? {
        for position in 0..<stepCount where index.screens[Int(steps[position].screen)].hasRequiredQuery {
            let step = steps[position]
            let info = index.screens[Int(step.screen)]
            for offset in 0..<info.query.count where index.queries[info.query.lowerBound + offset].isRequired {
                if values[Int(step.valueStart) + info.pathParameterCount + offset].kind == .literal {
                    return DeepLinkError.Problem(.missingQuery(screen: step.screen, query: Int32(offset)))
                }
            }
        }
        return nil
    }
}
