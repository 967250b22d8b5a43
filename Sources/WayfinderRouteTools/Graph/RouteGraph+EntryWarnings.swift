@_spi(RouteTools) import Wayfinder

extension RouteGraph {
    /// Warnings about screens that act on arrival and leave their tier to the default, in
    /// declaration order; `wayfinder routes check` prints them with `warnings`.
    ///
    /// The rule: a sheet or an alert acts on arrival, as it puts a task or a question in
    /// front of the user (write a post, sign out?) as soon as it opens. Left to the default,
    /// `EntryTier.outside`, any link from outside opens one; so each must say which tier
    /// it means, `entry outside` included.
    public var entryWarnings: [RoutesDiagnostic] {
        screens.filter { $0.kind.presentationStyle != nil && $0.declaredEntry == nil }.map { screen in
            RoutesDiagnostic(
                screen.location,
                "warning: screen '\(screen.name)' is \(screen.kind == .alert ? "an alert" : "a sheet"), which acts on arrival, and any link from outside opens it: declare its tier with 'entry outside', 'entry confirm' or 'entry internal'"
            )
        }
    }
}
