import WayfinderSystem

/// Reads the line-oriented `.routes` format into declarations, collecting every
/// problem instead of stopping at the first.
///
/// Lines (comments start with `#`):
/// ```
/// scheme wayfinder
/// guard signed-in else login
/// flow main guard signed-in tabs feed search me
/// screen post main push post/{id:int} after feed search user query ref:string? reopen reuse
/// ```
@_spi(RouteTools) public struct RoutesParser {
    struct Token {
        let text: String
        let column: Int
    }

    struct FlowDecl {
        let name: String
        let guardName: (String, RoutesLocation)?
        let tabs: [(String, RoutesLocation)]
        let location: RoutesLocation
    }

    struct GuardDecl {
        let name: String
        let fallback: (String, RoutesLocation)
        let location: RoutesLocation
    }

    struct ScreenDecl {
        let name: String
        let flow: (String, RoutesLocation)
        let tab: (String, RoutesLocation)?
        let kind: RouteGraph.ScreenKind
        let pattern: [RouteGraph.Segment]
        let patternLocation: RoutesLocation?
        let query: [(RouteGraph.QueryParameter, RoutesLocation)]
        let predecessors: [(String, RoutesLocation)]
        let reopen: RouteGraph.ReopenPolicy
        /// The `entry` tier, when the line declares one.
        let entry: RouteGraph.EntryTier?
        let location: RoutesLocation
    }

    /// The clauses ending a screen line.
    struct ScreenClauses {
        var predecessors: [(String, RoutesLocation)] = []
        var query: [(RouteGraph.QueryParameter, RoutesLocation)] = []
        var reopen = RouteGraph.ReopenPolicy.reuse
        var entry: RouteGraph.EntryTier?
    }

    /// Words that cannot name anything (a few: a list is quicker to search than to hash into).
    static let keywords = ["after", "query", "reopen", "entry", "guard", "tabs", "else"]

    let file: String
    var diagnostics: [RoutesDiagnostic] = []
    var scheme: (String, RoutesLocation)?
    var webOrigins: [(WebOrigin, RoutesLocation)] = []
    var guards: [GuardDecl] = []
    var flows: [FlowDecl] = []
    var screens: [ScreenDecl] = []
    /// The table's `version` line (its number, and where it is), its `from` lines as
    /// declared, and its `alias` lines: what the route tools check against the table.
    @_spi(RouteTools) public internal(set) var version: (Int, RoutesLocation)?
    @_spi(RouteTools) public internal(set) var migrations: [MigrationDecl] = []
    @_spi(RouteTools) public internal(set) var aliases: [AliasDecl] = []

    init(file: String) {
        self.file = file
    }

    mutating func parse(_ text: String) {
        var lineNumber = 0
        for line in Self.lines(of: text) {
            lineNumber += 1
            let tokens = Self.tokenize(line)
            guard let first = tokens.first else { continue }
            let at = location(lineNumber, first.column)
            let rest = Array(tokens.dropFirst())
            switch first.text {
            case "scheme": parseScheme(rest, line: lineNumber, at: at)
            case "web": parseWeb(rest, line: lineNumber, at: at)
            case "guard": parseGuard(rest, line: lineNumber, at: at)
            case "flow": parseFlow(rest, line: lineNumber, at: at)
            case "screen": parseScreen(rest, line: lineNumber, at: at)
            case "version": parseVersion(rest, line: lineNumber, at: at)
            case "from": parseMigration(rest, line: lineNumber, at: at)
            case "alias": parseAlias(rest, line: lineNumber, at: at)
            default:
                error(at, "unknown directive '\(first.text)'; expected scheme, web, guard, flow, screen, version, from or alias")
            }
        }
    }

    func location(_ line: Int, _ column: Int) -> RoutesLocation {
        RoutesLocation(file: file, line: line, column: column)
    }

    mutating func error(_ at: RoutesLocation, _ message: String) {
        diagnostics.append(RoutesDiagnostic(at, message))
    }

    /// Checks a name token; reports and returns false when it is not a usable name.
    mutating func checkName(_ token: Token, line: Int, what: String) -> Bool {
        let at = location(line, token.column)
        if Self.keywords.contains(token.text) {
            error(at, "'\(token.text)' is a keyword and cannot be used as a \(what) name")
            return false
        }
        if !Self.isIdentifier(token.text) {
            error(at, "invalid \(what) name '\(token.text)': use letters, digits, '-' and '_', starting with a letter")
            return false
        }
        return true
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" || $0 == "_" }
    }

    /// Whether `text` is one or more unreserved characters, which a link writes as themselves.
    static func isURLWord(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(PercentEncoding.isUnreserved)
    }

