import BenchTable
import Foundation
import Wayfinder

// Checks the generated tables and inputs: the three routers (Wayfinder, routing-kit,
// Hummingbird) must read every link Wayfinder accepts the same way, and each checksum path
// (what the benchmarks time) must accept what its typed path does. Prints one JSON line per
// table size (used by RESULTS.md), and with `--write DIR` also writes each table's `.routes`
// file and inputs there.
// `--profile wayfinder|routing-kit|hummingbird|accepted|rejected|print|print-state SIZE ROUNDS` resolves the inputs
// ROUNDS times instead, for valgrind --tool=callgrind or perf; `--profile navigate DEPTH ROUNDS`
// pushes and pops; `--profile parse FILE ROUNDS` parses a `.routes` file and prints the times.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--profile" {
    let rest = Array(arguments.dropFirst())
    let side = rest[0]
    let table = RouteTable(routes: Int(rest[1]) ?? 10)
    let rounds = Int(rest[2])!
    let inputs = table.inputs()
    var sum = 0
    if side == "navigate" {
        // `--profile navigate DEPTH ROUNDS`: push and pop at a stack depth, through Navigator.
        var navigator = Navigator(graph: try RouteTable(routes: 1_000).graph())
        try navigator.open("\(RouteTable.scheme)://main/topic0")
        for index in 0..<Int(rest[1])! {
            try navigator.push(index % 2 == 0 ? Route("topic0Post", ["id": .int(index)]) : Route("topic0User", ["uid": .int(index)]))
        }
        let route = Int(rest[1])! % 2 == 0 ? Route("topic0Post", ["id": .int(7)]) : Route("topic0User", ["uid": .int(7)])
        for _ in 0..<rounds {
            try navigator.push(route)
            try navigator.pop()
        }
        print(navigator.state.activeStack!.path.count)
        exit(0)
    }
    if side == "parse" {
        // `--profile parse FILE ROUNDS`: parses a .routes file ROUNDS times.
        let text = try String(contentsOfFile: rest[1], encoding: .utf8)
        let start = ContinuousClock.now
        var first: Duration?
        for round in 0..<rounds {
            sum &+= try RouteGraph(parsing: text, file: rest[1]).screens.count
            if round == 0 { first = ContinuousClock.now - start }
        }
        print("first \(first.map { "\($0)" } ?? "-"), then \((ContinuousClock.now - start) / max(1, rounds))")
        print(sum)
        exit(0)
    }
    if side == "routing-kit" {
        let routingKit = RoutingKitSide(table: table)
        inputs.withUnsafeBufferPointer { links in
            for _ in 0..<rounds { for index in links.indices { sum &+= routingKit.resolve(links[index]) ?? 0 } }
        }
    } else if side == "hummingbird" {
        let hummingbird = HummingbirdSide(table: table)
        inputs.withUnsafeBufferPointer { links in
            for _ in 0..<rounds { for index in links.indices { sum &+= hummingbird.resolve(links[index]) ?? 0 } }
        }
    } else {
        let wayfinder = try WayfinderSide(table: table)
        let selected = switch side {
        case "accepted": inputs.filter { wayfinder.resolve($0) != nil }
        case "rejected": inputs.filter { wayfinder.resolve($0) == nil }
        default: inputs
        }
        if side == "print-state" {
            // What `Navigator.url` does: the state each accepted link opens, back to its URL.
            let states: [NavigationState] = selected.compactMap { link in
                var navigator = Navigator(graph: wayfinder.graph)
                return (try? navigator.open(link)) == nil ? nil : navigator.state
            }
            for _ in 0..<rounds { for state in states { sum &+= wayfinder.graph.link(for: state).utf8.count } }
        } else if side == "print" {
            let states = selected.compactMap { try? wayfinder.graph.resolve($0) }.map { ($0.flow, $0.tab, $0.stack, $0.presentation?.route) }
            for _ in 0..<rounds { for (flow, tab, stack, presentation) in states { sum &+= wayfinder.graph.link(flow: flow, tab: tab, stack: stack, presentation: presentation).utf8.count } }
        } else {
            selected.withUnsafeBufferPointer { links in
                for _ in 0..<rounds { for index in links.indices { sum &+= wayfinder.resolve(links[index]) ?? 0 } }
            }
        }
    }
    print(sum)
    exit(0)
}
let writeDirectory = arguments.first == "--write" ? arguments.dropFirst().first : nil
var failed = false
for size in [10, 100, 1_000, 10_000] {
    let table = RouteTable(routes: size)
    let wayfinder = try WayfinderSide(table: table)
    let routingKit = RoutingKitSide(table: table)
    let hummingbird = HummingbirdSide(table: table)
    let inputs = table.inputs()
    var wayfinderAccepted = 0
    var routingKitAccepted = 0
    var hummingbirdAccepted = 0
    var disagreements: [String] = []
    for link in inputs {
        let ours = wayfinder.typedLink(link)
        let theirs = routingKit.typedLink(link)
        let hummingbirds = hummingbird.typedLink(link)
        if ours != nil { wayfinderAccepted += 1 }
        if theirs != nil { routingKitAccepted += 1 }
        if hummingbirds != nil { hummingbirdAccepted += 1 }
        if let ours, ours != theirs { disagreements.append("\(link): wayfinder \(ours), routing-kit \(theirs.map(String.init(describing:)) ?? "nil")") }
        if let ours, ours != hummingbirds { disagreements.append("\(link): wayfinder \(ours), hummingbird \(hummingbirds.map(String.init(describing:)) ?? "nil")") }
        if (ours == nil) != (wayfinder.resolve(link) == nil) || (theirs == nil) != (routingKit.resolve(link) == nil) {
            disagreements.append("\(link): the checksum path disagrees with the typed path")
        }
        // Hummingbird's checksum is of the whole typed state, so it is checked value for value.
        let expected = hummingbirds.map { typed in
            typed.ints.reduce(typed.shape.rawValue, &+) &+ typed.texts.reduce(0) { $0 &+ $1.utf8.count }
        }
        if hummingbird.resolve(link) != expected {
            disagreements.append("\(link): Hummingbird's checksum path disagrees with its typed path")
        }
    }
    let escaped = inputs.count { $0.contains("%") }
    print("{\"routes\":\(size),\"screens\":\(wayfinder.graph.screens.count),\"inputs\":\(inputs.count),\"withEscapes\":\(escaped),\"wayfinderAccepted\":\(wayfinderAccepted),\"routingKitAccepted\":\(routingKitAccepted),\"hummingbirdAccepted\":\(hummingbirdAccepted),\"disagreements\":\(disagreements.count)}")
    for line in disagreements.prefix(10) { print("  " + line) }
    if !disagreements.isEmpty { failed = true }
    if let writeDirectory {
        try table.routesText.write(toFile: "\(writeDirectory)/bench-\(size).routes", atomically: true, encoding: .utf8)
        try (inputs.joined(separator: "\n") + "\n").write(toFile: "\(writeDirectory)/inputs-\(size).txt", atomically: true, encoding: .utf8)
    }
}
if failed {
    print("error: the routers disagree on links Wayfinder accepts")
    exit(1)
}
