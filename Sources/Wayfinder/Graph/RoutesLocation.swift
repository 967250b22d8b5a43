/// A place in a `.routes` file: `file:line:column`, 1-based.
public struct RoutesLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's name as given to the parser.
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column in characters, from 1.
    public let column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: RoutesLocation, rhs: RoutesLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// One problem found in a `.routes` file.
public struct RoutesDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public let location: RoutesLocation
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates a diagnostic.
    public init(_ location: RoutesLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// A `.routes` file that could not be turned into a ``RouteGraph``; carries every
/// problem found, in file order.
public struct RoutesFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem, sorted by location.
    public let diagnostics: [RoutesDiagnostic]

    /// Creates an error from its diagnostics.
    public init(diagnostics: [RoutesDiagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }

    /// One `file:line:column: message` line per problem.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
