/// One navigator intent as a value, for `NavigationStore.perform(_:)`:
/// a single change, which the navigator makes whole or refuses before changing anything,
/// so that the store can run it in place, without a copy to roll back to.
public enum NavigationStep: Hashable, Sendable {
    /// ``Navigator/push(_:)``.
    case push(Route)
    /// ``Navigator/pop()``.
    case pop
    /// ``Navigator/popToRoot()``.
    case popToRoot
    /// ``Navigator/present(_:)``.
    case present(Route)
    /// ``Navigator/dismiss()``.
    case dismiss
    /// ``Navigator/replaceRoot(with:)``.
    case replaceRoot(Route)
    /// ``Navigator/selectTab(_:)``.
    case selectTab(String)
    /// ``Navigator/undo()``.
    case undo
    /// ``Navigator/redo()``.
    case redo
}

extension Navigator {
    /// Makes `step`; a refused step throws and changes nothing.
    public mutating func apply(_ step: NavigationStep) throws(NavigationError) {
        switch step {
        case .push(let route): try push(route)
        case .pop: try pop()
        case .popToRoot: try popToRoot()
        case .present(let route): try present(route)
        case .dismiss: try dismiss()
        case .replaceRoot(let route): try replaceRoot(with: route)
        case .selectTab(let tab): try selectTab(tab)
        case .undo: try undo()
        case .redo: try redo()
        }
    }
}

/// A change of one flow's navigation with the flow's typed routes, for
/// ``Routable/perform(_:)``, which makes several as one change.
public enum RouteStep<RouteType: RouteRepresentable>: Hashable, Sendable {
    /// Pushes a screen onto the selected stack.
    case push(RouteType)
    /// Pops the top screen.
    case pop
    /// Pops to the root and dismisses any presentation.
    case popToRoot
    /// Presents a sheet or alert.
    case present(RouteType)
    /// Dismisses the sheet or alert.
    case dismiss
    /// Replaces the root of the selected stack (same screen, other parameters).
    case replaceRoot(RouteType)
    /// Selects a tab.
    case selectTab(String)

    /// The same step with untyped routes.
    public var navigationStep: NavigationStep {
        switch self {
        case .push(let route): .push(route.route)
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .present(let route): .present(route.route)
        case .dismiss: .dismiss
        case .replaceRoot(let route): .replaceRoot(route.route)
        case .selectTab(let tab): .selectTab(tab)
        }
    }
}
