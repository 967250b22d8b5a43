import Wayfinder
import WayfinderKit
import WayfinderTerminal

// The app of `WayfinderKit.docc/GettingStarted.md`, as the article shows it: its table is
// `todo.routes` beside this file, which the RoutesCompiler plugin builds into
// `TodoRoutes.graph` and `TasksRoute`. `KitGettingStartedTests` runs it.

/// The tasks, in memory: what the screens show and the commands change.
@MainActor
final class TaskList {
    var titles = ["Water the plants", "Call Ana"]
}

/// The list: `task <number>` opens one.
final class TasksModel: ScreenModel {
    static let commands: [ScreenCommand<TasksModel>] = [
        ScreenCommand("task", "<number>", "open a task", arguments: 1...1,
            choices: { model, _ in ArgumentChoices("task number", model.numbers) }) { model, input in
            guard let number = Int(input.arguments[0]) else { return .failed("not a number") }
            return navigate { try model.router.push(.task(number: number)) }
        },
    ]
    let list: TaskList
    let router: any Routable<TasksRoute>
    var numbers: [String] { list.titles.indices.map { "\($0 + 1)" } }

    init(list: TaskList, router: any Routable<TasksRoute>) {
        self.list = list
        self.router = router
    }
}

struct TasksView: TextView {
    let model: TasksModel
    func render() -> StyledText {
        var text = StyledText.line("To do", .title)
        for (number, title) in zip(model.numbers, model.list.titles) { text.append("\(number). \(title)") }
        return text
    }
}

/// One task.
final class TaskModel: ScreenModel {
    static let commands: [ScreenCommand<TaskModel>] = []
    let number: Int
    let title: String

    init(number: Int, title: String) {
        self.number = number
        self.title = title
    }
}

struct TaskView: TextView {
    let model: TaskModel
    func render() -> StyledText { .line("Task \(model.number): \(model.title)", .title) }
}

@MainActor
final class Todo: ShellApp {
    static let commands: [Command<Todo>] = [
        Command("add", "<words>", "add a task", arguments: 1...Int.max) { app, input in
            app.list.titles.append(input.freeText)
            return .done("Added task \(app.list.titles.count).")
        },
    ]

    let navigationStore = NavigationStore(navigator: Navigator(graph: TodoRoutes.graph))
    let screens = Screens()
    let list = TaskList()
    private lazy var router = FlowCoordinator<TasksRoute>(store: navigationStore)

    func makeScreen(for route: Route, at place: ScreenPlace) -> Screen? {
        switch TasksRoute(route: route) {
        case .tasks?:
            return Screen(TasksModel(list: list, router: router), TasksView.init)
        case .task(let number)?:
            guard list.titles.indices.contains(number - 1) else { return nil }
            return Screen(TaskModel(number: number, title: list.titles[number - 1]), TaskView.init)
        case nil:
            return nil
        }
    }
}

/// The article's `main.swift`, compiled here but never called: `main()` ends the process.
@MainActor
func todoMain() async {
    await Launcher(Program(name: "todo"), routes: TodoRoutes.graph) { _ in
        Todo()
    }.main()
}
