import Wayfinder

/// The sample app's route graph, embedded at build time from `Routes/app.routes`.
public enum AppRoutes {
    /// The name the embedded table goes by in messages.
    public static let fileName = "app.routes"

    /// The text of `Routes/app.routes` as it was when the binary was built.
    public static var source: String {
        String(decoding: PackageResources.app_routes, as: UTF8.self)
    }

    /// The graph of the table: parsed and checked when this module was built (the
    /// `RoutesCompiler` plugin writes `compiledGraph`), so a start does not parse it.
    public static var graph: RouteGraph { compiledGraph }
}

/// A typed route enum for one flow of the sample app, with a nested `Screen`
/// enumeration naming every screen it covers (checked against the graph by a test).
public protocol FlowRoute: RouteRepresentable {
    /// The screens of the flow, one case per line of the route graph.
    associatedtype Screen: RawRepresentable, CaseIterable where Screen.RawValue == String
    /// The flow's name in the graph.
    static var flow: String { get }
    /// This route's screen.
    var screen: Screen { get }
}
