import Foundation
import Testing
import Wayfinder

// MARK: - Random intents

/// Draws intents that mostly make sense in the model's current state, and some that do not.
struct IntentSource {
    let table: ModelTable
    var rng: SeededGenerator
    /// Whether the last intent drawn was an undo (a redo often follows).
    var undid = false

    /// Text that needs escaping, looks like an int or a uuid, is not ASCII or not in NFC; all
    /// short, so that the byte limits never come into play.
    static let texts = [
        "a", "xy", "a b", "x/y", "é", "e\u{301}", "50%", "a+b", "q=1&r", "~._-", "Z9", "42", "007", "中", "😀", "it's", "-",
        "0b7c3e1a-9d2f-4c5e-8a6b-1f2e3d4c5b6a",
    ]
    /// Ints at the edges: JSON and links must keep them exactly.
    static let edgeInts = [Int.max, Int.min, 1 << 53 + 1, -(1 << 53) - 1, 0]

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    mutating func value(_ type: ParameterType) -> ParameterValue {
        switch type {
        case .int: .int(chance(5) ? Self.edgeInts.randomElement(using: &rng) ?? 0 : Int.random(in: -20...999, using: &rng))
        case .string: .string(Self.texts.randomElement(using: &rng) ?? "a")
        case .uuid: .uuid(UUIDValue(high: rng.next(), low: rng.next()))
        case .bool: .bool(chance(50))
        case .date: .date(Self.dates.randomElement(using: &rng) ?? CalendarDate(year: 2024, month: 2, day: 29)!)
        case .double: .double(chance(50) ? Self.doubles.randomElement(using: &rng) ?? 0 : Double.random(in: -1e6...1e6, using: &rng))
        case .oneOf(let words): .string(words.randomElement(using: &rng) ?? "")
        case .rest: .segments((0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.texts.randomElement(using: &rng) ?? "a" })
        }
    }

    /// Doubles whose shortest form is awkward: fractions that binary cannot hold, tiny and
    /// huge magnitudes (printed without exponent), negative values.
    /// Dates at the edges of years, months and leap days.
    static let dates = ["0001-01-01", "9999-12-31", "2024-02-29", "2000-02-29", "2023-03-01", "1900-02-28"].compactMap(CalendarDate.init)

    static let doubles: [Double] = [0, 7, -2.5, 0.1, 0.1 + 0.2, 1e-7, 1.5e20, 123_456.789, -1e-5, 9_007_199_254_740_992]

    mutating func route(_ screen: ModelTable.Screen) -> Route {
        var parameters: [String: ParameterValue] = [:]
        for (name, type) in screen.pathParameters { parameters[name] = value(type) }
        for query in screen.query where !query.optional || chance(50) { parameters[query.name] = value(query.type) }
        return Route(screen.name, parameters)
    }

