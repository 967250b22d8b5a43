import WayfinderKit
import Wayfinder
import WayfinderSystem

/// The links `wayfinder routes coverage` reads from files of links and REPL transcripts.
///
/// - A path named on the command line is read whatever its name: a `.transcript` file as a
///   transcript, any other as a file of links. A directory is read recursively, its entries in
///   name order; there only `.transcript`, `.links` and `.txt` files are read, and entries whose
///   names start with `.` are skipped.
/// - A file of links holds one link a line, read as `resolve -` reads its lines: spaces and
///   tabs around a line and a `\r` at its end are dropped; blank lines and lines starting
///   with `#` are skipped; a line's bytes are resolved as they are (bytes that are not UTF-8
///   are refused, never repaired); a line over `LineLimit.bytes` is refused by its length,
///   quoted by its start.
/// - A transcript (`Transcript` reads it) gives the links of its
///   `$` line (words holding `://`), of its `open [--dry-run] LINK` inputs, the lines printed
///   after a `where` input, and the `"url"` of each printed line that is a JSON object (what
///   `state` prints). A link waits for a guard when a printed line has it followed by
///   ` opens ` (the kit's `LINK opens once 'GUARD' is granted.`, the sample app's
///   `Sign in first; LINK opens after that.`) or is the `"pending"` of a printed JSON object.
struct CoverageInput {
    /// One link seen, and where.
    struct Sighting: Hashable {
        /// The link as written (escaped for display when its bytes are not UTF-8; its start
        /// for a line over the limit).
        var link: String
        /// The bytes of a link from a file of links, resolved as they are.
        var bytes: [UInt8]?
        /// The length of a line over `LineLimit.bytes`, refused by it alone.
        var overlongLength: Int?
        /// `FILE:LINE`.
        var place: String
        /// Whether it was seen waiting for a guard (in a transcript).
        var isDeferred = false
        /// Whether it came from outside the app (a file of links, an argument, `open`), so
        /// that screens' entry tiers apply to it; not what the app printed (`where`, `state`).
        var isFromOutside = false
    }

    private(set) var sightings: [Sighting] = []
    /// The files read, in order.
    private(set) var files: [String] = []

    /// Reads every path.
    /// - Throws: A ``ProgramFailure`` (exit 66) when a path does not exist or cannot be read,
    ///   with the system's reason.
    mutating func read(_ paths: [String]) throws(ProgramFailure) {
        for path in paths { try read(path, named: true) }
    }

    private mutating func read(_ path: String, named: Bool) throws(ProgramFailure) {
        let shown = path.escapingControlCharacters
        let kind: FileSystem.Kind?
        do {
            kind = try FileSystem.kind(of: path)
        } catch {
            throw ProgramFailure("\(shown): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
        }
        switch kind {
        case nil:
            throw ProgramFailure("\(shown): no such file", exitCode: ExitCodes.unreadableFile)
        case .directory:
            let entries: [String]
            do {
                entries = try FileSystem.entries(in: path)
            } catch {
                throw ProgramFailure("\(shown): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
            }
            let base = path.hasSuffix("/") ? path : path + "/"
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                try read(base + entry, named: false)
            }
        case .file, .other:
            let isTranscript = path.hasSuffix(".transcript")
            guard named || isTranscript || path.hasSuffix(".links") || path.hasSuffix(".txt") else { return }
            let bytes: [UInt8]?
            do {
                bytes = try FileSystem.read(path)
            } catch {
                throw ProgramFailure("\(shown): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
            }
            guard let bytes else { throw ProgramFailure("\(shown): no such file", exitCode: ExitCodes.unreadableFile) }
            files.append(path)
            if isTranscript {
                try readTranscript(String(decoding: bytes, as: UTF8.self), file: path)
            } else {
                readLinks(bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false), file: path)
            }
        }
    }

    private mutating func readLinks(_ lines: [ArraySlice<UInt8>], file: String) {
        for (index, line) in lines.enumerated() {
            let place = "\(file):\(index + 1)"
            guard line.count <= LineLimit.bytes else {
                sightings.append(Sighting(link: LineLimit.quotedStart(line), overlongLength: line.count, place: place, isFromOutside: true))
                continue
            }
            let trimmed = line.trimmingBlanks
            guard let first = trimmed.first, first != UInt8(ascii: "#") else { continue }
            let link = Array(trimmed)
            sightings.append(Sighting(link: String(displaying: link), bytes: link, place: place, isFromOutside: true))
        }
    }

    /// The links of a transcript (read as `Transcript` reads it): its arguments, its `open`
    /// commands, what `where` printed, and the `"url"` and `"pending"` of `state` lines.
    private mutating func readTranscript(_ text: String, file: String) throws(ProgramFailure) {
        let transcript: Transcript
        do {
            transcript = try Transcript(parsing: text)
        } catch {
            throw ProgramFailure("\(file.escapingControlCharacters): not a transcript: \(error)", exitCode: ExitCodes.invalidLink)
        }
        func see(_ link: some StringProtocol, at place: String, deferred: Bool = false, fromOutside: Bool = false) {
            sightings.append(Sighting(link: String(link), place: place, isDeferred: deferred, isFromOutside: fromOutside))
        }
        for argument in transcript.arguments where argument.contains("://") { see(argument, at: "\(file): arguments", fromOutside: true) }
        // What the program printed before the first input, then each step.
        let steps: [(input: String, output: [Transcript.Output])] = [("", transcript.preamble)] + transcript.steps.map { ($0.input, $0.output) }
        for (number, step) in steps.enumerated() {
            let place = number == 0 ? "\(file): start" : "\(file): step \(number)"
            let words = Self.words(Substring(step.input))
            let command = words.first.map(String.init) ?? ""
            if command == "open", let link = words.dropFirst().first(where: { !$0.hasPrefix("--") }) { see(link, at: place, fromOutside: true) }
            for case .standard(let line) in step.output {
                let text = Substring(line)
                if command == "where", !text.contains(" "), text.contains("://") { see(text, at: place) }
                if let waiting = Self.waitingLink(in: text) { see(waiting, at: place, deferred: true) }
                // A printed line that does not read as JSON is simply not a `state` line.
                guard text.hasPrefix("{"), let json = try? JSONValue(parsing: Array(text.utf8)) else { continue }
                if case .string(let url)? = json.member("url") { see(url, at: place) }
                if case .string(let pending)? = json.member("pending") { see(pending, at: place, deferred: true) }
            }
        }
    }

    /// The link in `LINK opens …` (the word before ` opens `), when it holds `://`.
    private static func waitingLink(in text: Substring) -> Substring? {
        guard let range = text.firstRange(of: " opens ") else { return nil }
        let word = text[..<range.lowerBound].split(separator: " ").last
        return word.flatMap { $0.contains("://") ? $0 : nil }
    }

    /// Words split at spaces, single quotes around a word dropped.
    private static func words(_ text: Substring) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { word in
            var word = word
            if word.hasPrefix("'") { word = word.dropFirst() }
            if word.hasSuffix("'") { word = word.dropLast() }
            return word
        }
    }
}

extension ArraySlice<UInt8> {
    /// A line of links without the spaces, tabs and `\r` around it, as `resolve -` and a
    /// file of links read it.
    var trimmingBlanks: ArraySlice<UInt8> {
        func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }
        guard let start = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
        return self[start...last]
    }
}
