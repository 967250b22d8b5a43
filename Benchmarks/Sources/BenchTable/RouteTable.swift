import Wayfinder

/// The ten URL shapes of one section of the generated table.
public enum Shape: Int, CaseIterable, Sendable {
    /// `main/<s>`
    case section
    /// `main/<s>/post/{id:int}`
    case post
    /// `main/<s>/post/{id:int}/comments`
    case comments
    /// `main/<s>/post/{id:int}/comments/{cid:int}`
    case comment
    /// `main/<s>/post/{id:int}/user/{uid:int}`
    case postAuthor
    /// `main/<s>/user/{uid:int}`
    case user
    /// `main/<s>/tag/{tag}`
    case tag
    /// `main/<s>/tag/{tag}/page/{n:int}`
    case tagPage
    /// `main/<s>/search?q=`
    case search
    /// `main/<s>/compose` (a sheet)
    case compose
}

/// An app-shaped table of `sections × 10` routes, written once as a Wayfinder `.routes`
/// graph and once as the peers' registrations of the same URL shapes (routing-kit's and
/// Hummingbird's take the same `main/<s>/post/:id` paths).
///
/// Each section `topic<k>` has a section screen and seven screens of its own (post,
/// comments, comment, user, tag, tag page, compose sheet); one `search` screen (its query
/// key must be unique in the flow) follows every section.
public struct RouteTable: Sendable {
    /// The scheme of the generated links.
    public static let scheme = "bench"
    /// The number of sections.
    public let sections: Int

    /// A table of `routes` URL shapes (a multiple of 10).
    public init(routes: Int) {
        precondition(routes >= 10 && routes % 10 == 0, "a table has 10 routes per section")
        sections = routes / 10
    }

    /// The number of URL shapes (routes) in the table.
    public var routeCount: Int { sections * 10 }

    /// The literal that names section `index`.
    public static func sectionName(_ index: Int) -> String { "topic\(index)" }

    /// The table as a `.routes` file.
    public var routesText: String {
        var lines = [
            "# Generated benchmark table: \(sections) sections x 10 URL shapes = \(routeCount) routes.",
            "scheme \(Self.scheme)",
            "flow main",
            "screen home main root",
        ]
        var sectionNames: [String] = []
        for index in 0..<sections {
            let s = Self.sectionName(index)
            sectionNames.append(s)
            lines += [
                "screen \(s) main push \(s) after home",
                "screen \(s)Post main push post/{id:int} after \(s) \(s)User",
                "screen \(s)Comments main push comments after \(s)Post",
                "screen \(s)Comment main push {cid:int} after \(s)Comments",
                "screen \(s)User main push user/{uid:int} after \(s) \(s)Post",
                "screen \(s)Tag main push tag/{tag:string} after \(s)",
                "screen \(s)TagPage main push page/{n:int} after \(s)Tag",
                "screen \(s)Compose main sheet compose after \(s) \(s)Post \(s)User",
            ]
        }
        lines.append("screen search main push search after \(sectionNames.joined(separator: " ")) query q:string?")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table as a Wayfinder graph.
    public func graph() throws -> RouteGraph {
        try RouteGraph(parsing: routesText, file: "bench-\(routeCount).routes")
    }

    /// The path (after the scheme) of each shape of section `index`, as routing-kit and
    /// Hummingbird register it: `:name` marks a parameter.
    public static func peerPaths(section index: Int) -> [(Shape, [String])] {
        let s = sectionName(index)
        return [
            (.section, ["main", s]),
            (.post, ["main", s, "post", ":id"]),
            (.comments, ["main", s, "post", ":id", "comments"]),
            (.comment, ["main", s, "post", ":id", "comments", ":cid"]),
            (.postAuthor, ["main", s, "post", ":id", "user", ":uid"]),
            (.user, ["main", s, "user", ":uid"]),
            (.tag, ["main", s, "tag", ":tag"]),
            (.tagPage, ["main", s, "tag", ":tag", "page", ":n"]),
            (.search, ["main", s, "search"]),
            (.compose, ["main", s, "compose"]),
        ]
    }
}
