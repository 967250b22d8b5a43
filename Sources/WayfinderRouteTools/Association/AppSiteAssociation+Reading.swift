@_spi(RouteTools) import Wayfinder
import WayfinderSystem

/// Why a file is not an `apple-app-site-association` file this package can read.
public struct AssociationFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the place (`applinks.details[0].components[2]: '/' must be a string`).
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension AppSiteAssociation {
    /// Reads the `applinks` of an `apple-app-site-association` file's JSON (other services,
    /// such as `webcredentials`, are ignored).
    /// - Throws: ``AssociationFileError`` naming the first member that is not as Apple
    ///   documents it: no `applinks` object, a `details` entry without apps, a pattern that is
    ///   not a string, `exclude` not a boolean.
    public init(parsing json: JSONValue) throws(AssociationFileError) {
        guard case .object = json, let applinks = json.member("applinks") else {
            throw AssociationFileError("the file has no 'applinks' object")
        }
        guard case .object = applinks else { throw AssociationFileError("'applinks' must be an object") }
        let fileDefaults = try Self.flags(applinks.member("defaults"), at: "applinks.defaults", inherited: (true, true))
        guard case .array(let entries)? = applinks.member("details") else {
            throw AssociationFileError("'applinks.details' must be an array")
        }
        var details: [Details] = []
        for (index, entry) in entries.enumerated() {
            details.append(try Self.details(entry, at: "applinks.details[\(index)]", defaults: fileDefaults))
        }
        self.details = details
    }

    private static func details(_ entry: JSONValue, at place: String, defaults: (Bool, Bool)) throws(AssociationFileError) -> Details {
        guard case .object = entry else { throw AssociationFileError("\(place) must be an object") }
        var appIDs: [String] = []
        if case .array(let ids)? = entry.member("appIDs") {
            for id in ids {
                guard case .string(let text) = id else { throw AssociationFileError("\(place).appIDs must hold strings") }
                appIDs.append(text)
            }
        }
        if case .string(let id)? = entry.member("appID") { appIDs.append(id) }
        guard !appIDs.isEmpty else { throw AssociationFileError("\(place) names no app ('appIDs' or 'appID')") }
        let flags = try Self.flags(entry.member("defaults"), at: "\(place).defaults", inherited: defaults)
        var components: [Component] = []
        if case .array(let items)? = entry.member("components") {
            for (index, item) in items.enumerated() {
                components.append(try component(item, at: "\(place).components[\(index)]", defaults: flags))
            }
        } else if case .array(let paths)? = entry.member("paths") {
            for (index, path) in paths.enumerated() {
                guard case .string(let text) = path else { throw AssociationFileError("\(place).paths[\(index)] must be a string") }
                let isExclude = text.hasPrefix("NOT ")
                let pattern = isExclude ? String(text.dropFirst(4)) : text
                components.append(Component(path: pattern, isExclude: isExclude, comment: nil,
                                            pathPattern: AssociationPattern(pattern, caseSensitive: flags.0),
                                            query: nil, fragment: nil, isPercentEncoded: flags.1))
            }
        } else {
            throw AssociationFileError("\(place) has no 'components' array")
        }
        return Details(appIDs: appIDs, components: components)
    }

    private static func component(_ item: JSONValue, at place: String, defaults: (Bool, Bool)) throws(AssociationFileError) -> Component {
        guard case .object = item else { throw AssociationFileError("\(place) must be an object") }
        let (caseSensitive, percentEncoded) = try flags(item, at: place, inherited: defaults)
        func pattern(_ key: String) throws(AssociationFileError) -> AssociationPattern? {
            switch item.member(key) {
            case nil: return nil
            case .string(let text)?: return AssociationPattern(text, caseSensitive: caseSensitive)
            default: throw AssociationFileError("\(place): '\(key)' must be a string")
            }
        }
        var query: Component.Query?
        switch item.member("?") {
        case nil: query = nil
        case .string(let text)?: query = .whole(AssociationPattern(text, caseSensitive: caseSensitive))
        case .object(let members)?:
            var items: [(name: String, value: AssociationPattern)] = []
            for (name, value) in members {
                guard case .string(let text) = value else { throw AssociationFileError("\(place): '?' values must be strings") }
                items.append((name, AssociationPattern(text, caseSensitive: caseSensitive)))
            }
            query = .items(items)
        default: throw AssociationFileError("\(place): '?' must be a string or an object")
        }
        var isExclude = false
        switch item.member("exclude") {
        case nil: break
        case .bool(let flag)?: isExclude = flag
        default: throw AssociationFileError("\(place): 'exclude' must be true or false")
        }
        var comment: String?
        if case .string(let text)? = item.member("comment") { comment = text }
        let path = try pattern("/")
        return Component(path: path?.text, isExclude: isExclude, comment: comment, pathPattern: path, query: query,
                         fragment: try pattern("#"), isPercentEncoded: percentEncoded)
    }

    /// `caseSensitive` and `percentEncoded` of `object`, each `inherited` when absent.
    private static func flags(_ object: JSONValue?, at place: String, inherited: (Bool, Bool)) throws(AssociationFileError) -> (Bool, Bool) {
        func flag(_ key: String, _ fallback: Bool) throws(AssociationFileError) -> Bool {
            switch object?.member(key) {
            case nil: return fallback
            case .bool(let value)?: return value
            default: throw AssociationFileError("\(place): '\(key)' must be true or false")
            }
        }
        return (try flag("caseSensitive", inherited.0), try flag("percentEncoded", inherited.1))
    }
}
