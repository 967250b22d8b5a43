import Foundation
import Wayfinder

// The differential harness (see run.sh): `harness ROUTES_FILE < links` prints, for each link,
// everything `RouteGraph.resolve(_:)` tells about it, so that two builds of the engine can be
// compared line by line: the JSON, screen names, count, guard, stack, canonical URL, every
// value slot and whether the URL resolves back to the same link; then the URL a signed-in
// `Navigator` shows after opening it; or the error's code, segment, part and message.
let routes = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
let graph = try RouteGraph(parsing: routes, file: "t.routes")
let data = FileHandle.standardInput.readDataToEndOfFile()
var out = ""
for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
    let link = String(line)
    do {
        let r = try graph.resolve(link)
        out += "OK \(r.jsonValue.serialized) \(r.screenNames) \(r.count) \(r.guardName ?? "-") \(r.stack.count) \(r.url)\n"
        var values: [String] = []
        for step in 0..<r.count {
            let screen = graph.screen(named: r.screenName(at: step))!
            for slot in 0..<(screen.pathParameterCount + screen.query.count) {
                values.append(r.value(step: step, slot: slot).map { "\($0.type):\($0)" } ?? "nil")
            }
        }
        out += "  values \(values) \(r == (try! graph.resolve(r.url)))\n"
        var navigator = Navigator(graph: graph)
        for g in graph.guards { try? navigator.grant(g.name) }
        if (try? navigator.open(link)) != nil { out += "  nav \(navigator.url)\n" }
    } catch {
        out += "ERR \(error.code) \(error.segment.map(String.init) ?? "-") \(error.part ?? "-") :: \(error.message)\n"
    }
}
FileHandle.standardOutput.write(out.data(using: .utf8)!)
