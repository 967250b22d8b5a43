@_spi(RouteTools) import Wayfinder
import WayfinderSystem

/// Checks the `version`, `from` and `alias` lines of a table against the table they end in.
///
/// The migrations are undone one by one, newest first, from today's table: each line must
/// name what the table holds at its point (a rename's new name, not its old one), so a line
/// that names nothing, or that would restore a name still in use, is found at its place.
struct MigrationChecker {
    /// The table's names at one point of the history: screens with their parameters' types
    /// (`nil` for a screen known only as removed), each screen's flow, flows with their tabs,
    /// guards.
    struct Names {
        var parameters: [String: [String: ParameterType]?] = [:]
        var flowOf: [String: String] = [:]
        var tabs: [String: [String]] = [:]
        var guards: Set<String> = []
    }

    let parser: RoutesParser
    let graph: RouteGraph
    var diagnostics: [RoutesDiagnostic] = []

    init(parser: RoutesParser, graph: RouteGraph) {
        self.parser = parser
        self.graph = graph
    }

    mutating func error(_ at: RoutesLocation, _ message: String) {
        diagnostics.append(RoutesDiagnostic(at, message))
    }

    /// Every problem of the version, migration and alias lines.
    mutating func check() -> [RoutesDiagnostic] {
        checkVersions()
        checkConflicts()
        var names = Names()
        for screen in graph.screens {
            var types: [String: ParameterType] = [:]
            for (name, type) in screen.pathParameters { types[name] = type }
            for parameter in screen.query { types[parameter.name] = parameter.type }
            names.parameters[screen.name] = types
            names.flowOf[screen.name] = screen.flow
        }
        for flow in graph.flows { names.tabs[flow.name] = flow.tabs }
        names.guards = Set(graph.guards.map(\.name))
        for decl in parser.orderedMigrations.reversed() { undo(decl, in: &names) }
        for decl in parser.aliases { checkAlias(decl) }
        return diagnostics
    }

    private mutating func checkVersions() {
        guard let first = parser.migrations.first else { return }
        guard let (version, _) = parser.version else {
            let needed = (parser.migrations.map(\.migration.version).max() ?? 1) + 1
            error(first.words[1], "'from \(first.migration.version)' needs the table's own version: declare 'version \(needed)' (above every 'from')")
            return
        }
        for decl in parser.migrations where decl.migration.version >= version {
            error(decl.words[1], "'from \(decl.migration.version)' is not below the table's version \(version): a migration is for states and links of an earlier version; raise 'version'")
        }
    }

    /// What a migration changes, as a key two lines of one version may not share (`screen
    /// post`, `param post.id`), and for a rename, the new name as such a key (for cycles).
    private static func subject(of change: RouteMigration.Change) -> (key: String, renamedTo: String?) {
        switch change {
        case .screenRenamed(let old, let new): ("screen \(old)", "screen \(new)")
        case .screenMoved(let screen, _, _), .screenRemoved(let screen, _): ("screen \(screen)", nil)
        case .linkChanged(let screen, _): ("link of screen \(screen)", nil)
        case .entryChanged(let screen, _): ("entry of screen \(screen)", nil)
        case .parameterRenamed(let screen, let old, let new): ("param \(screen).\(old)", "param \(screen).\(new)")
        case .parameterRetyped(let screen, let name, _, _): ("type of param \(screen).\(name)", nil)
        case .parameterAdded(let screen, let name, _): ("param \(screen).\(name)", nil)
        case .flowRenamed(let old, let new): ("flow \(old)", "flow \(new)")
        case .tabRenamed(let flow, let old, let new): ("tab \(flow).\(old)", "tab \(flow).\(new)")
        case .guardRenamed(let old, let new): ("guard \(old)", "guard \(new)")
        }
    }

