import Wayfinder
/// Why a deep link opens what it opens, or how far it got before it was refused: what
/// `RouteGraph.explain(_:)` returns.
///
/// The ``verdict`` is the resolver's own: `RouteGraph.explain(_:)` calls
/// `RouteGraph.resolve(_:)` and keeps its answer, what it opens or its `DeepLinkError`,
/// unchanged. Everything else (which screen read each segment, the screens that matched
/// too and the rule that chose, the screens tried where the link stopped) comes from the
/// resolver's own walk through the link, written down as it went
/// (`RouteGraph.walk(utf8:)`): an explanation and a resolution of the same link cannot
/// disagree.
///
/// ```swift
/// let explanation = graph.explain("shop://store/browse/item/abc")
/// explanation.error?.segment             // 3
/// explanation.stop?.tried.first?.reason  // "segment 3 'abc' is not an int ('id')"
/// print(explanation)                     // the whole explanation, as lines of text
/// ```
public struct LinkExplanation: Sendable {
    /// The link as given, fit to show (controls escaped, bytes that are not UTF-8 as `\xFF`).
    public let link: String
    /// What `RouteGraph.resolve(_:)` answers for the link: what it opens, or why not.
    public let verdict: Result<ResolvedLink, DeepLinkError>
    /// Whether the link is a web link (`https://…` on one of the table's origins), whose
    /// first path segment is the flow.
    public let isWebLink: Bool
    /// The flow the link's host (or a web link's first segment) names, when it names one.
    public let flow: String?
    /// Each path segment of the link and what read it, in order; `nil` when the link was
    /// refused before its path was split (its scheme, origin, host, length or bytes).
    public let segments: [SegmentReading]?
    /// The screens the link was read into, root first: all of them for a link that
    /// resolves, the longest run that read for one that was refused in its path.
    public let steps: [Step]
    /// Where and why a refused link stopped; `nil` for a link that resolves.
    public let stop: Stop?
    /// The shape of the table the verdict comes from: for a link that resolves, the one that
    /// read it (``origin`` says more); for one that is refused, the one whose refusal the
    /// verdict is (today's, unless an earlier version's read further into the link).
    public internal(set) var shape: Shape = .today
    /// For a refused link, in a table with aliases or earlier versions (see the article
    /// "When routes change"), how far each of its other shapes read it: today's patterns,
    /// today's with the aliases, each earlier version's (``stop`` is about ``shape``).
    public internal(set) var otherShapes: [ShapeAttempt] = []
    /// The guard the flow of a link that resolves requires, if any.
    public internal(set) var guardRequirement: GuardRequirement?
    /// What the link opens, when it resolves.
    public var resolved: ResolvedLink? {
        if case .success(let link) = verdict { return link }
        return nil
    }

    /// Why the link was refused, when it was: the error `RouteGraph.resolve(_:)` throws.
    public var error: DeepLinkError? {
        if case .failure(let error) = verdict { return error }
        return nil
    }

    /// The canonical form of what the link opens (`ResolvedLink.url`), when it resolves.
    public var canonicalLink: String? { resolved?.url }

    /// How the link was written, when it resolves in an alias or an earlier version's shape
    /// (`ResolvedLink.origin`).
    public var origin: LinkOrigin? { resolved?.origin }

}

extension LinkExplanation {
    /// One path segment of the link and what read it.
    public struct SegmentReading: Hashable, Sendable {
        /// The 1-based index, counted as `DeepLinkError.segment` counts (a web link's flow is 1).
        public let index: Int
        /// The segment percent-decoded, fit to show; as written when it does not decode.
        public let text: String
        /// What read it.
        public let reader: Reader
    }

    /// What read a segment.
    public enum Reader: Hashable, Sendable {
        /// A web link's first segment: the flow.
        case flow
        /// The first segment of a tabbed flow: the tab whose root is `screen`.
        case tab(screen: String)
        /// A literal of `screen`'s pattern.
        case literal(screen: String)
        /// The parameter `name` of `screen`'s pattern, of type `type` (every segment of a
        /// `rest` parameter is read by it).
        case parameter(screen: String, name: String, type: ParameterType)
        /// Nothing: the link was refused at or before this segment.
        case unread
    }

