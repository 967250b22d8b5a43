/// The lines of a `.routes` file about its versions: `version N`, the migrations
/// (`from V …`, see ``RouteMigration``) and aliases (`alias SCREEN PATTERN`).
extension RoutesParser {
    /// A migration line, with where each of its words is (`words[0]` is `from`).
    @_spi(RouteTools) public struct MigrationDecl {
        /// The migration the line declares.
        public let migration: RouteMigration
        /// Where each word of the line is.
        public let words: [RoutesLocation]
    }

    /// The migration lines in the order they apply: by version, then as declared.
    @_spi(RouteTools) public var orderedMigrations: [MigrationDecl] {
        migrations.enumerated().sorted { ($0.element.migration.version, $0.offset) < ($1.element.migration.version, $1.offset) }
            .map(\.element)
    }

    /// An alias line, with where its screen and pattern are.
    @_spi(RouteTools) public struct AliasDecl {
        /// The alias the line declares.
        public let alias: RouteAlias
        /// Where the line names its screen, and where its pattern is.
        public let screenAt: RoutesLocation
        public let patternAt: RoutesLocation
    }

    /// What a migration line about a `kind` may say.
    static func migrationForms(of kind: String) -> String {
        let forms = switch kind {
        case "screen": [
            "screen OLD renamed NEW", "screen NAME moved from FLOW[.TAB]", "screen OLD removed to SCREEN", "screen NAME link PATTERN",
            "screen NAME entry TIER",
        ]
        case "param": ["param SCREEN.OLD renamed NEW", "param SCREEN.NAME type OLDTYPE [else drop|else VALUE]", "param SCREEN.NAME added VALUE"]
        case "tab": ["tab FLOW.OLD renamed NEW"]
        default: ["\(kind) OLD renamed NEW"]
        }
        return "expected " + forms.map { "'from V \($0)'" }.joined(separator: ", or ")
    }

    mutating func parseVersion(_ args: [Token], line: Int, at: RoutesLocation) {
        guard args.count == 1 else {
            error(at, "'version' takes exactly one number, such as 'version 2'")
            return
        }
        guard let number = Self.versionNumber(args[0].text) else {
            error(location(line, args[0].column), "invalid version '\(args[0].text)': a whole number from 1 to 1000000")
            return
        }
        if let previous = version {
            error(at, "version declared twice (first at \(previous.1))")
            return
        }
        version = (number, at)
    }

    static func versionNumber(_ text: String) -> Int? {
        guard text.utf8.count <= 7, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(text),
              (1...1_000_000).contains(number) else { return nil }
        return number
    }

    mutating func parseMigration(_ args: [Token], line: Int, at: RoutesLocation) {
        let words = [at] + args.map { location(line, $0.column) }
        let text = (["from"] + args.map(\.text)).joined(separator: " ")
        guard args.count >= 4 else {
            error(at, "incomplete migration; expected 'from V screen|param|flow|tab|guard …', such as 'from 1 screen comments renamed thread'")
            return
        }
        guard let number = Self.versionNumber(args[0].text) else {
            error(words[1], "invalid version '\(args[0].text)' after 'from': a whole number from 1 to 1000000")
            return
        }
        guard let change = parseChange(Array(args.dropFirst()), line: line) else { return }
        migrations.append(MigrationDecl(
            migration: RouteMigration(version: number, change: change, location: at, text: text), words: words
        ))
    }

