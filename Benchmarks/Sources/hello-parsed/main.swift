// `hello-linked`, its one argument parsed by ArgumentParser as every `wayfinder` command
// line is: the least a `wayfinder` command can start in.
import ArgumentParser
import GRDB
import WayfinderKit

struct Hello: ParsableCommand {
    @Argument var link: String

    func run() {
        // Never true in the benchmark; it keeps the libraries' code in the binary.
        if link.count > 10_000 { print(ReplOptions.self, RouteGraph.self, (try? DatabaseQueue()) as Any) }
        print("hello")
    }
}

Hello.main()
