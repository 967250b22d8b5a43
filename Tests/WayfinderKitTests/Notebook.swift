import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// A small app on the kit, private to these tests: a `notes` flow behind a guard (`unlocked`)
/// with tabs `all` and `starred`, a note pushed over a list, an `info` sheet; a `door` flow
/// to unlock it. Written as any app on the kit would be: public API only.
@MainActor
final class Notebook: ShellApp {
    static let routes = """
        scheme notes
        guard unlocked else door
        flow door
        flow notes guard unlocked tabs all starred
        screen lock     door         root
        screen all      notes.all    root
        screen starred  notes.starred root
        screen note     notes        push   note/{id:int}  after all starred
        screen info     notes        sheet  info           after note

        """

    static let commands: [Command<Notebook>] = [
        Command("unlock", "", "open the notebook", when: { app in app.navigationStore.state.activeFlow == "door" }) { app, _ in
            // The shell opens a link that waited, once its data is checked.
            navigate { _ = try app.navigationStore.perform { try $0.grant("unlocked", showing: "notes", openingPending: false) } }
        },
    ]

    static let globalCommands: [Command<Notebook>] = [
        Command("lock", "", "close the notebook") { app, _ in
            navigate { try app.navigationStore.perform { try $0.revoke("unlocked") } }
        },
    ]

    let navigationStore: NavigationStore
    let screens = Screens()
    /// How many view models were made, by route.
    private(set) var made: [String: Int] = [:]

    init(graph: RouteGraph) {
        navigationStore = NavigationStore(navigator: Navigator(graph: graph))
    }

    /// Notes 1 to 100 exist: a place naming another is cut, and said.
    func withoutMissingData(_ state: NavigationState) async throws -> (state: NavigationState, dropped: [String]) {
        var result = state
        var dropped: [String] = []
        for (flow, flowState) in state.flows {
            for (key, stack) in flowState.stacks {
                guard let index = stack.path.firstIndex(where: { element in
                    if case .int(let id)? = element.route.parameters["id"] { return id > 100 }
                    return false
                }) else { continue }
                if case .int(let id)? = stack.path[index].route.parameters["id"] { dropped.append("note \(id) does not exist") }
                result.flows[flow]?.stacks[key]?.path.removeSubrange(index...)
                result.flows[flow]?.stacks[key]?.presentation = nil
            }
        }
        return (result, dropped)
    }

    func makeScreen(for route: Route, at place: ScreenPlace) -> Screen? {
        made[route.description, default: 0] += 1
        switch route.screen {
        case "note":
            guard case .int(let id)? = route.parameters["id"] else { return nil }
            return Screen(NoteModel(id: id, store: navigationStore), NoteView.init)
        case "lock", "all", "starred", "info":
            return Screen(ListModel(name: route.screen, store: navigationStore), ListView.init)
        default:
            return nil
        }
    }
}

/// A list of notes: `note ID` opens one.
@MainActor
final class ListModel: ScreenModel {
    static let commands: [ScreenCommand<ListModel>] = [
        ScreenCommand("note", "<id>", "open a note", arguments: 1...1) { model, input in
            guard let id = Int(input.arguments[0]) else { return .failed("'\(input.arguments[0])' is not a note id") }
            return navigate { try model.store.perform { try $0.push(Route("note", ["id": .int(id)])) } }
        },
    ]
    let name: String
    let store: NavigationStore
    init(name: String, store: NavigationStore) {
        self.name = name
        self.store = store
    }
}

struct ListView: TextView {
    let model: ListModel
    func render() -> StyledText { .line("The \(model.name) list.") }
}

/// One note; what is typed into it stays while the note is in its stack.
@MainActor
final class NoteModel: ScreenModel {
    static let commands: [ScreenCommand<NoteModel>] = [
        ScreenCommand("write", "<text>", "write into the note", arguments: 1...Int.max) { model, input in
            model.text = input.freeText
            return .done(nil)
        },
        ScreenCommand("info", "", "show the note's details") { model, _ in
            navigate { try model.store.perform { try $0.present(Route("info")) } }
        },
    ]
    let id: Int
    let store: NavigationStore
    var text = ""
    init(id: Int, store: NavigationStore) {
        self.id = id
        self.store = store
    }
}

struct NoteView: TextView {
    let model: NoteModel
    func render() -> StyledText { .line("Note \(model.id): \(model.text.isEmpty ? "(empty)" : model.text)") }
}
