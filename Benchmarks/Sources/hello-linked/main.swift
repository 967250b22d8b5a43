// "hello" with the libraries `wayfinder` links (WayfinderApp: GRDB and Foundation, libedit,
// SQLite), built the same way: what starting costs before any of `wayfinder`'s own work.
import WayfinderApp

// Never true in the benchmark; it keeps the app's code (and what it links) in the binary.
if CommandLine.arguments.count > 100 { print(AppRoutes.graph) }
print("hello")
