import Wayfinder

/// Swift source of the typed route enums of `graph`: for each flow, `<Flow>Route`, a
/// `Hashable` enum with a case per screen and the screen's parameters as associated values
/// (labels as in the table, `int` as `Int`, `string` as `String`, `uuid` as `UUIDValue`,
/// `date` as `CalendarDate`;
/// optional query parameters as optionals), converting to and from ``Route``; with the
/// flow's tabs as constants (see RouteEnums+Names.swift).
struct RouteEnums {
    let graph: RouteGraph
    /// The table's name in messages and comments.
    let name: String

    /// A name of the table as a Swift identifier: `edit-profile` becomes `editProfile`, a
    /// keyword is written in backticks.
    static func identifier(_ name: String, capitalized: Bool = false) -> String {
        var words = name.split(whereSeparator: { $0 == "-" }).map(String.init)
        for index in words.indices where index > 0 || capitalized {
            words[index] = words[index].prefix(1).uppercased() + words[index].dropFirst()
        }
        let joined = words.joined()
        return keywords.contains(joined) ? "`\(joined)`" : joined
    }

    /// Swift's keywords that a screen or parameter name could be.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "some", "any",
        "consume", "copy", "discard", "each", "borrowing", "consuming", "package", "Type", "Protocol",
    ]

    /// A parameter of a screen, as an associated value.
    struct Value {
        let name: String
        let type: ParameterType
        let isOptional: Bool
        /// The table's default (`query page:int=1`): the value is then never absent.
        var defaultValue: ParameterValue? = nil

        var label: String { RouteEnums.identifier(name) }
        var binding: String { label.hasPrefix("`") ? "value_" + name.filter { $0.isLetter || $0.isNumber } : label }

        /// The Swift type of a value, without `?`: a set of words is an enum of the flow's,
        /// named after the parameter (`{sort:new|top}` → `Sort`).
        var baseType: String {
            switch type {
            case .int: "Int"
            case .string: "String"
            case .uuid: "UUIDValue"
            case .bool: "Bool"
            case .double: "Double"
            case .date: "CalendarDate"
            case .oneOf: RouteEnums.identifier(name, capitalized: true).filter { $0 != "`" }
            case .rest: "[String]"
            }
        }

        var swiftType: String { isOptional ? baseType + "?" : baseType }

        /// The expression reading it from `route` (its default when the route leaves it out):
        /// an optional.
        var reading: String {
            let accessor = switch type {
            case .int: "intValue"
            case .string, .oneOf: "stringValue"
            case .uuid: "uuidValue"
            case .bool: "boolValue"
            case .double: "doubleValue"
            case .date: "dateValue"
            case .rest: "segmentsValue"
            }
            var read = "route[\(name.debugDescription)]?.\(accessor)"
            if let defaultValue {
                read += " ?? ParameterValue(parsing: \(defaultValue.text.debugDescription), as: \(RouteEnums.literal(type)))?.\(accessor)"
            }
            guard case .oneOf = type else { return read }
            return "(\(read)).flatMap(\(baseType).init(rawValue:))"
        }

        /// The `ParameterValue` of `binding`.
        func value(of binding: String) -> String {
            switch type {
            case .oneOf: ".string(\(binding).rawValue)"
            case .rest: ".segments(\(binding))"
            default: ".\(type.declaration)(\(binding))"
            }
        }
    }

    /// `type` as Swift source: `.int`, `.oneOf(["new", "top"])`.
    static func literal(_ type: ParameterType) -> String {
        guard case .oneOf(let words) = type else { return ".\(type.declaration)" }
        return ".oneOf([" + words.map(\.debugDescription).joined(separator: ", ") + "])"
    }

    /// A word of a set as a case name: `new` → `new`, `last-7d` → `last7d`, `1h` → `_1h`.
    static func caseName(_ word: String) -> String {
        let name = identifier(String(word.map { $0 == "." || $0 == "~" ? "-" : $0 }))
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// The enums of the flow's sets of words, by type name: each parameter `{sort:new|top}`
    /// gives `Sort` with cases `new` and `top`.
    static func wordTypes(of screens: [RouteGraph.Screen]) -> [(name: String, words: [String], screen: RouteGraph.Screen)] {
        var result: [(name: String, words: [String], screen: RouteGraph.Screen)] = []
        for screen in screens {
            for value in values(of: screen) {
                guard case .oneOf(let words) = value.type else { continue }
                if !result.contains(where: { $0.name == value.baseType && $0.words == words }) {
                    result.append((value.baseType, words, screen))
                }
            }
        }
        return result
    }

    static func values(of screen: RouteGraph.Screen) -> [Value] {
        screen.pathParameters.map { Value(name: $0.name, type: $0.type, isOptional: false) }
            + screen.query.map { Value(name: $0.name, type: $0.type, isOptional: $0.isOptional && $0.defaultValue == nil, defaultValue: $0.defaultValue) }
    }

    /// The places where two names of the table become one Swift name, and why.
    func collisions() -> [(location: RoutesLocation, message: String)] {
        var problems: [(location: RoutesLocation, message: String)] = []
        for flow in graph.flows {
            var seen: [String: String] = [:]
            for screen in graph.screens where screen.flow == flow.name {
                let swiftName = Self.identifier(screen.name)
                if let other = seen[swiftName] {
                    problems.append((screen.location, "screen '\(screen.name)' and screen '\(other)' are both '\(swiftName)' in Swift"))
                }
                seen[swiftName] = screen.name
                var labels: [String: String] = [:]
                for value in Self.values(of: screen) {
                    if let other = labels[value.label] {
                        problems.append((screen.location, "parameters '\(value.name)' and '\(other)' of screen '\(screen.name)' are both '\(value.label)' in Swift"))
                    }
                    labels[value.label] = value.name
                }
            }
            problems += wordTypeCollisions(in: graph.screens.filter { $0.flow == flow.name })
        }
        return problems
    }

    /// Sets of words that would make two enums of one name, or two cases of one name.
    private func wordTypeCollisions(in screens: [RouteGraph.Screen]) -> [(location: RoutesLocation, message: String)] {
        var problems: [(location: RoutesLocation, message: String)] = []
        var seen: [String: RouteGraph.Screen] = [:]
        for type in Self.wordTypes(of: screens) {
            if type.name == "Screen" {
                problems.append((type.screen.location, "the set of words of screen '\(type.screen.name)' would be the Swift enum 'Screen', which names the flow's screens; rename the parameter"))
            }
            if let other = seen[type.name] {
                problems.append((type.screen.location, "sets of words of screens '\(other.name)' and '\(type.screen.name)' are both the Swift enum '\(type.name)' but their words differ; give one parameter another name"))
            }
            seen[type.name] = type.screen
            var cases: [String: String] = [:]
            for word in type.words {
                let name = Self.caseName(word)
                if let other = cases[name] {
                    problems.append((type.screen.location, "words '\(other)' and '\(word)' of screen '\(type.screen.name)' are both '\(name)' in Swift"))
                }
                cases[name] = word
            }
        }
        return problems
    }

    /// Every flow's enum.
    var source: String {
        graph.flows.map(enumSource(of:)).joined(separator: "\n")
    }

    private func enumSource(of flow: RouteGraph.Flow) -> String {
        let screens = graph.screens.filter { $0.flow == flow.name }
        let typeName = Self.identifier(flow.name, capitalized: true).filter { $0 != "`" } + "Route"
        var lines = [
            "/// The screens of flow `\(flow.name)` in `\(name)`, as typed routes.",
            "public enum \(typeName): FlowRoute {",
        ]
        for screen in screens {
            let values = Self.values(of: screen)
            let associated = values.isEmpty ? "" : "(" + values.map { "\($0.label): \($0.swiftType)" }.joined(separator: ", ") + ")"
            lines.append("    /// `\(screen.name)`: \(describe(screen)).")
            lines.append("    case \(Self.identifier(screen.name))\(associated)")
        }
        lines += [
            "",
            "    /// The screen names, as in `\(name)`.",
            "    public enum Screen: String, CaseIterable, Sendable {",
        ]
        for screen in screens {
            let swiftName = Self.identifier(screen.name)
            lines.append(swiftName.filter { $0 != "`" } == screen.name ? "        case \(swiftName)" : "        case \(swiftName) = \(screen.name.debugDescription)")
        }
        lines.append("    }")
        for type in Self.wordTypes(of: screens) {
            lines += ["", "    /// The words of `{\(type.words.joined(separator: "|"))}`, as in `\(name)`.", "    public enum \(type.name): String, CaseIterable, Hashable, Codable, Sendable {"]
            for word in type.words {
                let swiftName = Self.caseName(word)
                lines.append(swiftName.filter { $0 != "`" } == word ? "        case \(swiftName)" : "        case \(swiftName) = \(word.debugDescription)")
            }
            lines.append("    }")
        }
        lines += [
            "",
            "    /// The flow's name in `\(name)`.",
            "    public static let flow = \(flow.name.debugDescription)",
        ]
        lines += tabSource(of: flow)
        lines += [
            "",
            "    /// This route's screen.",
            "    public var screen: Screen {",
            "        switch self {",
        ]
        for screen in screens {
            let swiftName = Self.identifier(screen.name)
            lines.append("        case .\(swiftName): .\(swiftName)")
        }
        lines += ["        }", "    }", ""]
        lines += initSource(screens) + [""] + routeSource(screens) + ["}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func describe(_ screen: RouteGraph.Screen) -> String {
        var parts = [screen.kind.rawValue]
        if !screen.pattern.isEmpty { parts.append("`\(screen.patternText)`") }
        if !screen.query.isEmpty {
            parts.append("query " + screen.query.map { "`\($0.name):\($0.type.declaration)\($0.defaultValue.map { "=" + $0.text } ?? ($0.isOptional ? "?" : ""))`" }.joined(separator: " "))
        }
        return parts.joined(separator: ", ")
    }

    private func initSource(_ screens: [RouteGraph.Screen]) -> [String] {
        var lines = [
            "    /// The typed form of `route`; `nil` when its screen is not one of the flow's or a",
            "    /// required parameter is missing or of another type.",
            "    public init?(route: Route) {",
            "        switch Screen(rawValue: route.screen) {",
        ]
        for screen in screens {
            let swiftName = Self.identifier(screen.name)
            let values = Self.values(of: screen)
            guard !values.isEmpty else {
                lines.append("        case .\(swiftName): self = .\(swiftName)")
                continue
            }
            lines.append("        case .\(swiftName):")
            let required = values.filter { !$0.isOptional }
            if !required.isEmpty {
                lines.append("            guard " + required.map { "let \($0.binding) = \($0.reading)" }.joined(separator: ", ") + " else { return nil }")
            }
            let arguments = values.map { "\($0.label.filter { $0 != "`" }): \($0.isOptional ? $0.reading : $0.binding)" }
            lines.append("            self = .\(swiftName)(\(arguments.joined(separator: ", ")))")
        }
        lines += ["        case nil: return nil", "        }", "    }"]
        return lines
    }

    private func routeSource(_ screens: [RouteGraph.Screen]) -> [String] {
        var lines = [
            "    /// The untyped route, its absent optional parameters left out.",
            "    public var route: Route {",
            "        switch self {",
        ]
        for screen in screens {
            let swiftName = Self.identifier(screen.name)
            let values = Self.values(of: screen)
            guard !values.isEmpty else {
                lines.append("        case .\(swiftName): return Route(\(screen.name.debugDescription))")
                continue
            }
            lines.append("        case .\(swiftName)(" + values.map { "let \($0.binding)" }.joined(separator: ", ") + "):")
            let required = values.filter { !$0.isOptional }
            let literal = required.isEmpty ? "[:]" : "[" + required.map { "\($0.name.debugDescription): \($0.value(of: $0.binding))" }.joined(separator: ", ") + "]"
            let optional = values.filter(\.isOptional)
            if optional.isEmpty {
                lines.append("            return Route(\(screen.name.debugDescription), \(literal))")
                continue
            }
            lines.append("            var parameters: [String: ParameterValue] = \(literal)")
            for value in optional {
                lines.append("            if let \(value.binding) { parameters[\(value.name.debugDescription)] = \(value.value(of: value.binding)) }")
            }
            lines.append("            return Route(\(screen.name.debugDescription), parameters)")
        }
        lines += ["        }", "    }"]
        return lines
    }
}
