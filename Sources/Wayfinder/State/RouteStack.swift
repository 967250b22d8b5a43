/// A stable identity for an element of a stack or a presentation.
///
/// Ids come from a ``StackIDGenerator`` so that tests can predict them (0, 1, 2, …).
public struct StackID: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The largest id a restored state may carry (2^53 − 1, the largest integer every JSON
    /// reader keeps exactly): ids past it are renumbered, so counting on cannot overflow.
    public static let maximum = (1 << 53) - 1
    /// The raw number.
    public let rawValue: Int
    /// Creates an id from its number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: StackID, rhs: StackID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// Hands out ``StackID``s. Inject one to make ids predictable in tests.
public struct StackIDGenerator: Sendable {
    private var next: Int
    /// A generator that counts up from `start`.
    public init(startingAt start: Int = 0) { next = start }
    /// The next id.
    public mutating func callAsFunction() -> StackID {
        defer { next += 1 }
        return StackID(next)
    }
    /// The number the next id will carry.
    public var peek: Int { next }
}

/// A route with its stable identity: one element of a ``RouteStack``.
public struct StackElement: Hashable, Codable, Sendable, Identifiable {
    /// The element's identity.
    public var id: StackID
    /// The route shown.
    public var route: Route
    /// Creates an element.
    public init(id: StackID, route: Route) {
        self.id = id
        self.route = route
    }
}

/// How a presented screen covers the stack below it.
public enum PresentationStyle: String, Hashable, Codable, Sendable, CaseIterable {
    /// Pushed onto the stack (not a presentation; used by the graph).
    case push
    /// A sheet over the top of the stack.
    case sheet
    /// An alert over the top of the stack.
    case alert
}

/// A sheet or alert shown over the top of a stack.
public struct Presentation: Hashable, Codable, Sendable, Identifiable {
    /// The presentation's identity.
    public var id: StackID
    /// The presented route.
    public var route: Route
    /// `sheet` or `alert`.
    public var style: PresentationStyle
    /// Creates a presentation.
    public init(id: StackID, route: Route, style: PresentationStyle) {
        self.id = id
        self.route = route
        self.style = style
    }
}

/// One navigation stack: a fixed root, the path pushed above it, and at most one
/// presentation (sheet or alert) over its top.
///
/// The stack itself does not validate transitions; ``Navigator`` checks every change
/// against the route graph first.
/// - Complexity: push, pop, present and dismiss are O(1) amortised.
public struct RouteStack: Hashable, Codable, Sendable {
    /// The flow's (or tab's) root screen.
    public var root: Route
    /// The screens pushed above the root, bottom first.
    public var path: [StackElement]
    /// The sheet or alert over the top, if any.
    public var presentation: Presentation?

    /// Creates a stack.
    public init(root: Route, path: [StackElement] = [], presentation: Presentation? = nil) {
        self.root = root
        self.path = path
        self.presentation = presentation
    }

    /// The route on top of the stack (below any presentation).
    public var top: Route { path.last?.route ?? root }

    /// The root followed by every pushed route, root first.
    public var routes: [Route] { [root] + path.map(\.route) }

    /// The routes pushed above the root, bottom first.
    public var pathRoutes: [Route] { path.map(\.route) }

    /// Pushes `route` with identity `id`.
    public mutating func push(_ route: Route, id: StackID) {
        path.append(StackElement(id: id, route: route))
    }

    /// Removes the top element and returns it; `nil` at the root.
    @discardableResult
    public mutating func pop() -> StackElement? {
        path.popLast()
    }

    /// Pops until the top element satisfies `predicate` (the root counts as index -1).
    /// - Returns: Whether an element (or the root) matched; the stack is unchanged otherwise.
    @discardableResult
    public mutating func pop(toLast predicate: (Route) -> Bool) -> Bool {
        if let index = path.lastIndex(where: { predicate($0.route) }) {
            path.removeSubrange((index + 1)...)
            return true
        }
        if predicate(root) {
            path.removeAll()
            return true
        }
        return false
    }

    /// Removes every pushed element.
    public mutating func popToRoot() {
        path.removeAll()
    }
}
