// libFuzzer target `links`: deep-link resolution on the sample app's table
// (`Routes/app.routes`, read at start-up from the repository root or $WAYFINDER_FUZZ_ROOT).
// Input: the link's bytes. Every accepted link must round-trip (see FuzzSupport.checkLink):
// its canonical form resolves to the same flow, tab, stack and presentation and prints the
// same; the String and byte APIs agree; opened from outside it meets its screens' entry tiers
// (internal: refused; confirm: held until confirmed); opened in the app it shows it. Nothing
// may trap otherwise.

let linksGraph = FuzzSupport.graph("Routes/app.routes")
let linksNavigator = FuzzSupport.grantedNavigator(linksGraph)

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    FuzzSupport.initialize(argv) { _ = linksNavigator }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzSupport.checkLink(UnsafeBufferPointer(start: data, count: size), graph: linksGraph, navigator: linksNavigator)
    return 0
}
