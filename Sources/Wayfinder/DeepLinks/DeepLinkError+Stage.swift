extension DeepLinkError {
    /// The part of a link a refusal is about, in the order a link is read (what
    /// `wayfinder explain` says it stopped in; JSON spells each by its name).
    public enum Stage: String, Hashable, Sendable {
        /// The whole link: its length, scheme, origin, host or bytes, or a web link's flow segment.
        case link
        /// One segment's bytes (empty, a dot segment, an escape, a control, too long), before
        /// any screen reads it.
        case segment
        /// The tab (first segment of a tabbed flow).
        case tab
        /// The walk through the screens.
        case path
        /// The query, the whole path read.
        case query
        /// The canonical form the link prints to, over the length limit: the whole link read.
        case canonicalForm
        /// The screens' entry tiers: the whole link read, it reaches a screen that links from
        /// outside never open (``RouteGraph/EntryTier/internal``).
        case entry
    }

    /// The part of the link this refusal is about.
    public var stage: Stage {
        switch problem.kind {
        case .unknownTab: return .tab
        case .unknownScreen, .edgeNotAllowed, .followsPresentation, .incomplete, .pathMismatch: return .path
        case .canonicalTooLong, .webFormTooLong: return .canonicalForm
        case .internalScreen: return .entry
        case .queryMismatch, .emptyQueryPair, .queryWithoutValue, .undeclaredQuery, .queryNotOnPath, .repeatedQuery, .missingQuery:
            return .query
        case .emptySegment, .dotSegment, .badEscape, .invalidUTF8, .controlCharacter, .valueTooLong:
            let bytes = self.bytes
            if let segment {
                // A web link's segment 1 is its flow: a part of the link, not of its path.
                let isWeb = !graph.webOrigins.isEmpty
                    && ["http://", "https://"].contains { bytes.starts(with: $0.utf8) { LinkIndex.byte($0, true) == $1 } }
                return segment == 1 && isWeb ? .link : .segment
            }
            if let range, let query = bytes.firstIndex(of: UInt8(ascii: "?")), range.lowerBound > query { return .query }
            return .link
        default: return .link
        }
    }
}
