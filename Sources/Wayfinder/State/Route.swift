/// One screen with its parameter values: the untyped route value the engine stores.
///
/// Apps usually work with their own typed route enums (see ``RouteRepresentable``);
/// the engine, the deep-link resolver and the tooling work with `Route` so that they
/// can serve any `.routes` file.
///
/// ```swift
/// let post = Route("post", ["id": .int(42)])
/// ```
public struct Route: Hashable, Codable, Sendable {
    /// The screen's name, as declared in the route graph.
    public var screen: String
    /// The screen's parameter values by name (path and query parameters alike).
    public var parameters: [String: ParameterValue]

    /// Creates a route.
    /// - Parameters:
    ///   - screen: The screen's name in the route graph.
    ///   - parameters: Its parameter values; absent optional parameters are left out.
    public init(_ screen: String, _ parameters: [String: ParameterValue] = [:]) {
        self.screen = screen
        self.parameters = parameters
    }

    /// The value of the parameter `name`, if present.
    public subscript(name: String) -> ParameterValue? {
        parameters[name]
    }
}

extension Route: CustomStringConvertible {
    /// `post(id: 42)`, or just `feed` for a screen without parameters.
    public var description: String {
        guard !parameters.isEmpty else { return screen }
        let inner = parameters.sorted { $0.key < $1.key }
            .map { "\($0.key): \($0.value.text)" }
            .joined(separator: ", ")
        return "\(screen)(\(inner))"
    }
}

/// A typed route value that converts to and from the engine's untyped ``Route``.
///
/// Apps declare one enum per flow; a test should check that every case has a line in
/// the route graph and every line a case.
public protocol RouteRepresentable: Hashable, Codable, Sendable {
    /// Converts an untyped route; `nil` when the screen or its parameters do not fit.
    init?(route: Route)
    /// The untyped route for this value.
    var route: Route { get }
}

extension Route: RouteRepresentable {
    public init?(route: Route) { self = route }
    public var route: Route { self }
}