    /// Two migrations of one thing at one version, and renames that go round in a cycle.
    private mutating func checkConflicts() {
        var seen: [String: RoutesLocation] = [:]
        var renames: [Int: [String: String]] = [:]
        for decl in parser.migrations {
            let (key, renamedTo) = Self.subject(of: decl.migration.change)
            let version = decl.migration.version
            if let first = seen["\(version) \(key)"] {
                error(decl.words[3], "\(key) has two migrations from version \(version) (the first at \(first)); declare each change once")
            } else {
                seen["\(version) \(key)"] = decl.words[3]
            }
            if let renamedTo { renames[version, default: [:]][key] = renamedTo }
        }
        for decl in parser.migrations {
            let start = Self.subject(of: decl.migration.change).key
            guard let map = renames[decl.migration.version], map[start] != nil else { continue }
            var chain = [start]
            var next = map[start]
            while let name = next, !chain.contains(name) {
                chain.append(name)
                next = map[name]
            }
            if next == start {
                let names = (chain + [start]).map { $0.split(separator: " ").last.map(String.init) ?? $0 }
                error(decl.words[3], "renames from version \(decl.migration.version) go round in a cycle (\(names.joined(separator: " → "))); a name cannot end where it started")
            }
        }
    }
}

/// Undoing one migration: the names it needs at its point, then the table before it.
extension MigrationChecker {
    private func suggest(_ name: String, among candidates: some Sequence<String>) -> String {
        closestName(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Whether screen `name` is in `names`; reported at `at` when it is not.
    private mutating func has(screen name: String, _ names: Names, at: RoutesLocation) -> Bool {
        guard names.parameters[name] == nil else { return true }
        error(at, "screen '\(name)' is not in the table at this point (today's names, or as the later migrations left them)\(suggest(name, among: names.parameters.keys))")
        return false
    }

    /// The type of `parameter` of `screen` in `names`; reported at `at` when the screen has
    /// no such parameter; `nil` then, and for a screen whose parameters are unknown.
    private mutating func type(of parameter: String, _ screen: String, _ names: Names, at: RoutesLocation) -> ParameterType? {
        guard let known = names.parameters[screen], let types = known else { return nil }
        guard let type = types[parameter] else {
            error(at, "screen '\(screen)' has no parameter '\(parameter)' at this point\(suggest(parameter, among: types.keys))")
            return nil
        }
        return type
    }

    /// Reports at `at` when `text` is not a value of `type`.
    private mutating func checkValue(_ text: String, _ type: ParameterType, what: String, at: RoutesLocation) {
        guard ParameterValue(parsing: text, as: type) == nil else { return }
        let detail = type.refusal(of: text.utf8.span).map { ": " + $0 } ?? ""
        error(at, "\(what) '\(text)' is not \(type.phrase)\(detail)")
    }

    mutating func undo(_ decl: RoutesParser.MigrationDecl, in names: inout Names) {
        switch decl.migration.change {
        case .screenRenamed, .screenMoved, .screenRemoved, .linkChanged, .entryChanged: undoScreenChange(decl, in: &names)
        case .parameterRenamed, .parameterRetyped, .parameterAdded: undoParameterChange(decl, in: &names)
        case .flowRenamed, .tabRenamed, .guardRenamed: undoRename(decl, in: &names)
        }
    }

    private mutating func undoScreenChange(_ decl: RoutesParser.MigrationDecl, in names: inout Names) {
        let words = decl.words
        switch decl.migration.change {
        case .screenRenamed(let old, let new):
            guard has(screen: new, names, at: words[5]) else { return }
            guard names.parameters[old] == nil else {
                return error(words[3], "screen '\(old)' is still declared; a renamed screen's old name cannot name another screen")
            }
            names.parameters[old] = names.parameters.removeValue(forKey: new) ?? nil
            names.flowOf[old] = names.flowOf.removeValue(forKey: new)
        case .screenMoved(let screen, let flow, let tab):
            guard has(screen: screen, names, at: words[3]) else { return }
            guard let tabs = names.tabs[flow] else {
                return error(words[6], "unknown flow '\(flow)'\(suggest(flow, among: names.tabs.keys))")
            }
            if let tab, !tabs.contains(tab) { return error(words[6], "flow '\(flow)' has no tab '\(tab)' at this point") }
            names.flowOf[screen] = flow
        case .screenRemoved(let old, let replacement):
            guard has(screen: replacement, names, at: words[6]) else { return }
            guard names.parameters[old] == nil else {
                return error(words[3], "screen '\(old)' is still declared; only a screen the table no longer has can be removed")
            }
            names.parameters[old] = .some(nil)
            names.flowOf[old] = names.flowOf[replacement]
        case .linkChanged(let screen, let pattern):
            guard has(screen: screen, names, at: words[3]) else { return }
            if graph.screen(named: screen)?.kind == .root {
                return error(words[3], "root screen '\(screen)' has no pattern of its own: its link is its flow's")
            }
            for case .parameter(let name, _) in pattern {
                _ = type(of: name, screen, names, at: words[5])
            }
        case .entryChanged(let screen, _):
            _ = has(screen: screen, names, at: words[3])
        default:
            break
        }
    }

    private mutating func undoParameterChange(_ decl: RoutesParser.MigrationDecl, in names: inout Names) {
        let words = decl.words
        switch decl.migration.change {
        case .parameterRenamed(let screen, let old, let new):
            guard has(screen: screen, names, at: words[3]), let type = type(of: new, screen, names, at: words[5]) else { return }
            guard names.parameters[screen]??[old] == nil else {
                return error(words[3], "screen '\(screen)' still has parameter '\(old)'; a renamed parameter's old name cannot name another")
            }
            names.parameters[screen]??[new] = nil
            names.parameters[screen]??[old] = type
        case .parameterRetyped(let screen, let parameter, let old, let otherwise):
            guard has(screen: screen, names, at: words[3]), let type = type(of: parameter, screen, names, at: words[3]) else { return }
            guard type != old else { return error(words[5], "'\(parameter)' of screen '\(screen)' is \(old.declaration) at this point: its type did not change") }
            if let otherwise { checkValue(otherwise, type, what: "value", at: words[7]) }
            names.parameters[screen]??[parameter] = old
        case .parameterAdded(let screen, let parameter, let value):
            guard has(screen: screen, names, at: words[3]), let type = type(of: parameter, screen, names, at: words[3]) else { return }
            checkValue(value, type, what: "value", at: words[5])
            names.parameters[screen]??[parameter] = nil
        default:
            break
        }
    }

    private mutating func undoRename(_ decl: RoutesParser.MigrationDecl, in names: inout Names) {
        let words = decl.words
        switch decl.migration.change {
        case .flowRenamed(let old, let new):
            guard let tabs = names.tabs[new] else { return error(words[5], "unknown flow '\(new)'\(suggest(new, among: names.tabs.keys))") }
            guard names.tabs[old] == nil else { return error(words[3], "flow '\(old)' is still declared; a renamed flow's old name cannot name another") }
            names.tabs[new] = nil
            names.tabs[old] = tabs
            for (screen, flow) in names.flowOf where flow == new { names.flowOf[screen] = old }
        case .tabRenamed(let flow, let old, let new):
            guard let tabs = names.tabs[flow] else { return error(words[3], "unknown flow '\(flow)'\(suggest(flow, among: names.tabs.keys))") }
            guard let index = tabs.firstIndex(of: new) else { return error(words[5], "flow '\(flow)' has no tab '\(new)' at this point\(suggest(new, among: tabs))") }
            guard !tabs.contains(old) else { return error(words[3], "flow '\(flow)' still has tab '\(old)'; a renamed tab's old name cannot name another") }
            names.tabs[flow]?[index] = old
        case .guardRenamed(let old, let new):
            guard names.guards.contains(new) else { return error(words[5], "unknown guard '\(new)'\(suggest(new, among: names.guards))") }
            guard !names.guards.contains(old) else { return error(words[3], "guard '\(old)' is still declared; a renamed guard's old name cannot name another") }
            names.guards.remove(new)
            names.guards.insert(old)
        default:
            break
        }
    }

    mutating func checkAlias(_ decl: RoutesParser.AliasDecl) {
        let alias = decl.alias
        guard let screen = graph.screen(named: alias.screen) else {
            return error(decl.screenAt, "unknown screen '\(alias.screen)'\(suggest(alias.screen, among: graph.screens.map(\.name)))")
        }
        guard screen.kind != .root else {
            return error(decl.screenAt, "root screen '\(screen.name)' has no pattern of its own: its link is its flow's")
        }
        let own = Set(screen.pathParameters.map(\.name))
        let aliased = alias.pattern.compactMap { segment -> String? in
            if case .parameter(let name, _) = segment { return name }
            return nil
        }
        if Set(aliased) != own {
            error(decl.patternAt, "alias '\(alias.pattern.map(\.description).joined(separator: "/"))' must hold the path parameters of screen '\(screen.name)' (\(own.sorted().joined(separator: ", "))), no more and no fewer")
        } else if alias.pattern == screen.pattern {
            error(decl.patternAt, "alias of screen '\(screen.name)' is its own pattern")
        }
    }
}
