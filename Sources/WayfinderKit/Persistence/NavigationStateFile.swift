import WayfinderSystem
import Foundation
import Wayfinder
import WayfinderTerminal

/// The saved navigation state: a versioned JSON file, replaced atomically, mode 0600, at
/// most ``sizeLimit`` bytes.
///
/// ```json
/// {"format":"wayfinder-navigation","navigation":{…},"routes":2,"version":1}
/// ```
/// `version` is the file's format; `routes` the version of the route table the state was
/// saved with (`RouteGraph.version`; 1 when absent), which says which of the table's
/// migrations a later version applies to it.
public struct NavigationStateFile: Sendable {
    /// The version this build writes and reads.
    public static let version = 1
    /// The value of the `format` key.
    public static let format = "wayfinder-navigation"

    /// The file.
    public let path: String

    /// A state file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The state file of the data directory `directory`: `navigation.json` in it.
    public init(in directory: String) {
        self.init(path: directory + "/" + Self.fileName)
    }

    /// The name of the file in a data directory.
    public static let fileName = "navigation.json"

    /// The largest state file read, 1 MiB: the app's states take a few kilobytes. A larger
    /// file is not read at all (it is set aside as unusable), so that it cannot stall the
    /// start; a larger state is not written.
    public static let sizeLimit = 1 << 20

    /// What reading the file gave.
    public enum Contents: Sendable {
        /// There is no file.
        case missing
        /// A state of this version, saved with version `routes` of the route table.
        case state(NavigationState, routes: Int)
        /// A state of this version in which some elements could not be read (see
        /// `NavigationState.decodedLeniently(from:)`): they are left out, and `problems`
        /// says which.
        case partial(NavigationState, routes: Int, problems: [String])
        /// The file cannot be used; the reason says why.
        case unusable(String)
        /// The file exists but cannot be read (permissions, I/O).
        case unreadable(SystemError)
    }

    /// Reads the file; never throws: every problem is a reason in ``Contents/unusable(_:)``,
    /// bytes that are not valid UTF-8 too (they are never repaired into U+FFFD), and a file
    /// over ``sizeLimit`` (told by its size, before anything is read).
    public func load() -> Contents {
        let bytes: [UInt8]
        do {
            switch try FileSystem.read(path, atMost: Self.sizeLimit) {
            case nil:
                return .missing
            case .tooLarge(let size)?:
                return .unusable("it is \(size) bytes, over the 1 MiB (\(Self.sizeLimit) bytes) limit for a state file")
            case .bytes(let read)?:
                bytes = read
            }
        } catch {
            return .unreadable(error)
        }
        return Self.contents(of: bytes)
    }

    /// What the bytes of a state file hold (see ``load()``): a state, a partly readable
    /// one, or why they are unusable; never ``Contents/missing`` or ``Contents/unreadable(_:)``.
    public static func contents(of bytes: [UInt8]) -> Contents {
        guard bytes.count <= sizeLimit else {
            return .unusable("it is over the 1 MiB (\(sizeLimit) bytes) limit for a state file")
        }
        // Refused, not repaired: a string with U+FFFD in it would be another state.
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            return .unusable("it is not valid UTF-8 (byte \(offset + 1))")
        }
        // Whatever the parser's reason, the verdict is the same: the file is kept aside as it is.
        guard let json = try? JSONValue(parsing: bytes) else {
            return .unusable(bytes.isEmpty ? "it is empty" : "it is not valid JSON (corrupt or truncated)")
        }
        guard case .string(format)? = json.member("format"), case .int(let found)? = json.member("version") else {
            return .unusable("it is not a Wayfinder navigation file")
        }
        guard found == version else {
            return .unusable(found > version
                ? "it was written by a newer Wayfinder (format version \(found); this one reads \(version))"
                : "format version \(found) is not supported")
        }
        var routes = 1
        if let member = json.member("routes") {
            guard case .int(let number) = member, number >= 1 else {
                return .unusable("its route table version ('routes') is not a whole number from 1")
            }
            routes = number
        }
        guard let navigation = json.member("navigation"), let decoded = NavigationState.decodedLeniently(from: navigation) else {
            return .unusable("it holds no navigation state")
        }
        return decoded.problems.isEmpty
            ? .state(decoded.state, routes: routes)
            : .partial(decoded.state, routes: routes, problems: decoded.problems)
    }

    /// What the file holds for `state`, saved with version `routes` of the route table:
    /// `{"format", "navigation", "routes", "version"}`, keys sorted, the state in its saved
    /// form (`SavedStateFormat`).
    public static func contents(of state: NavigationState, routes: Int) -> JSONValue {
        .object([
            ("format", .string(format)), ("navigation", SavedStateFormat.json(of: state)),
            ("routes", .int(routes)), ("version", .int(version)),
        ])
    }

    /// Replaces the file with `state`, saved with version `routes` of the route table
    /// (`RouteGraph.version`), atomically.
    public func save(_ state: NavigationState, routes: Int) throws(SystemError) {
        var bytes: [UInt8] = []
        Self.contents(of: state, routes: routes).appendJSON(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        // Never a file the next start would refuse to read.
        guard bytes.count <= Self.sizeLimit else { throw SystemError(operation: "write", path: path, code: EFBIG) }
        try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
    }

    /// Where a file that could not be used is kept when moved aside at `timestamp`
    /// (`FileSystem.utcTimestamp()`):
    /// `navigation.json.corrupt-20261123T224501Z` (UTC), so that each one is kept.
    public func corruptPath(at timestamp: String = FileSystem.utcTimestamp()) -> String {
        "\(path).corrupt-\(timestamp)"
    }

    /// Moves the file aside to a new ``corruptPath(at:)`` (with `-2`, `-3`… when one of
    /// that second is there already), never replacing an earlier copy.
    /// - Returns: The path it was moved to.
    @discardableResult
    public func keepAsCorrupt() throws(SystemError) -> String {
        let base = corruptPath()
        var candidate = base
        var number = 1
        while try FileSystem.kind(of: candidate) != nil {
            number += 1
            candidate = "\(base)-\(number)"
        }
        try FileSystem.move(path, to: candidate)
        return candidate
    }
}
