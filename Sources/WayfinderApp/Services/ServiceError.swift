/// Why a service call failed; the message is shown to the user as it is.
public struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence for the user.
    public let message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
