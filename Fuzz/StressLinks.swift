// libFuzzer target `stress-links`: deep-link resolution on `Fuzz/stress.routes`, a table
// with every parameter type, tabs, sheets, alerts, optional and required query keys of each
// type, overlapping patterns (literal beside parameter, `{a:int}` beside `{a:int}/{b:int}`,
// `thing/{x}` beside `{y}`), multi-segment patterns and several flows, guarded and not.
// Input: the link's bytes; the same checks as `links` (FuzzSupport.checkLink).

@testable import Wayfinder

let stressGraph = FuzzSupport.graph("Fuzz/stress.routes")
let stressNavigator = FuzzSupport.grantedNavigator(stressGraph)

/// The target `stress-links`: loads its table before the first input, then checks each input.
enum StressLinksTarget: FuzzTarget {
    static let name = "stress-links"

    static func load() { _ = stressNavigator }

    static func test(_ input: UnsafeBufferPointer<UInt8>) {
        FuzzSupport.checkLink(input, graph: stressGraph, navigator: stressNavigator)
    }
}
