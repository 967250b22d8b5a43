import Foundation
@_spi(Internal) import Hummingbird

/// Hummingbird 2.28.1's router over the same table, used the cheapest way it can be: its
/// binary trie (`RouterTrie`, what `Router.buildResponder()` builds and `RouterResponder`
/// resolves every request path with), built from a `RouterPathTrieBuilder` (`@_spi(Internal)`)
/// and queried with the public `RouterTrie.resolve(_:)`, with no request, context, responder
/// or `async` around it. Per link: check the scheme prefix, copy the path (up to `?`) into the
/// `String` that `resolve(_:)` takes (the trie splits it on `/` itself), `resolve(_:)`, then
/// convert the int parameters with `Parameters.get(_:as:)` and percent-decode the string one
/// (the tag): Hummingbird hands path parameters over as they are in the path, so a link's
/// `server%20side` is decoded here, by Foundation's `removingPercentEncoding`, only when it
/// has a `%`. It checks nothing else (no limits, no control characters, no query, no back
/// stack).
public struct HummingbirdSide: Sendable {
    /// The trie.
    public let trie: RouterTrie<PeerRoute>
    static let prefix = "\(RouteTable.scheme)://"

    /// Registers every route of `table`, as `Router.on(_:method:responder:)` does.
    public init(table: RouteTable) {
        let builder = RouterPathTrieBuilder<PeerRoute>()
        for section in 0..<table.sections {
            for (shape, path) in RouteTable.peerPaths(section: section) {
                builder.addEntry(RouterPath(path.joined(separator: "/")), value: PeerRoute(section: section, shape: shape))
            }
        }
        trie = builder.build()
    }

    /// The path of `link` after the scheme and before any query; `nil` when the scheme is
    /// not the table's.
    @inline(__always)
    func path(of link: String) -> String? {
        guard link.hasPrefix(Self.prefix) else { return nil }
        let start = Self.prefix.utf8.count
        // The bytes in place (a native string's are): a byte search, not an index walk.
        let path = link.utf8.withContiguousStorageIfAvailable { bytes in
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return path ?? String(link.dropFirst(Self.prefix.count).prefix { $0 != "?" })
    }

    /// A string parameter with its escapes decoded; `nil` when it has one that does not
    /// decode (`%ZZ`), or when it is missing.
    @inline(__always)
    static func decoded(_ text: Substring?) -> String? {
        guard let text else { return nil }
        return text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding : String(text)
    }

    /// The least Hummingbird's router can do to turn a link into typed state: route, convert
    /// the ints, decode the tag. Returns a checksum of the typed state (the shape, the ints
    /// and the decoded tag's length), or `nil` when the link does not route.
    public func resolve(_ link: String) -> Int? {
        guard let path = path(of: link), let (route, parameters) = trie.resolve(path) else { return nil }
        guard var sum = route.shape.checksum(int: { parameters.get($0, as: Int.self) }) else { return nil }
        if route.shape == .tag || route.shape == .tagPage {
            guard let tag = Self.decoded(parameters["tag"]) else { return nil }
            sum &+= tag.utf8.count
        }
        return sum
    }

    /// The full typed reading of `link`, for checking that the routers agree.
    public func typedLink(_ link: String) -> TypedLink? {
        guard let path = path(of: link), let (route, parameters) = trie.resolve(path) else { return nil }
        var tag: String?
        if let text = parameters["tag"] {
            guard let decoded = Self.decoded(text) else { return nil }
            tag = decoded
        }
        return TypedLink(section: route.section, shape: route.shape, tag: tag) { parameters.get($0) }
    }
}
