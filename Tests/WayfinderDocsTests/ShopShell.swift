import Foundation
import Wayfinder
import WayfinderTerminal

// The shell and the console of `WayfinderTerminal.docc/WayfinderTerminal.md`, which
// `WayfinderTesting.docc/TestingNavigation.md` drives in tests.

@MainActor
final class ShopShell: ReplShell, NavigationStoreProviding {
    let navigationStore: NavigationStore

    init(opening links: [String]) throws(NavigationError) {
        var navigator = Navigator(graph: ShopRoutes.graph)
        for link in links { try navigator.open(link) }
        navigationStore = NavigationStore(navigator: navigator)
    }

    var prompt: String { "\(navigationStore.url)> " }
    var secretPrompt: String? { nil }

    func banner() -> StyledText { .line("Shop — type login, item ID, back or quit", .title) }

    func screen() async -> StyledText {
        var text = StyledText.line(navigationStore.url, .link)
        let routes = navigationStore.state.activeStack?.routes ?? []
        text.append(routes.map(\.description).joined(separator: " > "))
        return text
    }

    func execute(_ line: String) async -> ReplReply {
        let words = line.split(separator: " ").map(String.init)
        do {
            switch (words.first, words.count) {
            case ("login", 1):
                try navigationStore.perform { navigator throws(NavigationError) in
                    try navigator.grant("signed-in", showing: "store")
                }
            case ("item", 2):
                guard let id = Int(words[1]) else { return .usageFailed("usage: item ID") }
                try navigationStore.perform(.push(StoreRoute.item(id: id).route))
            case ("back", 1):
                try navigationStore.perform(.pop)
            case ("quit", 1):
                return ReplReply(quits: true)
            default:
                return .failed("unknown command '\(line)'")
            }
        } catch {
            return .failed(error.message)
        }
        return .done(nil)
    }

    func cancelInput() {}

    func completions(for text: String) -> [String] {
        ["login", "item", "back", "quit"].filter { $0.hasPrefix(text) }
    }
}

final class Console: TextOutput {
    func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    func writeError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

@MainActor
func runShop(links: [String]) async throws -> Int32 {
    let shell = try ShopShell(opening: links)
    let reader: any LineReader = EditLineReader(programName: "shop") ?? PlainLineReader()
    let isTTY = Terminal.isTTY(1)
    let width: (@Sendable () -> Int)? = isTTY ? { @Sendable in Terminal.width } : nil
    let colour = Terminal.prefersColor(environment: ProcessInfo.processInfo.environment, isTTY: isTTY)
    let renderer = TextRenderer(usesColor: colour, width: width)
    let repl = Repl(shell: shell, reader: reader, recordHistory: nil, renderer: renderer, output: Console())
    return await repl.run()
}
