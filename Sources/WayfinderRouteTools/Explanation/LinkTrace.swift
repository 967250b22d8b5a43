@_spi(RouteTools) import Wayfinder
import WayfinderSystem

/// The resolver's walk through one link (`LinkWalk`), in the words of an explanation: the
/// segments numbered as errors number them, the screens named as the table names them (an
/// alias's screen as the screen it stands for), and what the other screens would have read
/// there. It walks nothing itself: the path is the resolver's.
struct LinkTrace {
    let walk: LinkWalk
    /// For a table with aliases, its screens standing for one, and the alias.
    let aliasScreens: [String: RouteAlias]

    var graph: RouteGraph { walk.graph }
    var isWeb: Bool { walk.isWeb }
    var flow: Int? { walk.flow }
    var count: Int { walk.count }

    /// The screens of a walk, each with the position its pattern starts at.
    typealias Path = [(screen: Int, start: Int)]

    /// The 1-based index of path segment `position` (from 0), as `DeepLinkError.segment` counts.
    func number(_ position: Int) -> Int { position + (isWeb ? 2 : 1) }

    /// Segment `position` as text to show: decoded, else as written.
    func text(_ position: Int) -> String {
        String(displaying: walk.decoded[position] ?? walk.raw[position])
    }

    /// The host as text to show.
    var host: String { String(displaying: walk.host) }

    /// Whether segment `position` is read by `screen`'s pattern segment `offset`.
    func matches(_ position: Int, screen: Int, offset: Int) -> Bool {
        walk.matches(position, screen: screen, offset: offset)
    }

    /// Where the segments `screen`'s pattern reads from `position` on end, when it reads them.
    func end(of screen: Int, at position: Int) -> Int? { walk.end(of: screen, at: position) }

    /// Whether `screen` is a sheet or an alert, which only ends a link.
    func isPresentation(_ screen: Int) -> Bool { graph.screens[screen].kind.presentationStyle != nil }
}
