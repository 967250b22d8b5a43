import Logging
import RoutingKit

/// What the peers' tries (routing-kit's, Hummingbird's) store for each registered path.
public struct PeerRoute: Sendable {
    /// The section the route belongs to.
    public let section: Int
    /// The route's shape.
    public let shape: Shape
}

/// routing-kit 4.9.3's `TrieRouter` over the same table, used the cheapest way it can be:
/// check the scheme prefix, split the path (up to `?`) on `/` into `[String]`, `route()`,
/// and convert the int parameters with `Parameters.get(_:as:)`. It checks nothing else
/// (no limits, no control characters, no query, no back stack); routing-kit itself
/// percent-decodes every parameter value (`removingPercentEncoding`) when it records it.
public final class RoutingKitSide {
    /// The router.
    public let router: TrieRouter<PeerRoute>
    /// One logger for every lookup: `Parameters()` would make a new one per lookup.
    let logger: Logger
    static let prefix = "\(RouteTable.scheme)://"

    /// Registers every route of `table`.
    public init(table: RouteTable) {
        let router = TrieRouter(PeerRoute.self)
        for section in 0..<table.sections {
            for (shape, path) in RouteTable.peerPaths(section: section) {
                let components: [PathComponent] = path.map { $0.hasPrefix(":") ? .parameter(String($0.dropFirst())) : .constant($0) }
                router.register(PeerRoute(section: section, shape: shape), at: components)
            }
        }
        self.router = router
        self.logger = router.logger
    }

    /// The path segments of `link` after the scheme and before any query; `nil` when the
    /// scheme is not the table's.
    @inline(__always)
    func segments(of link: String) -> [String]? {
        guard link.hasPrefix(Self.prefix) else { return nil }
        let utf8 = link.utf8
        var segments: [String] = []
        segments.reserveCapacity(8)
        var start = utf8.index(utf8.startIndex, offsetBy: Self.prefix.utf8.count)
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "?") { break }
            if byte == UInt8(ascii: "/") {
                if index != start { segments.append(String(link[start..<index])) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if index != start { segments.append(String(link[start..<index])) }
        return segments
    }

    /// The least routing-kit can do to turn a link into typed state: split, route,
    /// convert the ints. Returns a checksum of the typed state (shape and ints), or
    /// `nil` when the link does not route.
    public func resolve(_ link: String) -> Int? {
        guard let path = segments(of: link) else { return nil }
        var parameters = Parameters(logger)
        guard let output = router.route(path: path, parameters: &parameters) else { return nil }
        return output.shape.checksum(int: { parameters.get($0, as: Int.self) })
    }

    /// The full typed reading of `link`, for checking that both routers agree.
    public func typedLink(_ link: String) -> TypedLink? {
        guard let path = segments(of: link) else { return nil }
        var parameters = Parameters(logger)
        guard let output = router.route(path: path, parameters: &parameters) else { return nil }
        return TypedLink(section: output.section, shape: output.shape, tag: parameters.get("tag")) { parameters.get($0) }
    }
}