    /// The change of a migration line: `args` are its words from the kind (`screen`) on.
    private mutating func parseChange(_ args: [Token], line: Int) -> RouteMigration.Change? {
        let (kind, subject, verb) = (args[0], args[1], args[2])
        let rest = Array(args.dropFirst(3))
        let verbAt = location(line, verb.column)
        func expect(_ count: Int, _ form: String) -> Bool {
            guard rest.count == count else {
                error(verbAt, "expected '\(form)'")
                return false
            }
            return true
        }
        switch (kind.text, verb.text) {
        case ("screen", "renamed"), ("flow", "renamed"), ("guard", "renamed"):
            guard expect(1, "\(kind.text) OLD renamed NEW"), checkName(subject, line: line, what: kind.text),
                  checkName(rest[0], line: line, what: kind.text) else { return nil }
            switch kind.text {
            case "screen": return .screenRenamed(from: subject.text, to: rest[0].text)
            case "flow": return .flowRenamed(from: subject.text, to: rest[0].text)
            default: return .guardRenamed(from: subject.text, to: rest[0].text)
            }
        case ("screen", "moved"):
            guard expect(2, "screen NAME moved from FLOW[.TAB]"), rest[0].text == "from" || mistake(rest[0], line, "expected 'from' after 'moved'"),
                  checkName(subject, line: line, what: "screen"), let (flow, tab) = parsePlace(rest[1], line: line) else { return nil }
            return .screenMoved(subject.text, fromFlow: flow.0, tab: tab?.0)
        case ("screen", "removed"):
            guard expect(2, "screen OLD removed to SCREEN"), rest[0].text == "to" || mistake(rest[0], line, "expected 'to' after 'removed'"),
                  checkName(subject, line: line, what: "screen"), checkName(rest[1], line: line, what: "screen") else { return nil }
            return .screenRemoved(subject.text, replacement: rest[1].text)
        case ("screen", "link"):
            guard expect(1, "screen NAME link PATTERN"), checkName(subject, line: line, what: "screen"),
                  let pattern = parsePattern(rest[0], line: line) else { return nil }
            return .linkChanged(screen: subject.text, pattern: pattern)
        case ("screen", "entry"):
            guard expect(1, "screen NAME entry TIER"), checkName(subject, line: line, what: "screen") else { return nil }
            guard let tier = RouteGraph.EntryTier(rawValue: rest[0].text) else {
                return refuse(rest[0], line, "unknown entry tier '\(rest[0].text)'; expected outside, confirm or internal")
            }
            return .entryChanged(screen: subject.text, from: tier)
        case ("tab", "renamed"):
            guard expect(1, "tab FLOW.OLD renamed NEW"), let (flow, tab) = parsePlace(subject, line: line),
                  checkName(rest[0], line: line, what: "tab") else { return nil }
            guard let tab else { return refuse(subject, line, "expected FLOW.TAB, such as 'main.me'") }
            return .tabRenamed(flow: flow.0, from: tab.0, to: rest[0].text)
        case ("param", _):
            return parseParameterChange(subject, verb, rest, line: line)
        case ("screen", _), ("flow", _), ("guard", _), ("tab", _):
            error(verbAt, "unknown change '\(verb.text)' of a \(kind.text); \(Self.migrationForms(of: kind.text))")
            return nil
        default:
            error(location(line, kind.column), "unknown kind '\(kind.text)' in a migration; expected screen, param, flow, tab or guard")
            return nil
        }
    }

    /// Reports `message` at `token`; false, for use in a `guard` condition.
    private mutating func mistake(_ token: Token, _ line: Int, _ message: String) -> Bool {
        error(location(line, token.column), message)
        return false
    }

    /// Reports `message` at `token`; no change.
    private mutating func refuse(_ token: Token, _ line: Int, _ message: String) -> RouteMigration.Change? {
        error(location(line, token.column), message)
        return nil
    }

    /// `param SCREEN.NAME renamed NEW`, `type OLDTYPE [else drop|else VALUE]` or `added VALUE`.
    private mutating func parseParameterChange(_ subject: Token, _ verb: Token, _ rest: [Token], line: Int) -> RouteMigration.Change? {
        let parts = subject.text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isIdentifier(String(parts[0])), Self.isURLWord(String(parts[1])) else {
            return refuse(subject, line, "expected SCREEN.PARAMETER, such as 'post.id', got '\(subject.text)'")
        }
        let (screen, name) = (String(parts[0]), String(parts[1]))
        switch verb.text {
        case "renamed":
            guard rest.count == 1 else { return refuse(verb, line, "expected 'param SCREEN.OLD renamed NEW'") }
            guard Self.isURLWord(rest[0].text) else {
                return refuse(rest[0], line, "invalid parameter name '\(rest[0].text)'")
            }
            return .parameterRenamed(screen: screen, from: name, to: rest[0].text)
        case "type":
            guard rest.count == 1 || (rest.count == 3 && rest[1].text == "else") else {
                return refuse(verb, line, "expected 'param SCREEN.NAME type OLDTYPE [else drop|else VALUE]'")
            }
            guard let type = parseType(Substring(rest[0].text), at: location(line, rest[0].column)) else { return nil }
            let otherwise = rest.count == 3 && rest[2].text != "drop" ? rest[2].text : nil
            return .parameterRetyped(screen: screen, parameter: name, from: type, otherwise: otherwise)
        case "added":
            guard rest.count == 1 else { return refuse(verb, line, "expected 'param SCREEN.NAME added VALUE'") }
            return .parameterAdded(screen: screen, parameter: name, value: rest[0].text)
        default:
            return refuse(verb, line, "unknown change '\(verb.text)' of a param; \(Self.migrationForms(of: "param"))")
        }
    }

    mutating func parseAlias(_ args: [Token], line: Int, at: RoutesLocation) {
        guard args.count == 2 else {
            error(at, "expected 'alias SCREEN PATTERN', such as 'alias post p/{id:int}'")
            return
        }
        guard checkName(args[0], line: line, what: "screen"), let pattern = parsePattern(args[1], line: line) else { return }
        let screenAt = location(line, args[0].column)
        aliases.append(AliasDecl(
            alias: RouteAlias(screen: args[0].text, pattern: pattern, location: at),
            screenAt: screenAt, patternAt: location(line, args[1].column)
        ))
    }
}
