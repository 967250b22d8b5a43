import Wayfinder
import WayfinderRouteTools
import WayfinderSystem

/// What must hold of every explanation: its verdict is `resolveFromOutside`'s (through the `String`
/// and the byte APIs alike), its JSON parses and says the
/// same verdict, and its text carries a refusal's message word for word.
enum ExplainChecks {
    /// The problems with explaining `bytes` in `graph`; empty when there are none.
    static func problems(explaining bytes: [UInt8], in graph: RouteGraph) -> [String] {
        let shown = String(decoding: bytes, as: UTF8.self)
        let explanation = graph.explain(utf8: bytes)
        let resolution = Result { () throws(DeepLinkError) in try graph.resolveFromOutside(utf8: bytes) }
        var problems = verdictProblems(explanation.verdict, resolution).map { "\(shown) (bytes): \($0)" }
        if let text = String(validating: bytes, as: UTF8.self) {
            let resolved = Result { () throws(DeepLinkError) in try graph.resolveFromOutside(text) }
            problems += verdictProblems(graph.explain(text).verdict, resolved).map { "\(shown): \($0)" }
        }
        problems += shapeProblems(explanation, in: graph).map { "\(shown): \($0)" }
        problems += jsonProblems(explanation).map { "\(shown): \($0)" }
        return problems
    }

    /// Whether `explained` and `resolved` are the same answer.
    static func verdictProblems(_ explained: Result<ResolvedLink, DeepLinkError>, _ resolved: Result<ResolvedLink, DeepLinkError>) -> [String] {
        switch (explained, resolved) {
        case (.success(let a), .success(let b)):
            return a == b && a.url == b.url && a.origin == b.origin && a.jsonValue == b.jsonValue ? [] : ["explain opens \(a.url), resolve \(b.url)"]
        case (.failure(let a), .failure(let b)):
            return a == b && a.code == b.code && a.message == b.message && a.segment == b.segment
                ? [] : ["explain refuses with \(a.code) '\(a.message)', resolve with \(b.code) '\(b.message)'"]
        case (.success(let a), .failure(let b)): return ["explain opens \(a.url), resolve refuses: \(b.message)"]
        case (.failure(let a), .success(let b)): return ["explain refuses (\(a.message)), resolve opens \(b.url)"]
        }
    }

    /// The parts of the explanation fit its verdict.
    static func shapeProblems(_ explanation: LinkExplanation, in graph: RouteGraph) -> [String] {
        var problems: [String] = []
        let text = explanation.description
        switch explanation.verdict {
        case .success(let link):
            if explanation.stop != nil { problems.append("a link that resolves has a stop") }
            if explanation.segments?.contains(where: { $0.reader == .unread }) ?? true { problems.append("a segment of a link that resolves was not read") }
            if link.origin == nil, explanation.steps.map(\.screen) != link.screenNames { problems.append("steps \(explanation.steps.map(\.screen)) are not \(link.screenNames)") }
            if !text.contains(link.url) { problems.append("the text does not give the canonical link") }
            if explanation.shape == .today { problems += rivalProblems(explanation, in: graph) }
        case .failure(let error):
            guard let stop = explanation.stop else { return ["a refused link has no stop"] }
            if stop.segment != error.segment { problems.append("the stop is at segment \(stop.segment ?? 0), the error at \(error.segment ?? 0)") }
            if !text.contains("\(error.code): \(error.message)") { problems.append("the text does not carry the error's code and message") }
            if stop.stage == .path, stop.tried.isEmpty, !text.contains("tried       nothing") { problems.append("a link refused in its path tried nothing, and does not say so") }
        }
        return problems
    }

    /// A rival tried first comes before the chosen screen among the previous screen's
    /// successors (``RouteGraph/successors(of:)``, in precedence order); one outranked, after.
    static func rivalProblems(_ explanation: LinkExplanation, in graph: RouteGraph) -> [String] {
        var problems: [String] = []
        for (previous, step) in zip(explanation.steps, explanation.steps.dropFirst()) {
            let order = graph.successors(of: previous.screen).map(\.name)
            guard let chosen = order.firstIndex(of: step.screen) else { return ["\(step.screen) is no successor of \(previous.screen)"] }
            for rival in step.rivals {
                let place = order.firstIndex(of: rival.screen) ?? -1
                let isFirst = rival.outcome == .triedFirst
                if isFirst != (place < chosen) { problems.append("rival \(rival.screen) of \(step.screen) is \(rival.outcome)") }
            }
        }
        return problems
    }

    /// The JSON parses back as itself and says the verdict as `resolve --format json` and `resolve -` do.
    static func jsonProblems(_ explanation: LinkExplanation) -> [String] {
        let json = explanation.jsonValue
        let parsed: JSONValue
        do { parsed = try JSONValue(parsing: Array(json.serialized.utf8)) } catch { return ["the JSON does not parse: \(error)"] }
        guard parsed == json else { return ["the JSON does not read back as itself"] }
        switch explanation.verdict {
        case .success(let link):
            return parsed.member("verdict") == .string("resolved") && parsed.member("resolved") == link.jsonValue
                ? [] : ["the JSON's verdict is not resolve's object"]
        case .failure(let error):
            let expected = JSONValue.object([("code", .string(error.code.description)), ("message", .string(error.message)), ("segment", error.segment.map(JSONValue.int) ?? .null)])
            return parsed.member("verdict") == .string("refused") && parsed.member("error") == expected
                ? [] : ["the JSON's error is not resolve's code and message"]
        }
    }
}
