// libFuzzer target `stress-links`: deep-link resolution on `Fuzz/stress.routes`, a table
// with every parameter type, tabs, sheets, alerts, optional and required query keys of each
// type, overlapping patterns (literal beside parameter, `{a:int}` beside `{a:int}/{b:int}`,
// `thing/{x}` beside `{y}`), multi-segment patterns and several flows, guarded and not.
// Input: the link's bytes; the same checks as `links` (FuzzSupport.checkLink).

let stressGraph = FuzzSupport.graph("Fuzz/stress.routes")
let stressNavigator = FuzzSupport.grantedNavigator(stressGraph)

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    FuzzSupport.initialize(argv) { _ = stressNavigator }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzSupport.checkLink(UnsafeBufferPointer(start: data, count: size), graph: stressGraph, navigator: stressNavigator)
    return 0
}
