/// A typed route enum for one flow, with a nested `Screen` enumeration naming every screen
/// it covers: what the `RoutesCompiler` build plugin generates for each flow of a `.routes`
/// table (`MainRoute` for flow `main`).
public protocol FlowRoute: RouteRepresentable {
    /// The screens of the flow, one case per line of the route table.
    associatedtype Screen: RawRepresentable, CaseIterable where Screen.RawValue == String
    /// The flow's name in the table.
    static var flow: String { get }
    /// This route's screen.
    var screen: Screen { get }
}
