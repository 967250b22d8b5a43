@_spi(RouteTools) import Wayfinder

/// An `apple-app-site-association` file's universal links (its `applinks`), and the decision
/// Apple's rules make for a URL: which app opens it, or whether it goes to the browser.
///
/// The rules, as Apple documents them for the `components` form: the first `details` entry
/// that lists the app decides; its components are tried in order and the first that matches
/// wins; a matching component with `exclude: true` stops the search with "not handled"; a URL
/// no component matches is not handled. A component matches when each of its keys does: `/`
/// the URL's path, `?` its query (a pattern for the whole query, or a dictionary of item
/// names and patterns for their values, each item present), `#` its fragment; a key left out
/// matches anything. Patterns take `*` (any run of characters, `/` included) and `?` (one
/// character). `caseSensitive` and `percentEncoded` (both `true` by default) are read from the
/// component, then the entry's `defaults`, then the file's. The older `paths` form (`"NOT
/// /path"` for an exclusion) is read as components.
///
/// ```swift
/// let file = try AppSiteAssociation(parsing: json)
/// file.opens(path: "/main/feed/post/4")   // true or false
/// ```
public struct AppSiteAssociation: Sendable {
    /// One component of a `details` entry.
    public struct Component: Sendable {
        /// The `/` pattern; `nil` when the component has none (it matches every path).
        public let path: String?
        /// Whether a URL it matches is refused (`exclude: true`).
        public let isExclude: Bool
        /// Its `comment`, if any.
        public let comment: String?
        let pathPattern: AssociationPattern?
        let query: Query?
        let fragment: AssociationPattern?
        let isPercentEncoded: Bool

        enum Query {
            case whole(AssociationPattern)
            case items([(name: String, value: AssociationPattern)])
        }
    }

    /// One `details` entry: the apps it names and their components.
    public struct Details: Sendable {
        /// Its `appIDs` (or its `appID`).
        public let appIDs: [String]
        /// Its components, in order.
        public let components: [Component]
    }

    /// What the file decides for a URL.
    public enum Decision: Hashable, Sendable {
        /// The app opens it: the component at this index of the deciding entry matched.
        case opens(component: Int)
        /// An `exclude` component at this index matched: the browser opens it.
        case excluded(component: Int)
        /// No component matched (or no entry lists the app): the browser opens it.
        case unmatched
    }

    /// The `details` entries, in order.
    public let details: [Details]

    /// Every app the file names, each once, in order.
    public var appIDs: [String] {
        var seen: Set<String> = []
        return details.flatMap(\.appIDs).filter { seen.insert($0).inserted }
    }

    /// What the file decides for a URL of `path` (as written in the URL, percent-escapes and
    /// all), `query` and `fragment` (without `?` and `#`; `nil` when absent), for `appID` (the
    /// first the file names when `nil`).
    public func decision(path: String, query: String? = nil, fragment: String? = nil, appID: String? = nil) -> Decision {
        guard let app = appID ?? appIDs.first, let entry = details.first(where: { $0.appIDs.contains(app) }) else {
            return .unmatched
        }
        for (index, component) in entry.components.enumerated()
        where component.matches(path: path, query: query, fragment: fragment) {
            return component.isExclude ? .excluded(component: index) : .opens(component: index)
        }
        return .unmatched
    }

    /// Whether the app opens a URL of `path`, `query` and `fragment` (see ``decision(path:query:fragment:appID:)``).
    public func opens(path: String, query: String? = nil, fragment: String? = nil, appID: String? = nil) -> Bool {
        if case .opens = decision(path: path, query: query, fragment: fragment, appID: appID) { return true }
        return false
    }
}

extension AppSiteAssociation.Component {
    func matches(path: String, query: String?, fragment: String?) -> Bool {
        let decode = { (text: String) in isPercentEncoded ? text : AssociationPattern.percentDecoded(text) }
        if let pathPattern, !pathPattern.matches(decode(path)) { return false }
        if let wanted = self.fragment, !wanted.matches(decode(fragment ?? "")) { return false }
        switch self.query {
        case nil:
            return true
        case .whole(let pattern):
            return pattern.matches(decode(query ?? ""))
        case .items(let wanted):
            let items = (query ?? "").split(separator: "&").map { item in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (name: decode(String(parts[0])), value: decode(parts.count > 1 ? String(parts[1]) : ""))
            }
            return wanted.allSatisfy { want in items.contains { $0.name == want.name && want.value.matches($0.value) } }
        }
    }
}
