// libFuzzer target `explain`: explaining links (`RouteGraph.explain`) on the sample app's
// table (`Routes/app.routes`, with an alias and an earlier version's shape) and on the stress
// table (`Fuzz/stress.routes`, overlapping patterns). Input: the link's bytes, explained on
// both tables. The explanation's verdict must be resolveFromOutside's (resolution, and the
// refusal of a link through an internal screen), through the byte and the
// String APIs alike; a refusal's stop must be at the error's segment; its JSON must parse back as itself and its text must print.

@testable import Wayfinder
@testable import WayfinderSystem
import WayfinderRouteTools

let explainGraphs = [FuzzSupport.graph("Routes/app.routes"), FuzzSupport.graph("Fuzz/stress.routes")]

/// The target `explain`: loads its tables before the first input, then checks each input.
enum ExplainTarget: FuzzTarget {
    static let name = "explain"

    static func load() { _ = explainGraphs }

    static func test(_ input: UnsafeBufferPointer<UInt8>) {
        let bytes = Array(input)
        for graph in explainGraphs { checkExplanation(bytes, graph: graph) }
    }
}

/// The checks of this target on one link and one table.
func checkExplanation(_ bytes: [UInt8], graph: RouteGraph) {
    let explanation = graph.explain(utf8: bytes)
    let resolution = Result { () throws(DeepLinkError) in try graph.resolveFromOutside(utf8: bytes) }
    checkVerdict(explanation.verdict, resolution, bytes, api: "explain(utf8:)")
    if let text = String(validating: bytes, as: UTF8.self) {
        checkVerdict(graph.explain(text).verdict, Result { () throws(DeepLinkError) in try graph.resolveFromOutside(text) }, bytes, api: "explain(_:)")
    }
    switch explanation.verdict {
    case .success:
        if explanation.stop != nil { FuzzSupport.fail("a link that resolves was explained with a stop\n  link: \(FuzzSupport.display(bytes))") }
    case .failure(let error):
        if explanation.stop?.segment != error.segment {
            FuzzSupport.fail("a refusal's stop is not at the error's segment\n  link: \(FuzzSupport.display(bytes))\n  error: \(error)\n\(explanation)")
        }
    }
    let json = explanation.jsonValue
    if (try? JSONValue(parsing: Array(json.serialized.utf8))) != json {  // Not JSON: said here.
        FuzzSupport.fail("the explanation's JSON does not read back as itself\n  link: \(FuzzSupport.display(bytes))\n  json: \(json.serialized)")
    }
    _ = explanation.description
}

/// Fails unless `explained` is `resolved`: the same place and canonical link, or the same
/// error with the same code and message.
func checkVerdict(_ explained: Result<ResolvedLink, DeepLinkError>, _ resolved: Result<ResolvedLink, DeepLinkError>, _ bytes: [UInt8], api: String) {
    switch (explained, resolved) {
    case (.success(let a), .success(let b)) where a == b && a.url == b.url && a.origin == b.origin:
        return
    case (.failure(let a), .failure(let b)) where a == b && a.code == b.code && a.message == b.message:
        return
    default:
        FuzzSupport.fail("\(api) and resolution disagree\n  link: \(FuzzSupport.display(bytes))\n  explained: \(explained)\n  resolved: \(resolved)")
    }
}
