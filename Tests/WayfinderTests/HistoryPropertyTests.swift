import Testing
import Wayfinder

/// Undo and redo checked against a reference model that keeps whole states: whatever
/// the navigator records, undo must give back exactly the state before each change, and
/// redo exactly the state after it, with at most `historyLimit` steps kept.
@Suite struct HistoryPropertyTests {
    let graph = Fixtures.graph

    /// The reference: every state to go back to, and every state undone.
    struct Model {
        var undo: [NavigationState] = []
        var redo: [NavigationState] = []
        let limit: Int

        mutating func changed(from before: NavigationState) {
            undo.append(before)
            if undo.count > limit { undo.removeFirst(undo.count - limit) }
            redo.removeAll()
        }
    }

    private func randomRoute(for screen: RouteGraph.Screen, using rng: inout SeededGenerator) -> Route {
        var parameters: [String: ParameterValue] = [:]
        for (name, type) in screen.pathParameters {
            parameters[name] = type == .int ? .int(Int.random(in: 0...99, using: &rng)) : .string("x")
        }
        return Route(screen.name, parameters)
    }

    /// One random intent (undo and redo included), checked against `model`.
    private func step(_ navigator: inout Navigator, _ model: inout Model, seed: UInt64, using rng: inout SeededGenerator) {
        let before = navigator.state
        let top = before.activeStack?.top.screen ?? ""
        let choice = Int.random(in: 0..<100, using: &rng)
        do {
            switch choice {
            case 0..<30:
                guard let screen = graph.successors(of: top).filter({ $0.kind == .push }).randomElement(using: &rng) else { return }
                try navigator.push(randomRoute(for: screen, using: &rng))
            case 30..<42: try navigator.pop()
            case 42..<50:
                guard let screen = graph.successors(of: top).filter({ $0.kind != .push }).randomElement(using: &rng) else { return }
                try navigator.present(randomRoute(for: screen, using: &rng))
            case 50..<56: try navigator.dismiss()
            case 56..<62: try navigator.selectTab(["feed", "search", "me"].randomElement(using: &rng) ?? "feed")
            case 62..<66: try navigator.activate(flow: ["main", "settings"].randomElement(using: &rng) ?? "main")
            case 66..<69: try navigator.popToRoot()
            case 69..<72: try navigator.pop(to: Route("post", ["id": .int(Int.random(in: 0...99, using: &rng))]))
            case 72..<75: try navigator.open("demo://main/me/post/\(Int.random(in: 0...9, using: &rng))/comments")
            case 75..<88:
                try navigator.undo()
                let expected = model.undo.popLast()
                #expect(navigator.state == expected, "seed \(seed): undo did not give back the state before the change")
                model.redo.append(before)
                return
            default:
                try navigator.redo()
                let expected = model.redo.popLast()
                #expect(navigator.state == expected, "seed \(seed): redo did not give back the state after the change")
                model.undo.append(before)
                if model.undo.count > model.limit { model.undo.removeFirst() }
                return
            }
            if navigator.state != before { model.changed(from: before) }
        } catch {
            #expect(navigator.state == before, "seed \(seed): refused \(error.code) changed the state")
            if error.code == .nothingToUndo { #expect(model.undo.isEmpty, "seed \(seed): the model can still undo") }
            if error.code == .nothingToRedo { #expect(model.redo.isEmpty, "seed \(seed): the model can still redo") }
        }
        #expect(navigator.undoCount == model.undo.count, "seed \(seed): undo count")
        #expect(navigator.redoCount == model.redo.count, "seed \(seed): redo count")
    }

    @Test(arguments: [1, 3, 100])
    func undoAndRedoMatchWholeStateSnapshots(limit: Int) {
        for index in 0..<100 {
            let seed = UInt64(limit * 10_000 + index)
            var rng = SeededGenerator(seed: seed)
            var navigator = Fixtures.navigator(signedIn: true)
            navigator.historyLimit = limit
            var model = Model(limit: limit)
            let start = navigator.state
            _ = try? navigator.activate(flow: "main")
            model.changed(from: start)
            for _ in 0..<80 { step(&navigator, &model, seed: seed, using: &rng) }
        }
    }

    @Test func loweringTheLimitKeepsTheNewestSteps() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.activate(flow: "main")
        for id in 0..<6 {
            try navigator.push(Route("post", ["id": .int(id)]))
            try navigator.pop()
        }
        try navigator.push(Route("post", ["id": .int(5)]))
        navigator.historyLimit = 2
        try navigator.push(Route("comments"))
        #expect(navigator.undoCount == 2)
        try navigator.undo()
        #expect(navigator.url == "demo://main/feed/post/5")
        try navigator.undo()
        #expect(navigator.url == "demo://main/feed")
        #expect(!navigator.canUndo)
    }
}