    /// A route of any screen, often spoiled: a parameter missing, extra, mistyped, empty or
    /// holding a control character, or an unknown screen.
    mutating func strayRoute() -> Route {
        guard let screen = table.screens.randomElement(using: &rng) else { return Route("nowhere") }
        var result = route(screen)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: if let key = result.parameters.keys.sorted().randomElement(using: &rng) { result.parameters[key] = nil }
        case 1: result.parameters["zz"] = .int(1)
        case 2:
            if let key = result.parameters.keys.sorted().randomElement(using: &rng) {
                result.parameters[key] = result.parameters[key]?.intValue == nil ? .int(7) : .string("7")
            }
        case 3: if let key = result.parameters.keys.sorted().randomElement(using: &rng) { result.parameters[key] = .string("") }
        case 4: if let key = result.parameters.keys.sorted().randomElement(using: &rng) { result.parameters[key] = .string("a\u{7}") }
        case 5: result.screen = "nowhere"
        default: break
        }
        return result
    }

    /// A state some link opens: a walk from a root (long enough, now and then, to pass the
    /// segment limit), maybe ending in a sheet or alert.
    mutating func randomTarget() -> LinkTarget {
        let flow = table.flows.randomElement(using: &rng) ?? table.flows[0]
        let tab = flow.tabs.randomElement(using: &rng)
        guard let rootScreen = table.root(flow: flow.name, tab: tab) else {
            return LinkTarget(flow: flow.name, tab: tab, stack: ModelStack(root: Route("nowhere")))
        }
        var stack = ModelStack(root: route(rootScreen))
        // Mostly short; now and then filled up to a budget of segments around the limit.
        let long = chance(20)
        let budget = long ? Int.random(in: 29...34, using: &rng) : Int.max
        var segments = tab == nil ? 0 : 1
        for _ in 0..<(long ? 40 : Int.random(in: 0...5, using: &rng)) {
            guard let next = table.pushSuccessors[stack.top.screen]?.randomElement(using: &rng),
                  segments + next.pattern.count <= budget else { break }
            segments += next.pattern.count
            stack.path.append(route(next))
        }
        if chance(25), let screen = table.presentSuccessors[stack.top.screen]?.randomElement(using: &rng) {
            stack.presented = ModelPresentation(route: route(screen), style: screen.kind == .sheet ? .sheet : .alert)
        }
        return LinkTarget(flow: flow.name, tab: tab, stack: stack)
    }

    /// A valid link to `target`, canonical or spelled in another accepted way.
    mutating func link(to target: LinkTarget) -> String {
        guard !chance(50) else { return table.parts(target).text }
        let spelling = ModelTable.Spelling(
            upperCaseSchemeAndHost: chance(40), escaping: [.canonical, .everything, .raw].randomElement(using: &rng) ?? .canonical,
            zeroPaddedInts: chance(40), upperCaseUUIDs: chance(40)
        )
        var parts = table.parts(target, spelling: spelling)
        let firstTab = table.flowByName[target.flow]?.tabs.first
        if firstTab != nil, target.tab == firstTab, parts.segments.count == 1, chance(50) {
            parts.segments = []   // `scheme://flow` opens the first tab
            parts.segmentTypes = []
        } else if !parts.segments.isEmpty, chance(40) {
            parts.trailingSlash = true
        }
        return parts.text
    }

    /// A link to `target` spoiled so that it cannot resolve.
    mutating func spoiledLink(to target: LinkTarget) -> String {
        var parts = table.parts(target)
        var options: [Int] = Array(0...11)
        if parts.segments.isEmpty { options.removeAll { $0 == 5 } }
        if target.tab == nil { options.removeAll { $0 == 6 } }
        if parts.lastPatternLength < 2 || parts.endsWithRest { options.removeAll { $0 == 7 } }
        if parts.endsWithRest { options.removeAll { $0 == 4 } }
        let typed = parts.segmentTypes.indices.filter { parts.segmentTypes[$0].map { $0 != .string && $0 != .rest } ?? false }
        if typed.isEmpty { options.removeAll { $0 == 8 } }
        if parts.query.isEmpty { options.removeAll { $0 == 9 } }
        switch options.randomElement(using: &rng) ?? 0 {
        case 0: parts.scheme = "nope"
        case 1: parts.host = "zzflow"
        case 2: parts.host += ":80"
        case 3: parts.suffix = "#top"
        case 4: parts.segments.append(["zz-nope", "%zz", "a b", "%07", "%C3"].randomElement(using: &rng) ?? "zz-nope")
        case 5: parts.segments.insert("", at: Int.random(in: 0..<parts.segments.count, using: &rng))
        case 6: parts.segments[0] = "zztab"
        case 7: parts.segments.removeLast()
        case 8:
            let index = typed.randomElement(using: &rng) ?? 0
            parts.segments[index] = switch parts.segmentTypes[index] {
            case .int?: ["1x", "99999999999999999999", "+5", ""].randomElement(using: &rng) ?? "1x"
            case .double?: ["1e5", "NaN", "1.", ".5", "0x1p3", "inf"].randomElement(using: &rng) ?? "1e5"
            case .bool?: ["True", "1", "yes"].randomElement(using: &rng) ?? "yes"
            case .date?: ["2023-02-29", "1900-02-29", "2024-2-9", "20240209", "2024-02-29T00:00", "0000-01-01"].randomElement(using: &rng) ?? "2023-02-29"
            case .oneOf?: "zz-word"
            default: "not-a-uuid"
            }
            if parts.segments[index].isEmpty { parts.segments[index] = "%20" }
        case 9: parts.query.append(parts.query[0])
        case 10: parts.query.append(chance(50) ? "zzq=1" : "zzq")
        default: parts.host = ""
        }
        return parts.text
    }

    mutating func next(for model: ReferenceModel, step: Int) -> ModelIntent {
        let intent = draw(for: model, step: step)
        if case .undo = intent { undid = true } else { undid = false }
        return intent
    }

    private mutating func draw(for model: ReferenceModel, step: Int) -> ModelIntent {
        let state = model.state
        let stack = state.activeStack ?? ModelStack(root: Route("nowhere"))
        if step == 0, chance(50), let guardName = table.guards.randomElement(using: &rng)?.name {
            return .grant(guardName, showing: chance(50) ? table.flows.randomElement(using: &rng)?.name : nil)
        }
        if undid, chance(35) { return .redo }
        let roll = Int.random(in: 0..<100, using: &rng)
        return roll < 59 ? drawStackIntent(roll, stack) : drawOtherIntent(roll, state, stack)
    }

    /// For `roll` below 59: a push, pop or presentation.
    private mutating func drawStackIntent(_ roll: Int, _ stack: ModelStack) -> ModelIntent {
        switch roll {
        case 0..<26:
            if let screen = table.pushSuccessors[stack.top.screen]?.randomElement(using: &rng) { return .push(route(screen)) }
            return chance(50) ? .push(strayRoute()) : .pop
        case 26..<30:
            return .push(strayRoute())
        case 30..<39:
            return .pop
        case 39..<43:
            if chance(70), let route = ([stack.root] + stack.path).randomElement(using: &rng) { return .popTo(route) }
            return .popTo(strayRoute())
        case 43..<45:
            return .popToRoot
        case 45..<51:
            if let screen = table.presentSuccessors[stack.top.screen]?.randomElement(using: &rng) { return .present(route(screen)) }
            return .present(strayRoute())
        case 51..<53:
            return .present(strayRoute())
        default:
            return .dismiss
        }
    }

    /// For `roll` from 59 on: tabs, flows, links, guards, history, saving, a whole path.
    private mutating func drawOtherIntent(_ roll: Int, _ state: ModelState, _ stack: ModelStack) -> ModelIntent {
        switch roll {
        case 59..<64:
            if chance(85), let tab = table.flowByName[state.active]?.tabs.randomElement(using: &rng) { return .selectTab(tab) }
            return .selectTab((table.flows.flatMap(\.tabs) + ["zztab"]).randomElement(using: &rng) ?? "zztab")
        case 64..<67:
            return .activate(chance(90) ? table.flows.randomElement(using: &rng)?.name ?? "f0" : "zzflow")
        case 67..<75:
            let target = randomTarget()
            return .open(link(to: target), target)
        case 75..<78:
            return .open(spoiledLink(to: randomTarget()), nil)
        case 78..<81:
            let name = chance(90) ? table.guards.randomElement(using: &rng)?.name ?? "zzguard" : "zzguard"
            let flow: String? = chance(50) ? nil : (chance(90) ? table.flows.randomElement(using: &rng)?.name : "zzflow")
            return .grant(name, showing: flow)
        case 81..<83:
            return .revoke(chance(90) ? table.guards.randomElement(using: &rng)?.name ?? "zzguard" : "zzguard")
        case 83..<91:
            return .undo
        case 91..<95:
            return .redo
        case 95..<97:
            return .saveAndRestore(fresh: chance(70))
        case 97:
            return .restoreSpoiled(Int.random(in: 0..<6, using: &rng))
        default:
            var routes: [Route] = []
            var top = stack.root.screen
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                guard let screen = table.pushSuccessors[top]?.randomElement(using: &rng) else { break }
                routes.append(route(screen))
                top = screen.name
            }
            if chance(20) { routes.append(strayRoute()) }
            return .replacePath(routes)
        }
    }
}
