@_spi(RouteTools) import Wayfinder

extension RouteGraph {
    /// The screens no chain of `after` edges reaches from a root, in declaration order.
    ///
    /// A screen is reached when it is a root (of a flow, or of one of its tabs) or when it may
    /// follow a screen that is reached. `RouteGraph(parsing:file:)` refuses a table with such
    /// screens, so for a parsed table this is empty; it is computed over the edges all the same,
    /// and is the one place that computes it.
    /// - Complexity: O(s + e) in the number of screens and edges.
    public var unreachableScreens: [Screen] {
        var isReached = [Bool](repeating: false, count: screens.count)
        var queue = roots.flatMap { $0 }
        for root in queue { isReached[root] = true }
        while let screen = queue.popLast() {
            for next in successors[screen] where !isReached[next] {
                isReached[next] = true
                queue.append(next)
            }
        }
        return screens.indices.filter { !isReached[$0] }.map { screens[$0] }
    }

    /// The screens with no way on, in declaration order: roots and pushed screens that no
    /// screen may follow (no screen names them in its `after`), so that from them a user can
    /// only go back (or switch tab or flow).
    ///
    /// Sheets and alerts are never among them: they are dismissed, and no screen may follow
    /// them. A screen followed only by a sheet or an alert has a way on, and is not listed.
    /// - Complexity: O(s) in the number of screens.
    public var deadEndScreens: [Screen] {
        screens.indices.filter { index in
            screens[index].kind.presentationStyle == nil && successors[index].isEmpty
        }.map { screens[$0] }
    }
}
