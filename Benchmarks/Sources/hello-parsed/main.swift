// `hello-linked`, its one argument parsed by ArgumentParser as every `wayfinder` command
// line is: the least a `wayfinder` command can start in.
import ArgumentParser
import WayfinderApp

struct Hello: ParsableCommand {
    @Argument var link: String

    func run() {
        // Never true in the benchmark; it keeps the app's code (and what it links) in the binary.
        if link.count > 10_000 { print(AppRoutes.graph) }
        print("hello")
    }
}

Hello.main()
