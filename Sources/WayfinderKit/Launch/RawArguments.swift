import ArgumentParser
import Wayfinder
import WayfinderSystem
import WayfinderTerminal

/// The program's arguments as the bytes it was given: `CommandLine.arguments` would repair
/// bytes that are not UTF-8 into U+FFFD, and a link must reach the resolver as it was typed.
///
/// ArgumentParser works on strings, so an argument that is not valid UTF-8 reaches it as a
/// placeholder that no real argument can equal (it holds a
/// NUL, which a C string cannot), keeping a leading `--name=` so that it parses as the same
/// option would. After parsing, a placeholder may stand only for a deep link (`resolve URL`,
/// `open URL…`, `wayfinder URL…`): its bytes go to the resolver, which refuses them (exit 65)
/// with a message naming invalid UTF-8. Anywhere else (an option's value, a file, a
/// subcommand, or a command line that does not parse) it is a usage error (exit 64).
public struct RawArguments: Sendable {
    /// Each argument's bytes, without the program name.
    public let bytes: [[UInt8]]
    /// Each argument for the parsers: itself when it is valid UTF-8, else its placeholder.
    public let texts: [String]
    /// The indices (in ``bytes``) of the arguments that are not valid UTF-8.
    public let invalid: [Int]

    /// This process's arguments (`CurrentProcess.arguments`).
    public static let current = RawArguments(Array(CurrentProcess.arguments.dropFirst()))

    /// Arguments given as bytes (without the program name).
    public init(_ bytes: [[UInt8]]) {
        self.bytes = bytes
        var texts: [String] = []
        var invalid: [Int] = []
        for (index, argument) in bytes.enumerated() {
            if let text = String(validating: argument, as: UTF8.self) {
                texts.append(text)
            } else {
                texts.append(Self.placeholder(for: argument, index: index))
                invalid.append(index)
            }
        }
        self.texts = texts
        self.invalid = invalid
    }

    /// `--name=` (when that much is valid UTF-8) or `-` (for any other argument that starts
    /// with one), then NUL, the index, NUL.
    private static func placeholder(for argument: [UInt8], index: Int) -> String {
        var prefix = ""
        if argument.first == UInt8(ascii: "-") {
            prefix = "-"
            if let equals = argument.firstIndex(of: UInt8(ascii: "=")),
               let name = String(validating: argument[...equals], as: UTF8.self) {
                prefix = name
            }
        }
        return prefix + "\u{0}\(index)\u{0}"
    }

    /// The index of the argument `text` stands for, when it is (or ends with) a placeholder.
    private func placeholderIndex(_ text: String) -> Int? {
        guard let start = text.utf8.firstIndex(of: 0) else { return nil }
        let digits = text.utf8[text.utf8.index(after: start)...].prefix { $0 != 0 }
        return String(decoding: digits, as: UTF8.self).reduce(into: 0) { value, digit in
            value = value * 10 + (digit.wholeNumberValue ?? 0)
        }
    }

    /// The bytes of a link as the parser gave it: the argument's own bytes.
    public func linkBytes(_ link: String) -> [UInt8] {
        if let index = placeholderIndex(link), bytes.indices.contains(index) { return bytes[index] }
        return Array(link.utf8)
    }

    /// Checks, after parsing, that every argument that is not UTF-8 was taken as one of
    /// `links`.
    /// - Throws: A usage error (``usageError(_:)``, exit 64) for the first that was not.
    public func refuseInvalid(exceptLinks links: [String]) throws(ProgramFailure) {
        let linkIndices = Set(links.compactMap(placeholderIndex))
        if let index = invalid.first(where: { !linkIndices.contains($0) }) {
            throw usageError(index)
        }
    }

    /// The usage error (exit 64) that argument `index` is not UTF-8.
    public func usageError(_ index: Int) -> ProgramFailure {
        let argument = bytes[index]
        let position = (UTF8Validation.firstInvalidByte(in: argument) ?? 0) + 1
        return ProgramFailure(
            "argument \(index + 1) '\(String(displaying: argument))' is not valid UTF-8 (byte \(position))", exitCode: ExitCodes.usage)
    }

    /// `links` as strings, for commands that open them in the app; when one is not UTF-8,
    /// resolves them in order with the app's `graph`, as opening would, so that nothing is
    /// opened.
    /// - Throws: The first link refused, as a ``ProgramFailure`` (exit 65).
    public func appLinks(_ links: [String], graph: RouteGraph) throws(ProgramFailure) -> [String] {
        guard links.contains(where: { placeholderIndex($0) != nil }) else { return links }
        for link in links {
            do {
                _ = try graph.resolve(utf8: linkBytes(link))
            } catch {
                throw ProgramFailure(error.message, exitCode: ExitCodes.invalidLink)
            }
        }
        // Not reached: bytes that are not UTF-8 never resolve.
        throw ProgramFailure("a link is not valid UTF-8", exitCode: ExitCodes.invalidLink)
    }

    /// The links a parsed command takes (deep links may hold any bytes; nothing else may):
    /// a ``LinkArguments`` command's, none for the others; `nil` for ArgumentParser's own
    /// commands (`help`), which only print a command's help.
    public static func links(of command: any ParsableCommand) -> [String]? {
        if let command = command as? any LinkArguments { return command.deepLinks }
        return String(reflecting: type(of: command)).hasPrefix("ArgumentParser.") ? nil : []
    }
}

/// A command whose arguments include deep links: the only arguments that may hold bytes
/// that are not UTF-8 (the resolver refuses them, exit 65, rather than a usage error).
public protocol LinkArguments {
    /// The deep links among the arguments, as parsed.
    var deepLinks: [String] { get }
}
