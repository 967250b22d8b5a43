import WayfinderSystem
import Foundation
import Wayfinder
import WayfinderTerminal

/// The navigation state saved on exit: a versioned JSON file, replaced atomically, mode 0600.
///
/// ```json
/// {"format":"wayfinder-navigation","version":1,"navigation":{…}}
/// ```
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

    /// What reading the file gave.
    public enum Contents: Sendable {
        /// There is no file.
        case missing
        /// A state of this version.
        case state(NavigationState)
        /// The file cannot be used; the reason says why.
        case unusable(String)
        /// The file exists but cannot be read (permissions, I/O).
        case unreadable(SystemError)
    }

    private struct Envelope: Codable {
        var format: String
        var version: Int
        var navigation: NavigationState?
    }

    private struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    /// Reads the file; never throws: every problem is a reason in ``Contents/unusable(_:)``,
    /// bytes that are not valid UTF-8 too (they are never repaired into U+FFFD).
    public func load() -> Contents {
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.read(path) else { return .missing }
            bytes = read
        } catch {
            return .unreadable(error)
        }
        // Refused, not repaired: a string with U+FFFD in it would be another state.
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            return .unusable("it is not valid UTF-8 (byte \(offset + 1))")
        }
        let data = Data(bytes)
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            return .unusable(bytes.isEmpty ? "it is empty" : "it is not valid JSON (corrupt or truncated)")
        }
        guard header.format == Self.format, let version = header.version else {
            return .unusable("it is not a Wayfinder navigation file")
        }
        guard version == Self.version else {
            return .unusable(version > Self.version
                ? "it was written by a newer Wayfinder (format version \(version); this one reads \(Self.version))"
                : "format version \(version) is not supported")
        }
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            guard let navigation = envelope.navigation else { return .unusable("it holds no navigation state") }
            return .state(navigation)
        } catch {
            return .unusable("its navigation state does not decode")
        }
    }

    /// Replaces the file with `state`, atomically.
    public func save(_ state: NavigationState) throws(SystemError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(Envelope(format: Self.format, version: Self.version, navigation: state))
        } catch {
            throw SystemError(operation: "encode", path: path, code: 0)
        }
        try FileSystem.writeAtomically(Array(data) + [UInt8(ascii: "\n")], to: path, mode: 0o600)
    }

    /// Where a file that could not be used is kept when moved aside at `timestamp`
    /// (``FileSystem/utcTimestamp()``):
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
