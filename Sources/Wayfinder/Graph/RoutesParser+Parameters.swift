import WayfinderSystem

/// Parameter types and query parameters in a `.routes` file.
extension RoutesParser {
    static let typeList = ParameterType.named.map(\.declaration).joined(separator: ", ")

    /// A parameter's type: a name (`int`), or words separated by `|` (`new|top|hot`).
    mutating func parseType(_ text: Substring, at: RoutesLocation) -> ParameterType? {
        if let type = ParameterType(declaration: String(text)) { return type }
        guard text.contains("|") else {
            error(at, "unknown parameter type '\(text)'; expected \(Self.typeList), or two or more words separated by '|' (new|top|hot)")
            return nil
        }
        var seen: Set<Substring> = []
        for word in text.split(separator: "|", omittingEmptySubsequences: false) {
            guard Self.isURLWord(String(word)) else {
                error(at, "invalid word '\(word)' in '\(text)': a word of a set holds letters, digits, '-', '_', '.' or '~'")
                return nil
            }
            guard seen.insert(word).inserted else {
                error(at, "'\(word)' appears twice in '\(text)'")
                return nil
            }
        }
        return nil
    }

    /// `KEY:TYPE`, `KEY:TYPE?` (optional) or `KEY:TYPE=VALUE` (optional, `VALUE` when absent).
    mutating func parseQueryParameter(_ token: Token, line: Int) -> RouteGraph.QueryParameter? {
        let at = location(line, token.column)
        let parts = token.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        var text = parts[0]
        let isOptional = text.last == "?"
        if isOptional { text = text.dropLast() }
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, Self.isURLWord(String(pieces[0])) else {
            error(at, "invalid query parameter '\(token.text)'; write it as KEY:TYPE, KEY:TYPE? when optional, or KEY:TYPE=DEFAULT")
            return nil
        }
        guard let type = parseType(pieces[1], at: at) else { return nil }
        guard type != .rest else {
            error(at, "query parameter '\(pieces[0])' cannot be a rest parameter; {NAME:rest} ends a path pattern")
            return nil
        }
        var defaultValue: ParameterValue?
        if parts.count == 2 {
            let defaultAt = location(line, token.column + parts[0].count + 1)
            guard !isOptional else {
                error(at, "query parameter '\(pieces[0])' has a default, so it is optional already; drop the '?'")
                return nil
            }
            guard let value = ParameterValue(parsing: String(parts[1]), as: type), parts[1].utf8.count <= RouteGraph.maximumValueLength,
                  !String(parts[1]).containsControlCharacters
            else {
                let text = String(parts[1])
                let detail = type.refusal(of: text.utf8.span).map { ": " + $0 } ?? ""
                error(defaultAt, "default '\(parts[1])' of query parameter '\(pieces[0])' is not \(type.phrase)\(detail)")
                return nil
            }
            defaultValue = value
        }
        return RouteGraph.QueryParameter(name: String(pieces[0]), type: type, isOptional: isOptional, defaultValue: defaultValue)
    }
}
