import Wayfinder
import WayfinderSystem

extension LinkExplanation {
    /// The explanation as JSON: what `wayfinder explain --format json` prints
    /// (`jsonValue.serialized`).
    ///
    /// `{"link", "verdict" ("resolved" or "refused"), "resolved" (the object
    /// `ResolvedLink.jsonValue` is, for a link that resolves) or "error" (`{"code",
    /// "message", "segment"}`, as `DeepLinkError` says them), "shape" (`{"name", "version"}`:
    /// the shape of the table it was read or refused in), "web_link", "flow",
    /// "segments" (`[{"index", "text", "read_by", …}]`, or `null`), "steps" (`[{"screen",
    /// "pattern", "segments", "alias", "renamed_to", "rivals"}]`), "stop" (`{"stage", "segment",
    /// "segments_read", "after", "tried"}` or `null`), "other_shapes" (`[{"shape", "stop"}]`),
    /// "guard" (`{"name", "fallback_flow", "fallback_link", "granted"}` or `null`),
    /// "canonical"}`.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("link", .string(link))]
        switch verdict {
        case .success(let resolved):
            members += [("verdict", .string("resolved")), ("resolved", resolved.jsonValue)]
        case .failure(let error):
            let fields: [(String, JSONValue)] = [
                ("code", .string(error.code.description)), ("message", .string(error.message)), ("segment", Self.json(error.segment)),
            ]
            members += [("verdict", .string("refused")), ("error", .object(fields))]
        }
        return .object(members + [
            ("shape", shape.jsonValue),
            ("web_link", .bool(isWebLink)),
            ("flow", Self.json(flow)),
            ("segments", segments.map { .array($0.map(\.jsonValue)) } ?? .null),
            ("steps", .array(steps.map(\.jsonValue))),
            ("stop", stop?.jsonValue ?? .null),
            ("other_shapes", .array(otherShapes.map(\.jsonValue))),
            ("guard", guardRequirement?.jsonValue ?? .null),
            ("canonical", Self.json(canonicalLink)),
        ])
    }

    static func json(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    static func json(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }
}

extension LinkExplanation.SegmentReading {
    /// `{"index", "text", "read_by"}`: `read_by` is `"flow"`, `"tab"` (with `"screen"`),
    /// `"literal"` (with `"screen"`), `"parameter"` (with `"screen"`, `"parameter"`,
    /// `"type"`), or `null` for a segment nothing read.
    public var jsonValue: JSONValue {
        let head: [(String, JSONValue)] = [("index", .int(index)), ("text", .string(text))]
        switch reader {
        case .flow: return .object(head + [("read_by", .string("flow"))])
        case .tab(let screen): return .object(head + [("read_by", .string("tab")), ("screen", .string(screen))])
        case .literal(let screen): return .object(head + [("read_by", .string("literal")), ("screen", .string(screen))])
        case .parameter(let screen, let name, let type):
            return .object(head + [
                ("read_by", .string("parameter")), ("screen", .string(screen)), ("parameter", .string(name)),
                ("type", .string(type.declaration)),
            ])
        case .unread: return .object(head + [("read_by", .null)])
        }
    }
}

extension LinkExplanation.Step {
    /// `{"screen", "pattern", "segments" ([first, last] or null), "alias" (its line or null),
    /// "renamed_to" (today's name of an earlier version's screen, or null), "rivals"
    /// ([{"screen", "pattern", "outcome" ("triedFirst" or "outranked"), "rule" (a
    /// ``PrecedenceRule/code`` or null), "reason"}])}`.
    public var jsonValue: JSONValue {
        let range: JSONValue = segments.map { .array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null
        return .object([
            ("screen", .string(screen)), ("pattern", .string(pattern)), ("segments", range),
            ("alias", LinkExplanation.json(alias?.description)), ("renamed_to", LinkExplanation.json(renamedTo)),
            ("rivals", .array(rivals.map { rival in
                let rule: PrecedenceRule? = if case .outranked(let rule) = rival.outcome { rule } else { nil }
                return .object([
                    ("screen", .string(rival.screen)), ("pattern", .string(rival.pattern)),
                    ("outcome", .string(rule == nil ? "triedFirst" : "outranked")),
                    ("rule", LinkExplanation.json(rule?.code)), ("reason", .string(rival.reason(losingTo: screen))),
                ])
            })),
        ])
    }
}

extension LinkExplanation.Stop {
    /// `{"stage", "segment", "segments_read", "after", "tried" ([{"screen", "pattern",
    /// "segment", "reason"}])}`.
    public var jsonValue: JSONValue {
        .object([
            ("stage", .string(stage.rawValue)), ("segment", LinkExplanation.json(segment)), ("segments_read", .int(segmentsRead)),
            ("after", LinkExplanation.json(after)),
            ("tried", .array(tried.map { attempt in
                .object([
                    ("screen", .string(attempt.screen)), ("pattern", .string(attempt.pattern)), ("segment", .int(attempt.segment)),
                    ("reason", .string(attempt.reason)),
                ])
            })),
        ])
    }
}

extension LinkExplanation.Shape {
    /// `{"name" ("today", "aliases" or "version"), "version" (a number, or null)}`.
    public var jsonValue: JSONValue {
        let (name, version): (String, Int?) = switch self {
        case .today: ("today", nil)
        case .aliases: ("aliases", nil)
        case .version(let number): ("version", number)
        }
        return .object([("name", .string(name)), ("version", LinkExplanation.json(version))])
    }
}

extension LinkExplanation.ShapeAttempt {
    /// `{"shape" (see ``LinkExplanation/Shape/jsonValue``), "stop" (where it stopped, or null
    /// when it reads the link)}`.
    public var jsonValue: JSONValue {
        .object([("shape", shape.jsonValue), ("stop", stop?.jsonValue ?? .null)])
    }
}

extension LinkExplanation.GuardRequirement {
    /// `{"name", "fallback_flow", "fallback_link", "granted" (true, false or null)}`.
    public var jsonValue: JSONValue {
        .object([
            ("name", .string(name)), ("fallback_flow", .string(fallbackFlow)), ("fallback_link", .string(fallbackLink)),
            ("granted", isGranted.map(JSONValue.bool) ?? .null),
        ])
    }
}

extension LinkExplanation.Rival {
    /// Why this screen was not chosen where `winner` was, in a sentence.
    public func reason(losingTo winner: String) -> String {
        switch outcome {
        case .triedFirst: "it comes first and was tried first, but the rest of the link did not read after it"
        case .outranked(let rule): "'\(winner)' comes first: \(rule)"
        }
    }
}
