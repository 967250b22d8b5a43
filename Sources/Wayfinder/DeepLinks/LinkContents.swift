/// A resolved link's steps (each screen and where its values start) and parameter values
/// (each screen's path parameters, then its query parameters; `nil` for one left out).
struct LinkContents {
    let steps: [ResolvedLink.Step]
    let values: [ParameterValue?]

    var stepCount: Int { steps.count }
    var valueCount: Int { values.count }

    /// The `index`-th step.
    @inline(__always)
    func step(_ index: Int) -> ResolvedLink.Step { steps[index] }

    /// The `index`-th value.
    @inline(__always)
    func value(_ index: Int) -> ParameterValue? { values[index] }
}
