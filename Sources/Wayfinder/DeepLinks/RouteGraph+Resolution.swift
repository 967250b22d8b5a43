extension RouteGraph {
    /// The longest link accepted, in bytes.
    public static let maximumLinkLength = 2048
    /// The most path segments a link may have (the tab counts; the flow does not).
    public static let maximumSegments = 32
    /// The longest decoded segment or query value, in bytes.
    public static let maximumValueLength = 256

    /// Resolves a deep link to the flow, tab, stack and presentation it opens.
    ///
    /// The link is read as UTF-8 bytes: scheme and host compare case-insensitively,
    /// segments case-sensitively; a trailing slash is ignored; the path is split on `/`
    /// before each segment is percent-decoded exactly once. At each step the screens that
    /// may follow the current one are tried literals first, then uuid, int and string
    /// parameters, longer patterns first, so the result never depends on line order.
    /// Guards are not checked here; ``Navigator/open(_:)`` does that.
    ///
    /// ```swift
    /// let link = try graph.resolve("wayfinder://main/feed/post/42")
    /// link.stack.map(\.screen) // ["feed", "post"]
    /// ```
    /// - Parameter link: The link, such as `wayfinder://main/feed/post/42`.
    /// - Returns: What the link opens.
    /// - Throws: ``DeepLinkError`` naming the offending part.
    /// - Complexity: O(length of the link) for graphs without ambiguity between
    ///   successors; independent of the number of screens.
    public func resolve(_ link: String) throws(DeepLinkError) -> ResolvedLink {
        var copy = link
        var outcome: Result<ResolvedLink, DeepLinkError>?
        copy.withUTF8 { bytes in
            outcome = LinkResolver.resolve(bytes, link: link, graph: self)
        }
        guard let outcome else {
            throw DeepLinkError(.malformed, .noScheme, link: link)
        }
        return try outcome.get()
    }
}

/// The resolution of one link, on its UTF-8 bytes. Allocates only the result's two
/// arrays (and nothing when the link is rejected).
private struct LinkResolver {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    let graph: RouteGraph
    let link: String
    let bytes: Bytes
    /// Each segment's byte range in the link.
    let ranges: UnsafeMutableBufferPointer<Range<Int>>
    /// Each segment's decoded bytes (the link's own bytes when it holds no `%`).
    let decoded: UnsafeMutableBufferPointer<Bytes>
    let segmentCount: Int
    /// The index of the first segment after the tab.
    let firstScreenSegment: Int
    var steps: [ResolvedLink.Step] = []
    var values: [ParameterValue?] = []
    var failure: Failure?

    struct Failure {
        var depth: Int
        var priority: Int
        var error: DeepLinkError
    }

    static func fail(
        _ code: DeepLinkError.Code, _ reason: DeepLinkError.Reason, link: String,
        range: Range<Int>? = nil, segment: Int? = nil
    ) -> Result<ResolvedLink, DeepLinkError> {
        .failure(DeepLinkError(code, reason, link: link, range: range, segment: segment))
    }

