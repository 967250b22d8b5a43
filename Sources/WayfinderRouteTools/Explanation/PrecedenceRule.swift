@_spi(RouteTools) import Wayfinder

/// The rule by which one screen comes before another where both could read the same
/// segments of a link (see the article "Deep-link rules", "Which screen wins"): the first
/// place where their patterns differ decides.
public enum PrecedenceRule: Hashable, Sendable, CustomStringConvertible {
    /// At link segment `segment`, a literal beats a parameter.
    case literalBeatsParameter(segment: Int)
    /// At link segment `segment`, a parameter of type `winner` beats one of type `loser`:
    /// words of a set, then `bool`, `uuid`, `date`, `int`, `double`, `string`, and `rest` last.
    case typeOrder(segment: Int, winner: ParameterType, loser: ParameterType)
    /// The patterns are alike where both have segments: the longer one comes first.
    case longerPattern
    /// The patterns are alike where both have segments: the one that ends there comes
    /// before the one that goes on with a `rest` parameter.
    case endsBeforeRest
    /// The same pattern: by name (a table with such a pair has an overlap warning).
    case name

    /// The rule's name, as JSON output spells it: `literalBeatsParameter`.
    public var code: String {
        switch self {
        case .literalBeatsParameter: "literalBeatsParameter"
        case .typeOrder: "typeOrder"
        case .longerPattern: "longerPattern"
        case .endsBeforeRest: "endsBeforeRest"
        case .name: "name"
        }
    }

    /// The rule in a sentence: `at segment 2, a literal beats a parameter`.
    public var description: String {
        switch self {
        case .literalBeatsParameter(let segment): "at segment \(segment), a literal beats a parameter"
        case .typeOrder(let segment, let winner, let loser):
            "at segment \(segment), \(Self.typeName(winner)) beats \(Self.typeName(loser))"
        case .longerPattern: "alike where both have segments, the longer pattern comes first"
        case .endsBeforeRest: "alike where both have segments, a pattern that ends there beats one that goes on with a rest parameter"
        case .name: "the same pattern: the first by name"
        }
    }

    private static func typeName(_ type: ParameterType) -> String {
        if case .oneOf = type { return "a word of a set" }
        return "\(type.phrase.hasPrefix("an ") ? "an" : "a") \(type.declaration)"
    }
}

extension RouteGraph {
    /// The rule by which `winner` comes before `loser` in resolution precedence, their
    /// patterns starting at link segment `segment` (1-based). The same decision as
    /// ``precedes(_:_:)``, which orders every screen's successors; `nil` when `winner` does
    /// not come first.
    static func precedenceRule(_ winner: Screen, over loser: Screen, at segment: Int) -> PrecedenceRule? {
        guard precedes(winner, loser) else { return nil }
        for (offset, (left, right)) in zip(winner.pattern, loser.pattern).enumerated() {
            switch (left, right) {
            case (.literal(let word), .literal(let other)) where word != other:
                // Two literals that differ never read one segment alike.
                return nil
            case (.literal, .parameter): return .literalBeatsParameter(segment: segment + offset)
            case (.parameter(_, let type), .parameter(_, let other)) where left.rank != right.rank:
                return .typeOrder(segment: segment + offset, winner: type, loser: other)
            default: continue
            }
        }
        guard winner.pattern.count != loser.pattern.count else { return .name }
        return winner.pattern.count > loser.pattern.count ? .longerPattern : .endsBeforeRest
    }
}
