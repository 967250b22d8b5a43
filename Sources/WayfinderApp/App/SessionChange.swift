import WayfinderKit

/// A change of the stored session, queued by the app coordinator until ``AppCoordinator/settle()``.
struct SessionChange {
    /// What it does, for a message (`sign out`).
    let action: String
    /// The user whose session it ends, for a sign-out.
    var endedUserID: Int?
    let store: @MainActor () async throws(ServiceError) -> Void
}

/// A session change that could not be stored (``AppCoordinator/settle()``).
public struct SessionChangeFailure: ShellError, Sendable {
    /// What was tried (`sign out`, `sign in as bob`).
    public let action: String
    /// Why it failed.
    public let error: ServiceError
    /// Whether a change queued before it (the sign-out of the user replaced by a sign-in)
    /// was stored.
    public let earlierChangesStored: Bool

    /// One line for the user.
    public var message: String { "could not \(action): \(error.message)" }
    /// Whether storing the change failed on storage.
    public var isStorageFailure: Bool { error.isStorageFailure }
}
