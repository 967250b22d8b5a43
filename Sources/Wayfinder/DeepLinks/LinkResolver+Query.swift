extension LinkResolver {
    /// Reads `key=value&…` into the slots of the screens along the path.
    ///
    /// An empty value (`q=`) leaves an optional parameter absent; a key without `=`,
    /// an empty pair, an undeclared or repeated key is an error.
    mutating func applyQuery(from start: Int, flowIndex: Int, written: inout Int) -> DeepLinkError? {
        guard start < bytes.count else { return nil }
        let seen = UnsafeMutableBufferPointer(rebasing: workspace.seen[0..<max(1, slotCount)])
        seen.initialize(repeating: false)
        var pairStart = start
        while pairStart < bytes.count {
            var pairEnd = pairStart
            while pairEnd < bytes.count, bytes[pairEnd] != UInt8(ascii: "&") { pairEnd += 1 }
            if let error = applyPair(pairStart..<pairEnd, flowIndex: flowIndex, seen: seen, written: &written) {
                return error
            }
            if pairEnd == bytes.count - 1 {
                // A trailing '&' leaves an empty last pair.
                return DeepLinkError(.badQuery, .emptyQueryPair, link: link, range: pairEnd..<(pairEnd + 1))
            }
            pairStart = pairEnd + 1
        }
        return nil
    }

    mutating func applyPair(
        _ pair: Range<Int>, flowIndex: Int, seen: UnsafeMutableBufferPointer<Bool>, written: inout Int
    ) -> DeepLinkError? {
        guard !pair.isEmpty else {
            return DeepLinkError(.badQuery, .emptyQueryPair, link: link, range: pair)
        }
        var equals = pair.lowerBound
        while equals < pair.upperBound, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        guard equals < pair.upperBound else {
            return DeepLinkError(.badQuery, .queryWithoutValue, link: link, range: pair)
        }
        let keyRange = pair.lowerBound..<equals
        let valueRange = (equals + 1)..<pair.upperBound
        var problem = DecodeProblem.valueTooLong
        guard let key = LinkResolver.decodeValue(
            Bytes(rebasing: bytes[keyRange]), scratch: workspace.text, written: &written, problem: &problem
        ) else {
            return DeepLinkError(problem.code, problem.reason, link: link, range: keyRange)
        }
        guard let value = LinkResolver.decodeValue(
            Bytes(rebasing: bytes[valueRange]), scratch: workspace.text, written: &written, problem: &problem
        ) else {
            return DeepLinkError(problem.code, problem.reason, link: link, range: valueRange)
        }
        guard let declared = index.lookup(.query(flow: flowIndex), key) else {
            return DeepLinkError(.badQuery, .undeclaredQuery(flow: graph.flows[flowIndex].name), link: link, range: keyRange)
        }
        let owner = Int(declared.start)
        let queryIndex = Int(declared.count)
        var step = 0
        while step < stepCount, Int(steps[step].screen) != owner { step += 1 }
        guard step < stepCount else {
            return DeepLinkError(.badQuery, .queryNotOnPath(screen: graph.screens[owner].name), link: link, range: keyRange)
        }
        let slot = Int(steps[step].valueStart) + Int(index.screens[owner].pathParameterCount) + queryIndex
        guard !seen[slot] else {
            return DeepLinkError(.badQuery, .repeatedQuery, link: link, range: keyRange)
        }
        seen[slot] = true
        guard !value.isEmpty else { return nil }
        let parameter = graph.screens[owner].query[queryIndex]
        guard let converted = Slot(value, as: LinkIndex.Kind(parameter.type)) else {
            let screen = graph.screens[owner].name
            return DeepLinkError(
                .typeMismatch, .typeMismatch(screen: screen, parameter: parameter.name, type: parameter.type),
                link: link, range: valueRange
            )
        }
        slots[slot] = converted
        return nil
    }

    /// The first required query parameter the link leaves out, as an error.
    func checkRequiredQuery() -> DeepLinkError? {
        for step in steps[0..<stepCount] where index.screens[Int(step.screen)].hasRequiredQuery {
            let screen = graph.screens[Int(step.screen)]
            let base = Int(step.valueStart) + screen.pathParameterCount
            for (offset, parameter) in screen.query.enumerated() where !parameter.isOptional {
                if case .absent = slots[base + offset] {
                    return DeepLinkError(.badQuery, .missingQuery(screen: screen.name, parameter: parameter.name), link: link)
                }
            }
        }
        return nil
    }
}