    // MARK: - Directives

    mutating func parseScheme(_ args: [Token], line: Int, at: RoutesLocation) {
        guard args.count == 1 else {
            error(at, "'scheme' takes exactly one name, such as 'scheme wayfinder'")
            return
        }
        let token = args[0]
        let tokenAt = location(line, token.column)
        let valid = token.text.unicodeScalars.first?.isASCIILetter == true
            && token.text.unicodeScalars.allSatisfy {
                $0.isASCIILetter || $0.isASCIIDigit || $0 == "+" || $0 == "-" || $0 == "."
            }
        guard valid else {
            error(tokenAt, "invalid scheme '\(token.text)': use a letter followed by letters, digits, '+', '-' or '.'")
            return
        }
        if let previous = scheme {
            error(at, "scheme declared twice (first at \(previous.1))")
            return
        }
        scheme = (token.text.lowercased(), tokenAt)
    }

    mutating func parseGuard(_ args: [Token], line: Int, at: RoutesLocation) {
        guard args.count == 3, args[1].text == "else" else {
            error(at, "expected 'guard NAME else FLOW', such as 'guard signed-in else login'")
            return
        }
        guard checkName(args[0], line: line, what: "guard") else { return }
        let fallback = args[2]
        guard checkName(fallback, line: line, what: "flow") else { return }
        guards.append(GuardDecl(
            name: args[0].text,
            fallback: (fallback.text, location(line, fallback.column)),
            location: location(line, args[0].column)
        ))
    }

    mutating func parseFlow(_ args: [Token], line: Int, at: RoutesLocation) {
        guard let nameToken = args.first else {
            error(at, "expected 'flow NAME [guard GUARD] [tabs TAB...]'")
            return
        }
        guard checkName(nameToken, line: line, what: "flow") else { return }
        let nameAt = location(line, nameToken.column)
        if nameToken.text != nameToken.text.lowercased() {
            error(nameAt, "flow name '\(nameToken.text)' must be lower case: it is the link's host, which is compared case-insensitively")
            return
        }
        var guardName: (String, RoutesLocation)?
        var tabs: [(String, RoutesLocation)] = []
        var index = 1
        while index < args.count {
            let token = args[index]
            let tokenAt = location(line, token.column)
            switch token.text {
            case "guard":
                guard index + 1 < args.count, !Self.keywords.contains(args[index + 1].text) else {
                    error(tokenAt, "'guard' needs a guard name after it")
                    return
                }
                if guardName != nil {
                    error(tokenAt, "flow '\(nameToken.text)' names a guard twice")
                    return
                }
                let value = args[index + 1]
                guard checkName(value, line: line, what: "guard") else { return }
                guardName = (value.text, location(line, value.column))
                index += 2
            case "tabs":
                index += 1
                guard index < args.count, !Self.keywords.contains(args[index].text) else {
                    error(tokenAt, "'tabs' needs at least one tab name after it")
                    return
                }
                while index < args.count, !Self.keywords.contains(args[index].text) {
                    let tab = args[index]
                    guard checkName(tab, line: line, what: "tab") else { return }
                    tabs.append((tab.text, location(line, tab.column)))
                    index += 1
                }
            default:
                error(tokenAt, "unexpected '\(token.text)' in flow declaration; expected 'guard' or 'tabs'")
                return
            }
        }
        flows.append(FlowDecl(name: nameToken.text, guardName: guardName, tabs: tabs, location: nameAt))
    }

    mutating func parseScreen(_ args: [Token], line: Int, at: RoutesLocation) {
        guard args.count >= 3 else {
            error(at, "expected 'screen NAME FLOW[.TAB] root|push|sheet|alert [PATTERN] [after SCREEN...] [query KEY:TYPE...] [reopen reuse|push|reset] [entry outside|confirm|internal]'")
            return
        }
        let nameToken = args[0]
        guard checkName(nameToken, line: line, what: "screen"), let (flow, tab) = parsePlace(args[1], line: line) else { return }
        let kindToken = args[2]
        guard let kind = RouteGraph.ScreenKind(rawValue: kindToken.text) else {
            error(location(line, kindToken.column), "unknown screen kind '\(kindToken.text)'; expected root, push, sheet or alert")
            return
        }
        var index = 3
        var pattern: [RouteGraph.Segment] = []
        var patternAt: RoutesLocation?
        if index < args.count, !Self.keywords.contains(args[index].text) {
            let token = args[index]
            patternAt = location(line, token.column)
            guard let parsed = parsePattern(token, line: line) else { return }
            pattern = parsed
            index += 1
        }
        guard let clauses = parseClauses(args[index...], line: line, hasPattern: patternAt != nil) else { return }
        screens.append(ScreenDecl(
            name: nameToken.text, flow: flow, tab: tab, kind: kind, pattern: pattern, patternLocation: patternAt,
            query: clauses.query, predecessors: clauses.predecessors, reopen: clauses.reopen, entry: clauses.entry,
            location: location(line, nameToken.column)
        ))
    }

