import Synchronization
import WayfinderKit

/// Why a service call failed; the message is shown to the user as it is.
public struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence for the user.
    public let message: String
    /// What kind of failure it is.
    public let kind: Kind

    /// The kinds of failure, for what a caller does next.
    public enum Kind: Hashable, Sendable {
        /// The request was refused: bad input, an unknown user, a post that does not exist…
        case refused
        /// The password was wrong for a user who exists: the prompt may ask again.
        case wrongPassword
        /// The data could not be read or written (a full disk, permissions, damage, an I/O
        /// error): nothing was done; a process ends with status 74.
        case storage
        /// The record was changed by another process since this one read it (optimistic
        /// concurrency): nothing was written.
        case conflict
        /// The session this process was signed in with was ended (by another process):
        /// nothing was written.
        case signedOut
    }

    /// Creates an error.
    public init(_ message: String, kind: Kind = .refused) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}

/// A count of the storage failures (``ServiceError/Kind/storage``) the services met.
///
/// View models turn a service's error into a line for the user; the shell compares the
/// count before and after a command to tell a command that failed on storage (a piped
/// session then exits 74) from one that was refused, whatever the view model did with the
/// error.
public final class StorageFaults: Sendable {
    private let count = Atomic<Int>(0)

    /// No failures yet.
    public init() {}

    /// The failures so far.
    public var total: Int { count.load(ordering: .relaxed) }

    /// Counts one failure.
    public func record() {
        count.add(1, ordering: .relaxed)
    }
}

extension ServiceError: ShellError {
    /// Whether the data could not be read or written (``Kind/storage``).
    public var isStorageFailure: Bool { kind == .storage }
}
