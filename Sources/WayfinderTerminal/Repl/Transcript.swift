/// A whole REPL session with its expected output, as kept in a `.transcript` file.
///
/// ```
/// # Signing in applies the pending link.
/// $ wayfinder wayfinder://settings/profile
/// > login bob
/// > wonderland
/// Signed in as bob.
/// ! error: printed on standard error
/// [exit 0]
/// ```
/// - `#` lines are comments; a `$` line gives the program's name (kept as ``program``, and
///   written back when the transcript is re-recorded) and its arguments; `> ` lines are
///   typed input; `! ` lines are expected on standard error; `[exit N]` is the expected exit
///   status; every other line is expected on standard output, with `| ` in front when it
///   would otherwise look like one of these markers.
public struct Transcript: Hashable, Sendable {
    /// One line of expected output.
    public enum Output: Hashable, Sendable {
        /// A line on standard output.
        case standard(String)
        /// A line on standard error.
        case error(String)
    }

    /// One typed line and what it printed.
    public struct Step: Hashable, Sendable {
        /// Comment lines written before the input (kept when re-recording).
        public var comments: [String]
        /// The typed line.
        public var input: String
        /// The output, in order.
        public var output: [Output]

        /// Creates a step.
        public init(comments: [String] = [], input: String, output: [Output]) {
            self.comments = comments
            self.input = input
            self.output = output
        }
    }

    /// Comments at the top.
    public var header: [String]
    /// The program's name, the first word of the `$` line; nil when the transcript has no
    /// `$` line. A `$` line written for arguments without a name says `wayfinder`.
    public var program: String?
    /// The program's arguments (after its name).
    public var arguments: [String]
    /// The output before the first input (a banner or the links' effects), if any.
    public var preamble: [Output]
    /// The typed lines with their output.
    public var steps: [Step]
    /// The expected exit status.
    public var exitStatus: Int32?

    /// Creates a transcript.
    /// - Parameters:
    ///   - header: Comment lines at the top, `#` included.
    ///   - program: The program's name on the `$` line; nil writes `wayfinder` when there
    ///     are arguments, and no `$` line when there are none.
    ///   - arguments: The program's arguments.
    ///   - preamble: The output before the first input.
    ///   - steps: The typed lines with their output.
    ///   - exitStatus: The expected exit status.
    public init(
        header: [String] = [], program: String? = nil, arguments: [String] = [], preamble: [Output] = [], steps: [Step],
        exitStatus: Int32? = 0
    ) {
        self.header = header
        self.program = program
        self.arguments = arguments
        self.preamble = preamble
        self.steps = steps
        self.exitStatus = exitStatus
    }

    /// A transcript that is malformed.
    public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 1-based line.
        public let line: Int
        /// What is wrong.
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Parses the text of a `.transcript` file.
    /// - Throws: ``FormatError`` for a second `$` line, a `$` line after input, or a bad `[exit]`.
    public init(parsing text: String) throws(FormatError) {
        var header: [String] = []
        var program: String?
        var arguments: [String] = []
        var preamble: [Output] = []
        var steps: [Step] = []
        var comments: [String] = []
        var exitStatus: Int32?
        var sawArguments = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if exitStatus != nil, !line.isEmpty {
                throw FormatError(line: number, message: "nothing may follow [exit N]")
            }
            if line.hasPrefix("#") {
                if steps.isEmpty && !sawArguments && preamble.isEmpty { header.append(line) } else { comments.append(line) }
            } else if line.hasPrefix("$ ") || line == "$" {
                guard !sawArguments, steps.isEmpty else {
                    throw FormatError(line: number, message: "the '$' line comes once, before the first input")
                }
                sawArguments = true
                let words = Self.words(String(line.dropFirst(1)))
                program = words.first
                arguments = Array(words.dropFirst())
            } else if line.hasPrefix("> ") || line == ">" {
                steps.append(Step(comments: comments, input: String(line.dropFirst(2)), output: []))
                comments = []
            } else if line.hasPrefix("[exit ") && line.hasSuffix("]") {
                guard let status = Int32(line.dropFirst(6).dropLast()) else {
                    throw FormatError(line: number, message: "expected [exit N]")
                }
                exitStatus = status
            } else {
                let output: Output
                if line.hasPrefix("! ") || line == "!" {
                    output = .error(String(line.dropFirst(2)))
                } else if line.hasPrefix("| ") || line == "|" {
                    output = .standard(String(line.dropFirst(2)))
                } else {
                    output = .standard(line)
                }
                if steps.isEmpty { preamble.append(output) } else { steps[steps.count - 1].output.append(output) }
            }
        }
        self.init(header: header, program: program, arguments: arguments, preamble: preamble, steps: steps, exitStatus: exitStatus)
    }

    /// The text of the transcript, as written to a file.
    public var text: String {
        var lines = header
        if program != nil || !arguments.isEmpty {
            lines.append((["$", Self.quoted(program ?? "wayfinder")] + arguments.map(Self.quoted)).joined(separator: " "))
        }
        lines += preamble.map(Self.line(for:))
        for step in steps {
            lines += step.comments
            lines.append("> " + step.input)
            lines += step.output.map(Self.line(for:))
        }
        if let exitStatus { lines.append("[exit \(exitStatus)]") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The transcript line for `output`: `! ` before an error; before a standard line that
    /// would read as a marker (`#`, `$`, `>`, `!`, `|`, `[exit `), `| `.
    public static func line(for output: Output) -> String {
        switch output {
        case .error(let text):
            return "! " + text
        case .standard(let text):
            let markers = ["#", "$", ">", "!", "|", "[exit "]
            return markers.contains(where: text.hasPrefix) ? "| " + text : text
        }
    }

    static func quoted(_ word: String) -> String {
        word.contains(where: { $0 == " " || $0 == "'" || $0 == "&" || $0 == "?" }) ? "'" + word.replacingAll("'", with: "'\\''") + "'" : word
    }

    /// Splits a command line (a `$` line) into words at spaces and tabs, as a shell does with
    /// single quotes: quoted spaces stay in the word, the quotes go.
    public static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if (character == " " || character == "\t") && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
