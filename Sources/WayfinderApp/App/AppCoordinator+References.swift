import Wayfinder
import WayfinderKit

extension AppCoordinator {
    /// `state` cut before the first stack element (in each stack) that names a post or a
    /// user that no longer exists, with one line per cut.
    /// - Throws: ``ServiceError`` when the data cannot be read: a read error is never taken
    ///   for "no longer exists" (the caller leaves the saved state as it was).
    public func withoutDanglingReferences(_ state: NavigationState) async throws(ServiceError) -> (NavigationState, [String]) {
        var result = state
        var problems: [String] = []
        for (flow, flowState) in state.flows {
            for (key, stack) in flowState.stacks {
                for (index, element) in stack.path.enumerated() {
                    guard let missing = try await missingReference(in: element.route) else { continue }
                    problems.append("\(missing) does not exist")
                    result.flows[flow]?.stacks[key]?.path.removeSubrange(index...)
                    result.flows[flow]?.stacks[key]?.presentation = nil
                    break
                }
            }
        }
        return (result, problems)
    }

    private func missingReference(in route: Route) async throws(ServiceError) -> String? {
        for feature in Feature.all {
            if let missing = try await feature.missingReference(route, container) { return missing }
        }
        return nil
    }
}