    /// `FLOW` or `FLOW.TAB`, each with where it is; nil (reported) when malformed.
    mutating func parsePlace(_ token: Token, line: Int) -> ((String, RoutesLocation), (String, RoutesLocation)?)? {
        let parts = token.text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ Self.isIdentifier(String($0)) }) else {
            error(location(line, token.column), "expected FLOW or FLOW.TAB, got '\(token.text)'")
            return nil
        }
        let flow = (String(parts[0]), location(line, token.column))
        let tab = parts.count == 2 ? (String(parts[1]), location(line, token.column + parts[0].count + 1)) : nil
        return (flow, tab)
    }

    /// The `after SCREEN...`, `query KEY:TYPE...`, `reopen POLICY` and `entry TIER` clauses
    /// ending a screen line; nil (reported) when malformed. `args` are the line's words from
    /// the fourth on.
    private mutating func parseClauses(_ args: ArraySlice<Token>, line: Int, hasPattern: Bool) -> ScreenClauses? {
        var clauses = ScreenClauses()
        var seen: Set<String> = []
        var index = args.startIndex
        while index < args.endIndex {
            let token = args[index]
            let tokenAt = location(line, token.column)
            guard ["after", "query", "reopen", "entry"].contains(token.text) else {
                let hint = index == 3 || hasPattern ? "expected 'after', 'query', 'reopen' or 'entry'" : "a pattern must come right after the screen kind"
                error(tokenAt, "unexpected '\(token.text)' in screen declaration; \(hint)")
                return nil
            }
            guard seen.insert(token.text).inserted else {
                let why = switch token.text {
                case "reopen": "a screen has one policy"
                case "entry": "a screen has one tier"
                default: "list every name after a single '\(token.text)'"
                }
                error(tokenAt, "'\(token.text)' appears twice on one line; \(why)")
                return nil
            }
            index += 1
            if token.text == "reopen" || token.text == "entry" {
                if token.text == "reopen" {
                    guard let policy = parseChoice(RouteGraph.ReopenPolicy.self, args[index...], after: token, line: line) else { return nil }
                    clauses.reopen = policy
                } else {
                    guard let tier = parseChoice(RouteGraph.EntryTier.self, args[index...], after: token, line: line) else { return nil }
                    clauses.entry = tier
                }
                index += 1
                continue
            }
            let isAfter = token.text == "after"
            guard index < args.endIndex, !Self.keywords.contains(args[index].text) else {
                error(tokenAt, "'\(token.text)' needs at least one \(isAfter ? "screen name" : "KEY:TYPE") after it")
                return nil
            }
            while index < args.endIndex, !Self.keywords.contains(args[index].text) {
                let item = args[index]
                if isAfter {
                    guard checkName(item, line: line, what: "screen") else { return nil }
                    clauses.predecessors.append((item.text, location(line, item.column)))
                } else {
                    guard let parameter = parseQueryParameter(item, line: line) else { return nil }
                    clauses.query.append((parameter, location(line, item.column)))
                }
                index += 1
            }
        }
        return clauses
    }

    /// The word after `keyword` (`reopen` or `entry`, the first of `args`) as one of
    /// `Choice`'s cases; nil (reported) when missing or unknown.
    private mutating func parseChoice<Choice: RawRepresentable & CaseIterable>(
        _: Choice.Type, _ args: ArraySlice<Token>, after keyword: Token, line: Int
    ) -> Choice? where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        let what = keyword.text == "entry" ? "tier" : "policy"
        guard let word = args.first, !Self.keywords.contains(word.text) else {
            error(location(line, keyword.column), "'\(keyword.text)' needs a \(what) after it: \(names.joined(separator: ", "))")
            return nil
        }
        guard let choice = Choice(rawValue: word.text) else {
            let hint = closestName(to: word.text, among: names).map { "; did you mean '\($0)'?" } ?? ""
            error(location(line, word.column), "unknown \(keyword.text) \(what) '\(word.text)'; expected \(names.joined(separator: ", "))\(hint)")
            return nil
        }
        return choice
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool {
        (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    var isASCIIDigit: Bool {
        (0x30...0x39).contains(value)
    }
}
