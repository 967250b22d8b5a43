/// The counts a ``LinkStorage`` keeps in its header.
struct LinkCounts {
    var steps: Int
    var values: Int
}

/// One element of a ``LinkStorage``: a step of the link, or a parameter value.
enum LinkCell {
    case step(ResolvedLink.Step)
    case value(ParameterValue?)
}

/// A resolved link's steps and parameter values in one allocation: the steps first, then
/// each screen's values (path parameters, then query parameters). Immutable once made.
///
/// One object of a non-generic class instead of two arrays: half the allocations, and
/// no generic array metadata to look up when a link is made or freed. `ManagedBuffer` is
/// not `Sendable`; this one is never written after ``make(steps:values:initialize:)``,
/// which is what lets ``ResolvedLink`` share it across threads.
final class LinkStorage: ManagedBuffer<LinkCounts, LinkCell> {
    /// A storage of `steps` steps and `values` values, written by `initialize`, which must
    /// initialize every one of the `steps + values` cells it is given.
    static func make(
        steps: Int, values: Int, initialize: (UnsafeMutablePointer<LinkCell>) -> Void
    ) -> LinkStorage {
        let buffer = create(minimumCapacity: steps + values) { _ in LinkCounts(steps: steps, values: values) }
        let storage = unsafeDowncast(buffer, to: LinkStorage.self)
        storage.withUnsafeMutablePointerToElements(initialize)
        return storage
    }

    deinit {
        _ = withUnsafeMutablePointers { counts, cells in
            cells.deinitialize(count: counts.pointee.steps + counts.pointee.values)
        }
    }

    /// The counts (read through a pointer: `header` would check exclusive access).
    var counts: LinkCounts { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// The number of steps.
    var stepCount: Int { counts.steps }

    /// The number of values.
    var valueCount: Int { counts.values }

    /// The `index`-th step.
    func step(_ index: Int) -> ResolvedLink.Step {
        withUnsafeMutablePointers { counts, cells in
            precondition(index >= 0 && index < counts.pointee.steps, "step \(index) out of range")
            guard case .step(let step) = cells[index] else { preconditionFailure("cell \(index) is not a step") }
            return step
        }
    }

    /// The `index`-th value.
    func value(_ index: Int) -> ParameterValue? {
        withUnsafeMutablePointers { counts, cells in
            precondition(index >= 0 && index < counts.pointee.values, "value \(index) out of range")
            guard case .value(let value) = cells[counts.pointee.steps + index] else { preconditionFailure("cell is not a value") }
            return value
        }
    }
}