    static func resolve(_ bytes: Bytes, link: String, graph: RouteGraph) -> Result<ResolvedLink, DeepLinkError> {
        let count = bytes.count
        guard count <= RouteGraph.maximumLinkLength else {
            return fail(.limitExceeded, .tooLong(count), link: link)
        }
        // Scheme, compared case-insensitively.
        var index = 0
        while index < count, bytes[index] != UInt8(ascii: ":"), bytes[index] != UInt8(ascii: "/") { index += 1 }
        guard index > 0, index + 2 < count, bytes[index] == UInt8(ascii: ":"),
              bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return fail(.badScheme, .noScheme, link: link) }
        guard equalsIgnoringCase(Bytes(rebasing: bytes[0..<index]), graph.scheme) else {
            return fail(.badScheme, .wrongScheme(expected: graph.scheme), link: link, range: 0..<index)
        }
        // One pass over the rest: reject raw spaces, controls and fragments; find the query.
        let hostStart = index + 3
        var queryStart = count
        var scan = hostStart
        while scan < count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "#") {
                return fail(.malformed, .fragment, link: link, range: scan..<count)
            }
            if byte <= 0x20 || byte == 0x7F
                || (byte == 0xC2 && scan + 1 < count && (0x80...0x9F).contains(bytes[scan + 1])) {
                return fail(.malformed, .unencodedByte, link: link, range: scan..<(scan + (byte == 0xC2 ? 2 : 1)))
            }
            if byte == UInt8(ascii: "?"), queryStart == count { queryStart = scan }
            scan += 1
        }
        // Host: the flow, compared case-insensitively.
        var hostEnd = hostStart
        while hostEnd < queryStart, bytes[hostEnd] != UInt8(ascii: "/") {
            if bytes[hostEnd] == UInt8(ascii: "@") || bytes[hostEnd] == UInt8(ascii: ":") {
                var end = hostEnd
                while end < queryStart, bytes[end] != UInt8(ascii: "/") { end += 1 }
                return fail(.malformed, .userOrPort, link: link, range: hostStart..<end)
            }
            hostEnd += 1
        }
        guard hostEnd > hostStart else { return fail(.unknownFlow, .missingFlow, link: link) }
        let host = Bytes(rebasing: bytes[hostStart..<hostEnd])
        guard let flowIndex = graph.flows.firstIndex(where: { equalsIgnoringCase(host, $0.name) }) else {
            return fail(.unknownFlow, .unknownFlow, link: link, range: hostStart..<hostEnd)
        }
        // Path segments: count first, so the limit is checked before anything is stored.
        var segmentCount = 0
        var hasEscapes = false
        if hostEnd < queryStart {
            var slashes = 0
            for position in hostEnd..<queryStart where bytes[position] == UInt8(ascii: "/") { slashes += 1 }
            segmentCount = bytes[queryStart - 1] == UInt8(ascii: "/") ? slashes - 1 : slashes
        }
        for position in hostEnd..<count where bytes[position] == UInt8(ascii: "%") {
            hasEscapes = true
            break
        }
        // Decoded text never outgrows its source, so the rest of the link bounds the scratch space.
        let decodeCapacity = hasEscapes ? count - hostEnd : 0
        guard segmentCount <= RouteGraph.maximumSegments else {
            return fail(.limitExceeded, .tooManySegments(segmentCount), link: link, range: hostEnd..<queryStart)
        }
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: max(1, segmentCount)) { ranges in
            withUnsafeTemporaryAllocation(of: Bytes.self, capacity: max(1, segmentCount)) { decoded in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, decodeCapacity)) { scratch in
                    var start = hostEnd + 1
                    var written = 0
                    for segment in 0..<segmentCount {
                        var end = start
                        while end < queryStart, bytes[end] != UInt8(ascii: "/") { end += 1 }
                        let range = start..<end
                        ranges[segment] = range
                        guard !range.isEmpty else {
                            return fail(.emptySegment, .emptySegment, link: link, range: range, segment: segment + 1)
                        }
                        let raw = Bytes(rebasing: bytes[range])
                        switch decodeValue(raw, scratch: scratch, written: &written) {
                        case .success(let value):
                            decoded[segment] = value
                        case .failure(let reason):
                            return fail(reason == .valueTooLong ? .limitExceeded : .badEncoding, reason,
                                        link: link, range: range, segment: segment + 1)
                        }
                        start = end + 1
                    }
                    return resolvePath(
                        bytes: bytes, link: link, graph: graph, flowIndex: flowIndex,
                        ranges: ranges, decoded: decoded, segmentCount: segmentCount,
                        queryStart: queryStart, scratch: scratch, written: written
                    )
                }
            }
        }
    }

    /// Validates and (when it holds `%`) decodes a value into `scratch`.
    static func decodeValue(
        _ raw: Bytes, scratch: UnsafeMutableBufferPointer<UInt8>, written: inout Int
    ) -> Result<Bytes, DeepLinkError.Reason> {
        guard raw.contains(UInt8(ascii: "%")) else {
            return raw.count > RouteGraph.maximumValueLength ? .failure(.valueTooLong) : .success(raw)
        }
        guard written + raw.count <= scratch.count else { return .failure(.valueTooLong) }
        let target = UnsafeMutableBufferPointer(rebasing: scratch[written..<(written + raw.count)])
        switch PercentEncoding.decode(raw, into: target) {
        case .success(let length):
            guard length <= RouteGraph.maximumValueLength else { return .failure(.valueTooLong) }
            written += length
            return .success(Bytes(rebasing: target[0..<length]))
        case .failure(.badEscape): return .failure(.badEscape)
        case .failure(.invalidUTF8): return .failure(.invalidUTF8)
        case .failure(.controlCharacter): return .failure(.controlCharacter)
        }
    }

    // swiftlint:disable:next function_parameter_count
    static func resolvePath(
        bytes: Bytes, link: String, graph: RouteGraph, flowIndex: Int,
        ranges: UnsafeMutableBufferPointer<Range<Int>>, decoded: UnsafeMutableBufferPointer<Bytes>,
        segmentCount: Int, queryStart: Int, scratch: UnsafeMutableBufferPointer<UInt8>, written: Int
    ) -> Result<ResolvedLink, DeepLinkError> {
        let flow = graph.flows[flowIndex]
        var tabIndex: Int?
        var first = 0
        if flow.hasTabs {
            tabIndex = 0
            if segmentCount > 0 {
                guard let tab = flow.tabs.firstIndex(where: { equals(decoded[0], $0) }) else {
                    return fail(.unknownTab, .unknownTab(flow: flow.name), link: link, range: ranges[0], segment: 1)
                }
                tabIndex = tab
                first = 1
            }
        }
        let root = graph.roots[flowIndex][tabIndex ?? 0]
        var resolver = LinkResolver(
            graph: graph, link: link, bytes: bytes, ranges: ranges, decoded: decoded,
            segmentCount: segmentCount, firstScreenSegment: first
        )
        resolver.steps.reserveCapacity(segmentCount - first + 1)
        for _ in graph.screens[root].query { resolver.values.append(nil) }
        resolver.appendStep(root, valueStart: 0)
        guard resolver.walk(from: root, at: first) else {
            return .failure(resolver.failure?.error
                ?? DeepLinkError(.unknownScreen, .unknownScreen(after: graph.screens[root].name), link: link))
        }
        if queryStart < bytes.count {
            var written = written
            if let error = resolver.applyQuery(from: queryStart + 1, flowIndex: flowIndex, scratch: scratch, written: &written) {
                return .failure(error)
            }
        }
        if let error = resolver.checkRequiredQuery() { return .failure(error) }
        return .success(ResolvedLink(
            graph: graph, flowIndex: flowIndex, tabIndex: tabIndex, steps: resolver.steps, values: resolver.values
        ))
    }

    // MARK: - Walking the graph

    mutating func appendStep(_ screen: Int, valueStart: Int) {
        steps.append(ResolvedLink.Step(screen: Int32(screen), valueStart: Int32(valueStart)))
    }

    /// Matches the segments from `index` on, starting after `screen`; backtracks.
    mutating func walk(from screen: Int, at index: Int) -> Bool {
        if index == segmentCount { return true }
        let successors = graph.successors[screen]
        if let candidates = successors.byLiteral[String(decoding: decoded[index], as: UTF8.self)] {
            for candidate in candidates where attempt(candidate, at: index) { return true }
        }
        for candidate in successors.dynamic where attempt(candidate, at: index) { return true }
        noteDeadEnd(after: screen, at: index)
        return false
    }

    mutating func attempt(_ candidate: Int, at index: Int) -> Bool {
        let screen = graph.screens[candidate]
        guard index + screen.pattern.count <= segmentCount else { return false }
        let mark = values.count
        if values.capacity == 0 { values.reserveCapacity(8) }
        for (offset, segment) in screen.pattern.enumerated() {
            let text = decoded[index + offset]
            switch segment {
            case .literal(let word):
                guard LinkResolver.equals(text, word) else {
                    values.removeSubrange(mark...)
                    return false
                }
            case .parameter(let name, let type):
                guard let value = ParameterValue(bytes: text, as: type) else {
                    note(depth: index + offset, priority: 3, .typeMismatch,
                         .typeMismatch(screen: screen.name, parameter: name, type: type), segment: index + offset)
                    values.removeSubrange(mark...)
                    return false
                }
                values.append(value)
            }
        }
        for _ in screen.query { values.append(nil) }
        appendStep(candidate, valueStart: mark)
        let next = index + screen.pattern.count
        if screen.kind.presentationStyle != nil, next < segmentCount {
            note(depth: next, priority: 2, .edgeNotAllowed, .followsPresentation(screen: screen.name), segment: next)
        } else if walk(from: candidate, at: next) {
            return true
        }
        steps.removeLast()
        values.removeSubrange(mark...)
        return false
    }

    /// Records why nothing matched at `index` after `screen`: a screen of the flow that
    /// would match there but may not follow `screen`, or no screen at all.
    mutating func noteDeadEnd(after screen: Int, at index: Int) {
        guard failure.map({ index > $0.depth || (index == $0.depth && $0.priority < 1) }) ?? true else { return }
        let previous = graph.screens[screen]
        if previous.kind.presentationStyle != nil {
            note(depth: index, priority: 2, .edgeNotAllowed, .followsPresentation(screen: previous.name), segment: index)
            return
        }
        for other in graph.screens where other.flow == previous.flow && other.kind != .root {
            if matchesPattern(other, at: index) {
                note(depth: index, priority: 1, .edgeNotAllowed,
                     .edgeNotAllowed(screen: other.name, after: previous.name), segment: index)
                return
            }
        }
        note(depth: index, priority: 1, .unknownScreen, .unknownScreen(after: previous.name), segment: index)
    }

    func matchesPattern(_ screen: RouteGraph.Screen, at index: Int) -> Bool {
        guard index + screen.pattern.count <= segmentCount else { return false }
        for (offset, segment) in screen.pattern.enumerated() {
            let text = decoded[index + offset]
            switch segment {
            case .literal(let word):
                guard LinkResolver.equals(text, word) else { return false }
            case .parameter(_, let type):
                guard ParameterValue(bytes: text, as: type) != nil else { return false }
            }
        }
        return true
    }

    mutating func note(
        depth: Int, priority: Int, _ code: DeepLinkError.Code, _ reason: DeepLinkError.Reason, segment: Int
    ) {
        if let failure, failure.depth > depth || (failure.depth == depth && failure.priority >= priority) { return }
        failure = Failure(
            depth: depth, priority: priority,
            error: DeepLinkError(code, reason, link: link, range: ranges[segment], segment: segment + 1)
        )
    }

    // MARK: - Query

    /// Reads `key=value&…` into the slots of the screens along the path.
    ///
    /// An empty value (`q=`) leaves an optional parameter absent; a key without `=`,
    /// an empty pair, an undeclared or repeated key is an error.
    mutating func applyQuery(
        from start: Int, flowIndex: Int, scratch: UnsafeMutableBufferPointer<UInt8>, written: inout Int
    ) -> DeepLinkError? {
        guard start < bytes.count else { return nil }
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(1, values.count)) { seen in
            seen.initialize(repeating: false)
            var pairStart = start
            while pairStart < bytes.count {
                var pairEnd = pairStart
                while pairEnd < bytes.count, bytes[pairEnd] != UInt8(ascii: "&") { pairEnd += 1 }
                if let error = applyPair(pairStart..<pairEnd, flowIndex: flowIndex, seen: seen, scratch: scratch, written: &written) {
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
    }

    mutating func applyPair(
        _ pair: Range<Int>, flowIndex: Int, seen: UnsafeMutableBufferPointer<Bool>,
        scratch: UnsafeMutableBufferPointer<UInt8>, written: inout Int
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
        let key: Bytes
        switch LinkResolver.decodeValue(Bytes(rebasing: bytes[keyRange]), scratch: scratch, written: &written) {
        case .success(let decodedKey): key = decodedKey
        case .failure(let reason):
            return DeepLinkError(reason == .valueTooLong ? .limitExceeded : .badEncoding, reason, link: link, range: keyRange)
        }
        let value: Bytes
        switch LinkResolver.decodeValue(Bytes(rebasing: bytes[valueRange]), scratch: scratch, written: &written) {
        case .success(let decodedValue): value = decodedValue
        case .failure(let reason):
            return DeepLinkError(reason == .valueTooLong ? .limitExceeded : .badEncoding, reason, link: link, range: valueRange)
        }
        let flow = graph.flows[flowIndex]
        guard let owner = graph.queryOwners[flowIndex][String(decoding: key, as: UTF8.self)] else {
            return DeepLinkError(.badQuery, .undeclaredQuery(flow: flow.name), link: link, range: keyRange)
        }
        let screen = graph.screens[owner]
        guard let step = steps.firstIndex(where: { Int($0.screen) == owner }),
              let queryIndex = screen.query.firstIndex(where: { LinkResolver.equals(key, $0.name) })
        else {
            return DeepLinkError(.badQuery, .queryNotOnPath(screen: screen.name), link: link, range: keyRange)
        }
        let slot = Int(steps[step].valueStart) + screen.pathParameterCount + queryIndex
        guard !seen[slot] else {
            return DeepLinkError(.badQuery, .repeatedQuery, link: link, range: keyRange)
        }
        seen[slot] = true
        guard !value.isEmpty else { return nil }
        let parameter = screen.query[queryIndex]
        guard let converted = ParameterValue(bytes: value, as: parameter.type) else {
            return DeepLinkError(
                .typeMismatch, .typeMismatch(screen: screen.name, parameter: parameter.name, type: parameter.type),
                link: link, range: valueRange
            )
        }
        values[slot] = converted
        return nil
    }

    func checkRequiredQuery() -> DeepLinkError? {
        for step in steps {
            let screen = graph.screens[Int(step.screen)]
            let base = Int(step.valueStart) + screen.pathParameterCount
            for (index, parameter) in screen.query.enumerated() where !parameter.isOptional && values[base + index] == nil {
                return DeepLinkError(.badQuery, .missingQuery(screen: screen.name, parameter: parameter.name), link: link)
            }
        }
        return nil
    }

    // MARK: - Byte comparison

    static func equals(_ bytes: Bytes, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { other in
            other.count == bytes.count && (bytes.isEmpty || memcmpEqual(bytes, other))
        }
    }

    static func memcmpEqual(_ a: Bytes, _ b: Bytes) -> Bool {
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    static func equalsIgnoringCase(_ bytes: Bytes, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { other in
            guard other.count == bytes.count else { return false }
            for index in 0..<other.count {
                var byte = bytes[index]
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != other[index] { return false }
            }
            return true
        }
    }
}
