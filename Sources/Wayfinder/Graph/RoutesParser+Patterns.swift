/// Screen patterns in a `.routes` file: `post/{id:int}`, `files/{path:rest}`.
extension RoutesParser {
    /// Why a pattern may not hold `.` or `..`: links may not (see ``DeepLinkError/Code/dotSegment``).
    static let dotSegmentReason = "URL parsers remove '.' and '..' segments, and a link may not hold one, so no link could match it"

    mutating func parsePattern(_ token: Token, line: Int) -> [RouteGraph.Segment]? {
        var text = Substring(token.text)
        var column = token.column
        if text.first == "/" {
            text = text.dropFirst()
            column += 1
        }
        if text.last == "/" { text = text.dropLast() }
        guard !text.isEmpty else {
            error(location(line, token.column), "empty pattern; a root screen needs none, other screens need at least one segment")
            return nil
        }
        var segments: [RouteGraph.Segment] = []
        var names: Set<String> = []
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        for (number, part) in parts.enumerated() {
            let at = location(line, column)
            defer { column += part.count + 1 }
            if part.isEmpty {
                error(at, "empty segment in pattern '\(token.text)'")
                return nil
            }
            if part.first == "{" {
                guard let (name, type) = parseParameter(part, at: at) else { return nil }
                guard names.insert(name).inserted else {
                    error(at, "parameter '\(name)' appears twice in pattern '\(token.text)'")
                    return nil
                }
                guard type != .rest || number == parts.count - 1 else {
                    error(at, "the rest parameter '\(part)' must be the last segment of its pattern: it takes the rest of the path")
                    return nil
                }
                segments.append(.parameter(name: name, type: type))
            } else {
                guard Self.isURLWord(String(part)) else {
                    error(at, "invalid literal segment '\(part)': use letters, digits, '-', '_', '.' or '~'")
                    return nil
                }
                guard !part.utf8.span.isDotSegment else {
                    error(at, "literal segment '\(part)' is a dot segment: \(Self.dotSegmentReason)")
                    return nil
                }
                segments.append(.literal(String(part)))
            }
        }
        return segments
    }

    /// `{name}` or `{name:type}` (`part`, at `at`); nil (reported) when malformed.
    private mutating func parseParameter(_ part: Substring, at: RoutesLocation) -> (String, ParameterType)? {
        guard part.last == "}", part.count > 2 else {
            error(at, "unclosed parameter '\(part)'; write it as {name:type}")
            return nil
        }
        let inner = part.dropFirst().dropLast()
        let pieces = inner.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count <= 2, Self.isIdentifier(String(pieces[0])) else {
            error(at, "invalid parameter '\(part)'; write it as {name:type}")
            return nil
        }
        var type = ParameterType.string
        if pieces.count == 2 {
            guard let declared = parseType(pieces[1], at: at) else { return nil }
            type = declared
        }
        if case .oneOf(let words) = type, let dots = words.first(where: { $0.utf8.span.isDotSegment }) {
            error(at, "word '\(dots)' of '\(part)' is a dot segment: \(Self.dotSegmentReason)")
            return nil
        }
        return (String(pieces[0]), type)
    }
}
