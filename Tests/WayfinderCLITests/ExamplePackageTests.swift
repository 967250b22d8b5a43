import Foundation
import Testing

/// Another package using Wayfinder's public products and its `RoutesCompiler` plugin on its
/// own table (`Examples/Bookshelf`, whose own tests `make test` runs): it builds, its program
/// runs on the kit's launcher as `bookshelf`, and a mistake in a table fails the build at its
/// line and column.
@Suite(.serialized) struct ExamplePackageTests {
    static let example = CLI.repositoryRoot.appendingPathComponent("Examples/Bookshelf")
    static let compiler = CLI.binary.deletingLastPathComponent().appendingPathComponent("routes-compiler")

    /// Runs `executable` with `arguments` (and `environment` added to this process's); its
    /// status and what it wrote (stdout and stderr).
    private func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theExampleAppBuildsAndResumesWhereItWasLeft() throws {
        let scratch = CLI.repositoryRoot.appendingPathComponent(".build/examples/bookshelf").path
        // SwiftPM keeps the build plan of a path dependency whose files were added or removed
        // since the last build: plan afresh (the objects are kept).
        try? FileManager.default.removeItem(atPath: scratch + "/debug.yaml")
        let build = try run("/usr/bin/env", ["swift", "build", "--package-path", Self.example.path, "--scratch-path", scratch])
        #expect(build.status == 0, "\(build.output)")
        let bookshelf = scratch + "/debug/bookshelf"
        let home = try CLI.temporaryDirectory()
        let environment = ["BOOKSHELF_HOME": home, "XDG_STATE_HOME": home]
        // A web link into the guarded library waits for a member; signing in opens it.
        let first = try run(bookshelf, ["https://bookshelf.example/library/search/book/dune?text=dune", "-c", "where", "-c", "signin ana", "-c", "rate"], environment: environment)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.hasPrefix("bookshelf://account\nWelcome, ana.\n"), "\(first.output)")
        // The next start resumes the member and the navigation, sheet and tab included.
        let second = try run(bookshelf, ["-c", "where", "-c", "stars 4", "-c", "where"], environment: environment)
        #expect(second.status == 0, "\(second.output)")
        #expect(second.output.hasPrefix("bookshelf://library/search/book/dune/rate?text=dune\n"), "\(second.output)")
        #expect(second.output.hasSuffix("\nbookshelf://library/search/book/dune?text=dune\n"), "\(second.output)")
        // The program's name starts its messages; a link the table refuses opens nothing (65).
        let refused = try run(bookshelf, ["bookshelf://library/nope"], environment: environment)
        #expect(refused == (65, "bookshelf: error: segment 1 'nope' is not a tab of flow 'library'\n"))
        let third = try run(bookshelf, ["-c", "where"], environment: environment)
        #expect(third == (0, "bookshelf://library/search/book/dune?text=dune\n"))
        // A command line it does not take is told the same way, with its usage (64).
        let unknown = try run(bookshelf, ["--bogus"], environment: environment)
        #expect(unknown.status == 64)
        #expect(unknown.output.hasPrefix("bookshelf: error: Unknown option '--bogus'\nUsage: bookshelf "), "\(unknown.output)")
    }

    /// A table with mistakes: every one reported as `file:line:column: error: …`, as the
    /// build shows it, and nothing written.
    @Test func aMistakeInATableFailsTheBuildAtItsLineAndColumn() throws {
        let path = try CLI.temporaryFile("scheme shop\nflow store\nscreen home store root\nscreen item store push item/{id:number} after home\nscreen cart store push cart after hme\n", name: "shop.routes")
        let output = path + ".swift"
        let result = try run(Self.compiler.path, [path, output, "shop.routes", "ShopRoutes"])
        #expect(result.status == 65)
        #expect(result.output.split(separator: "\n").map(String.init) == [
            "\(path):4:29: error: unknown parameter type 'number'; expected int, string, uuid, bool, double, date, rest, or two or more words separated by '|' (new|top|hot)",
            "\(path):5:35: error: unknown predecessor 'hme' of screen 'cart'; did you mean 'home'?",
        ])
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Names that become the same Swift name are refused where the second is declared.
    @Test func namesThatCollideInSwiftFailTheBuild() throws {
        let path = try CLI.temporaryFile("scheme shop\nflow store\nscreen home store root\nscreen my-item store push a after home\nscreen myItem store push b after home\n", name: "shop.routes")
        let result = try run(Self.compiler.path, [path, path + ".swift", "shop.routes", "ShopRoutes"])
        #expect(result.status == 65)
        #expect(result.output == "\(path):5:8: error: screen 'myItem' and screen 'my-item' are both 'myItem' in Swift\n")
    }

    /// A set of words is an enum named after its parameter: two sets of one name, or two
    /// words of one Swift name, are refused.
    @Test func setsOfWordsThatCollideInSwiftFailTheBuild() throws {
        let path = try CLI.temporaryFile("scheme shop\nflow store\nscreen home store root\nscreen a store push a/{sort:new|top} after home\nscreen b store push b/{sort:old|hot} after home\nscreen c store push c/{kind:x-y|xY} after home\n", name: "shop.routes")
        let result = try run(Self.compiler.path, [path, path + ".swift", "shop.routes", "ShopRoutes"])
        #expect(result.status == 65)
        #expect(result.output == """
            \(path):5:8: error: sets of words of screens 'a' and 'b' are both the Swift enum 'Sort' but their words differ; give one parameter another name
            \(path):6:8: error: words 'x-y' and 'xY' of screen 'c' are both 'xY' in Swift

            """)
    }

    @Test func aGoodTableBecomesTheGraphAndOneEnumPerFlow() throws {
        let path = try CLI.temporaryFile("scheme shop\nflow store tabs browse cart\nscreen browse store.browse root query q:string? page:int=1\nscreen cart store.cart root\nscreen item store push item/{id:int} after browse cart\nscreen list store push list/{sort:new|default|7d}/{on:bool}/{path:rest} after browse query min:double?\nflow help\nscreen faq help root\n", name: "shop.routes")
        let output = path + ".swift"
        let result = try run(Self.compiler.path, [path, output, "shop.routes", "ShopRoutes"])
        #expect(result.status == 0, "\(result.output)")
        let source = try String(contentsOfFile: output, encoding: .utf8)
        #expect(source.contains("public enum ShopRoutes {"))
        // The graph's unchecked initializer is the generated code's, not public API.
        #expect(source.contains("@_spi(Generated) import Wayfinder\n"))
        #expect(source.contains("public enum StoreRoute: FlowRoute {"))
        #expect(source.contains("    case browse(q: String?, page: Int)"))
        #expect(source.contains(#"route["page"]?.intValue ?? ParameterValue(parsing: "1", as: .int)?.intValue"#))
        #expect(source.contains("    case item(id: Int)"))
        #expect(source.contains("    case list(sort: Sort, on: Bool, path: [String], min: Double?)"))
        #expect(source.contains("    public enum Sort: String, CaseIterable, Hashable, Codable, Sendable {"))
        #expect(source.contains("        case new\n        case `default`\n        case _7d = \"7d\"\n"))
        #expect(source.contains("public enum HelpRoute: FlowRoute {"))
    }
}
