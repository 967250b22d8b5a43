/// A failed system call, such as writing the history file.
///
/// `description` reads like `rename /home/ana/.local/state/wayfinder/history: Permission denied`.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, such as `open` or `rename`.
    public let operation: String
    /// The file the call was about.
    public let path: String
    /// The `errno` value the call left.
    public let code: Int32

    /// Creates an error for `operation` on `path` that failed with `errno` value `code`.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The `errno` value for a path that is not a directory (`ENOTDIR`).
    public static var notADirectory: Int32 { Platform.notADirectory }

    /// The `errno` value of a write to a pipe that nobody reads any more (`EPIPE`).
    public static var brokenPipe: Int32 { Platform.brokenPipe }

    /// The `errno` value of a low-level input or output error (`EIO`).
    public static var inputOutputError: Int32 { Platform.inputOutputError }

    /// The `errno` value of a write or a file that found no space left on the device (`ENOSPC`).
    public static var outOfSpace: Int32 { Platform.outOfSpace }

    /// libc's text for the `errno` value `code` (`Permission denied`).
    public static func reason(for code: Int32) -> String {
        Platform.errorMessage(for: code)
    }

    /// Whether the call failed for want of space (`ENOSPC`, `EDQUOT`).
    public var isOutOfSpace: Bool { Platform.outOfSpaceCodes.contains(code) }

    /// Whether the call failed on permissions (`EACCES`, `EPERM`, `EROFS`).
    public var isPermissionDenied: Bool { Platform.permissionCodes.contains(code) }

    /// libc's text for the error code (`Permission denied`).
    public var reason: String { Self.reason(for: code) }

    /// The call, the path and libc's text for the error code.
    public var description: String {
        "\(operation) \(path): \(reason)"
    }
}
