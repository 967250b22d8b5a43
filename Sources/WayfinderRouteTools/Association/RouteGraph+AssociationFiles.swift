@_spi(RouteTools) import Wayfinder
import WayfinderSystem

extension RouteGraph {
    /// How many screens above its root a web link may open for the association files to
    /// send it to the app, unless told otherwise: deeper links go to the browser.
    public static let defaultAssociationDepth = 4

    /// The `apple-app-site-association` file that sends to the app exactly the web links of
    /// the table's origins that it opens, up to `depth` screens above the root, apart from
    /// values of the wrong type.
    ///
    /// Each shape of link (see the engine's article "Web links and association files") is one component, its
    /// values written `?*` (one character or more: `*` would let an empty segment through);
    /// a `*` of Apple's also matches `/`, so components are ordered by their number of
    /// segments, the longest first, each group after an `exclude` component that stops every
    /// path of more segments than the group has. A value's segment cannot be told apart by
    /// type: `post/abc` is sent to the app though the table refuses it (where `{id:int}` is
    /// expected), and so is a value that is not one for other reasons (a dot segment, a bad
    /// escape, one past the link's limits). A flow written in other than lower case, and a
    /// literal written with percent-escapes, which the table reads, go to the browser.
    /// Queries and fragments are not looked at.
    ///
    /// ```swift
    /// let file = graph.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
    /// print(file.serialized)  // {"applinks":{"details":[{"appIDs":[…],"components":[…]}]}}
    /// ```
    /// - Parameters:
    ///   - appIDs: The apps, each `TEAMID.BUNDLE`.
    ///   - depth: The most screens above the root a link opens.
    /// - Complexity: The file grows with the number of walks of `depth` screens through the
    ///   table (with each word of a set and each alias): quickly, for tables with cycles.
    public func appSiteAssociation(appIDs: [String], depth: Int = defaultAssociationDepth) -> JSONValue {
        let shapes = webLinkShapes(depth: depth)
        func component(_ pattern: String, exclude: Bool = false, comment: String) -> JSONValue {
            .object([("/", .string(pattern))] + (exclude ? [("exclude", .bool(true))] : []) + [("comment", .string(comment))])
        }
        func screens(_ shape: WebLinkShape) -> String { shape.screens.joined(separator: " > ") }
        var components = [component("*//*", exclude: true, comment: "an empty segment")]
        components += shapes.filter(\.endsWithRest).map { component($0.associationPattern, comment: screens($0)) }
        let fixed = shapes.filter { !$0.endsWithRest }
        let longest = fixed.map(\.parts.count).max() ?? 0
        for count in stride(from: longest, through: 1, by: -1) {
            let more = String(repeating: "/?*", count: count + 1)
            components.append(component(more, exclude: true, comment: "more than \(count) segment\(count == 1 ? "" : "s")"))
            for shape in fixed where shape.parts.count == count {
                components.append(component(shape.associationPattern, comment: screens(shape)))
                components.append(component(shape.associationPattern + "/", comment: screens(shape)))
            }
        }
        let details = JSONValue.object([("appIDs", .array(appIDs.map(JSONValue.string))), ("components", .array(components))])
        return .object([("applinks", .object([("details", .array([details]))]))])
    }

    /// The Digital Asset Links statement (`assetlinks.json`) that lets the Android app
    /// `packageName`, signed with one of `fingerprints`, open the table's web links. Which
    /// paths it opens is said by the intent filters of the app's manifest, not by this file.
    /// - Parameters:
    ///   - packageName: The app's package name (`com.example.app`).
    ///   - fingerprints: SHA-256 fingerprints of its signing certificates, as 32
    ///     colon-separated hexadecimal bytes.
    public func assetLinks(packageName: String, fingerprints: [String]) -> JSONValue {
        .array([
            .object([
                ("relation", .array([.string(Self.handleAllURLs)])),
                ("target", .object([
                    ("namespace", .string("android_app")), ("package_name", .string(packageName)),
                    ("sha256_cert_fingerprints", .array(fingerprints.map(JSONValue.string))),
                ])),
            ]),
        ])
    }

    /// The relation of a Digital Asset Links statement that lets an app open a site's links.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
}
