/// One change of a route table between two of its versions, declared in the table so that
/// what users saved under the older version keeps working:
///
/// ```
/// version 2
/// from 1 screen comments renamed thread
/// from 1 param post.id renamed postID
/// ```
///
/// `from 1` reads "for states saved with version 1 (or earlier)". Restoring such a state
/// (``Navigator/restoration(of:savedWith:)``) applies the lines whose version is at least the
/// state's, in order of version and then of the file; each line names things as the lines
/// before it left them.
public struct RouteMigration: Hashable, Sendable, CustomStringConvertible {
    /// What changed.
    public enum Change: Hashable, Sendable {
        /// `screen OLD renamed NEW`.
        case screenRenamed(from: String, to: String)
        /// `screen NAME moved from FLOW[.TAB]`: the screen used to be in another flow (or on
        /// the stacks of a tab), or to follow other screens of its flow; saved stacks there give
        /// it up, where it no longer fits, to a place where it may be now.
        case screenMoved(String, fromFlow: String, tab: String?)
        /// `screen OLD removed to SCREEN`: saved places on the removed screen go to `replacement`.
        case screenRemoved(String, replacement: String)
        /// `screen NAME link PATTERN`: the screen's links had this pattern (an old link shape).
        case linkChanged(screen: String, pattern: [RouteGraph.Segment])
        /// `screen NAME entry TIER`: the screen's entry tier was `TIER`. Saved states do not
        /// change; it says that what links from outside do with the screen changed on purpose
        /// (`routes diff` counts a stricter tier as covered by it).
        case entryChanged(screen: String, from: RouteGraph.EntryTier)
        /// `param SCREEN.OLD renamed NEW`.
        case parameterRenamed(screen: String, from: String, to: String)
        /// `param SCREEN.NAME type OLDTYPE [else drop | else VALUE]`: a saved value converts
        /// from its text to the new type; one that does not fit becomes `otherwise` or, when
        /// that is `nil`, is dropped with its screen.
        case parameterRetyped(screen: String, parameter: String, from: ParameterType, otherwise: String?)
        /// `param SCREEN.NAME added VALUE`: states saved without the parameter get `value`.
        case parameterAdded(screen: String, parameter: String, value: String)
        /// `flow OLD renamed NEW`.
        case flowRenamed(from: String, to: String)
        /// `tab FLOW.OLD renamed NEW`.
        case tabRenamed(flow: String, from: String, to: String)
        /// `guard OLD renamed NEW`.
        case guardRenamed(from: String, to: String)
    }

    /// The newest version whose states the change applies to (`from 1`).
    public let version: Int
    /// What changed.
    public let change: Change
    /// Where the line is.
    public let location: RoutesLocation
    /// The line as declared, words separated by one space: `from 1 screen comments renamed thread`.
    public let text: String

    /// A migration (in code the `RoutesCompiler` plugin generates).
    public init(version: Int, change: Change, location: RoutesLocation, text: String) {
        self.version = version
        self.change = change
        self.location = location
        self.text = text
    }

    /// The line as declared.
    public var description: String { text }
}

/// A second link shape for a screen: `alias post p/{id:int}` (a short link). A link in that
/// shape opens the screen as its own pattern does and prints in the canonical form.
public struct RouteAlias: Hashable, Sendable, CustomStringConvertible {
    /// The screen.
    public let screen: String
    /// The other pattern.
    public let pattern: [RouteGraph.Segment]
    /// Where the line is.
    public let location: RoutesLocation

    /// An alias (in code the `RoutesCompiler` plugin generates).
    public init(screen: String, pattern: [RouteGraph.Segment], location: RoutesLocation) {
        self.screen = screen
        self.pattern = pattern
        self.location = location
    }

    /// `alias SCREEN PATTERN`.
    public var description: String { "alias \(screen) \(pattern.map(\.description).joined(separator: "/"))" }
}

extension Collection<RouteMigration> {
    /// The name screen `name` has once these migrations, in order, renamed it.
    @_spi(RouteTools) public func renaming(screen name: String) -> String {
        reduce(name) { name, migration in
            if case .screenRenamed(name, let new) = migration.change { return new }
            return name
        }
    }

    /// The name flow `name` has once these migrations, in order, renamed it.
    @_spi(RouteTools) public func renaming(flow name: String) -> String {
        reduce(name) { name, migration in
            if case .flowRenamed(name, let new) = migration.change { return new }
            return name
        }
    }
}