    /// One screen the link was read into.
    public struct Step: Hashable, Sendable {
        /// The screen's name (today's, or the earlier version's that read an old link).
        public let screen: String
        /// The pattern that read it (`post/{id:int}`; empty for a root).
        public let pattern: String
        /// The 1-based indices of the segments it read (empty for a root of a flow without tabs).
        public let segments: ClosedRange<Int>?
        /// The alias whose pattern read it, when not the screen's own pattern.
        public let alias: RouteAlias?
        /// For a screen of an earlier version (a link in an old shape), its name today, when
        /// a migration renamed it.
        public internal(set) var renamedTo: String? = nil
        /// The other screens that may follow the previous one and whose patterns matched
        /// here too, in the order the walk tries them.
        public let rivals: [Rival]
    }

    /// Another screen whose pattern matched where a step's screen was chosen.
    public struct Rival: Hashable, Sendable {
        /// The screen's name.
        public let screen: String
        /// Its pattern.
        public let pattern: String
        /// Why it was not chosen.
        public let outcome: Outcome

        /// Why a screen whose pattern matched was not chosen.
        public enum Outcome: Hashable, Sendable {
            /// It comes first and was tried first, but the rest of the link did not read after
            /// it (or it is a sheet or alert, which only ends a link): the walk backed up.
            case triedFirst
            /// The chosen screen comes first, by this rule.
            case outranked(PrecedenceRule)
        }
    }

    /// Where a refused link stopped.
    public struct Stop: Hashable, Sendable {
        /// The part of the link it stopped in.
        public let stage: Stage
        /// The 1-based segment at fault (`DeepLinkError.segment`), when it is in the path.
        public let segment: Int?
        /// How far the longest run of screens (``LinkExplanation/steps``) read: the index of
        /// the last segment it read, counted as ``segment`` is (0 when it read none).
        public internal(set) var segmentsRead: Int
        /// The screen the longest run ended with, when the walk started.
        public internal(set) var after: String?
        /// What was tried next there, in the order the walk tries it, and why each failed.
        public internal(set) var tried: [Attempt]

        /// The part of a link a refusal is about (the resolver's own name for it).
        public typealias Stage = DeepLinkError.Stage
    }

    /// A screen (or tab) tried where a refused link stopped, and why it did not read.
    public struct Attempt: Hashable, Sendable {
        /// The screen's name.
        public let screen: String
        /// Its pattern (a tab's name, for a tab).
        public let pattern: String
        /// The 1-based segment where it failed.
        public let segment: Int
        /// Why, as a phrase: `segment 3 'abc' is not an int ('id')`.
        public let reason: String
    }

    /// One shape of a table (today's patterns, the aliases, an earlier version's) that
    /// refused a link or read it.
    public enum Shape: Hashable, Sendable, CustomStringConvertible {
        /// Today's patterns only.
        case today
        /// Today's patterns with the aliases (`RouteGraph.aliases`).
        case aliases
        /// The patterns of an earlier version of the table, rebuilt from its migrations.
        case version(Int)

        /// `today's patterns`, `the aliases`, `version 1's shape`.
        public var description: String {
            switch self {
            case .today: "today's patterns"
            case .aliases: "the aliases"
            case .version(let version): "version \(version)'s shape"
            }
        }
    }

    /// How far another shape of the table read a refused link.
    public struct ShapeAttempt: Hashable, Sendable {
        /// The shape.
        public let shape: Shape
        /// Where it stopped; `nil` when it reads the whole link (what it opens does not
        /// carry over to today's table whole, or prints to a link that reads as another).
        public let stop: Stop?
    }

    /// The guard a link's flow requires.
    public struct GuardRequirement: Hashable, Sendable {
        /// The guard's name.
        public let name: String
        /// The flow shown while it is unmet.
        public let fallbackFlow: String
        /// The link of what is shown while it is unmet: the fallback flow's first screen.
        public let fallbackLink: String
        /// Whether the guard is granted now, from `Navigator.explain(_:)`; `nil` from
        /// `RouteGraph.explain(_:)`, which knows no state.
        public internal(set) var isGranted: Bool?
    }
}
