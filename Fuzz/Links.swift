// libFuzzer target `links`: deep-link resolution on the sample app's table
// (`Routes/app.routes`, read at start-up from the repository root or $WAYFINDER_FUZZ_ROOT).
// Input: the link's bytes. Every accepted link must round-trip (see FuzzSupport.checkLink):
// its canonical form resolves to the same flow, tab, stack and presentation and prints the
// same; the String and byte APIs agree; opened from outside it meets its screens' entry tiers
// (internal: refused; confirm: held until confirmed); opened in the app it shows it. Nothing
// may trap otherwise.

@testable import Wayfinder

let linksGraph = FuzzSupport.graph("Routes/app.routes")
let linksNavigator = FuzzSupport.grantedNavigator(linksGraph)

/// The target `links`: loads its table before the first input, then checks each input.
enum LinksTarget: FuzzTarget {
    static let name = "links"

    static func load() { _ = linksNavigator }

    static func test(_ input: UnsafeBufferPointer<UInt8>) {
        FuzzSupport.checkLink(input, graph: linksGraph, navigator: linksNavigator)
    }
}
