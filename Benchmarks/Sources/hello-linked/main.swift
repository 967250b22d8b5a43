// "hello" with the libraries `wayfinder` links (the kit with the engine and the terminal,
// GRDB and Foundation, libedit, SQLite), built the same way: what starting costs before any
// of `wayfinder`'s own work.
import GRDB
import WayfinderKit

// Never true in the benchmark; it keeps the libraries' code in the binary.
if CommandLine.arguments.count > 100 {
    print(ReplOptions.self, RouteGraph.self, (try? DatabaseQueue()) as Any)
}
print("hello")
