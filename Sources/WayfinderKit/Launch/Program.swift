import Synchronization
import WayfinderSystem
import WayfinderTerminal

/// The program an app runs as: its name, which starts every message it prints
/// (`bookshelf: error: …`) and names its files, and the environment variable that names its
/// data directory.
///
/// - Data: `--data-dir DIR`, else `$HOME_VARIABLE`, else `$XDG_DATA_HOME/NAME`, else
///   `~/.local/share/NAME` (``dataDirectory(explicit:environment:)``); the saved navigation
///   is `navigation.json` there.
/// - History: `$XDG_STATE_HOME/NAME/history`, else `~/.local/state/NAME/history`.
public struct Program: Hashable, Sendable {
    /// The program's name (`bookshelf`).
    public let name: String
    /// The environment variable naming its data directory (`BOOKSHELF_HOME`).
    public let homeVariable: String

    /// The program `name`; its data directory's variable is `homeVariable`, by default the
    /// name in capitals with `_HOME` (`my-app` → `MY_APP_HOME`).
    public init(name: String, homeVariable: String? = nil) {
        self.name = name
        self.homeVariable = homeVariable
            ?? String(name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }) + "_HOME"
    }

    /// The program running now, as the launcher set it (else the name it was started by):
    /// what the kit's messages start with.
    public static var current: Program {
        get { running.withLock { $0 } }
        set { running.withLock { $0 = newValue } }
    }

    private static let running = Mutex(Program(name: CurrentProcess.name))

    /// The environment variables the program reads: its data directory's, the XDG and home
    /// directories, and the terminal's.
    public var environmentVariables: [String] {
        [homeVariable, "XDG_DATA_HOME", "XDG_STATE_HOME", "HOME"] + Terminal.environmentVariables
    }

    /// The variables whose values name directories.
    var pathVariables: Set<String> { [homeVariable, "XDG_DATA_HOME", "XDG_STATE_HOME", "HOME"] }

    /// Why no data directory could be chosen.
    public struct DataDirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong, for a person.
        public let description: String
        /// Whether the command line or the environment named an unusable directory (a usage
        /// error), rather than naming none.
        public let isUsageError: Bool
    }

    /// The data directory chosen by the command line (`explicit`) and the environment (read
    /// only when `explicit` is missing), without a trailing slash.
    ///
    /// An empty `--data-dir` or ``homeVariable`` is refused, never passed over for the
    /// default: a script with an unset variable must not reach the default directory. An
    /// empty or relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory
    /// specification says; so is a relative `HOME`.
    /// - Throws: ``DataDirectoryError``.
    public func dataDirectory(explicit: String?, environment: @autoclosure () -> [String: String]) throws(DataDirectoryError) -> String {
        if let explicit {
            guard !explicit.isEmpty else {
                throw DataDirectoryError(description: "--data-dir is empty: name a directory (is a variable in the script unset?)", isUsageError: true)
            }
            return Self.trimmed(explicit)
        }
        let environment = environment()
        if let home = environment[homeVariable] {
            guard !home.isEmpty else {
                throw DataDirectoryError(description: "\(homeVariable) is set but empty: name a directory, or unset it to use the default", isUsageError: true)
            }
            return Self.trimmed(home)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/" + name }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/" + name }
        throw DataDirectoryError(description: "no data directory: set HOME or \(homeVariable), or pass --data-dir", isUsageError: false)
    }

    /// Where the REPL's history lives; `nil` when no directory names it.
    public func historyPath(environment: [String: String]) -> String? {
        HistoryStore.defaultPath(program: name, environment: environment)
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
