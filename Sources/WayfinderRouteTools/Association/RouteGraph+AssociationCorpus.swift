@_spi(RouteTools) import Wayfinder

extension RouteGraph {
    /// Paths (after the origin) to compare an association file with the table on: each shape
    /// of link up to `depth` screens above the root with sample values, with other values, and
    /// mutated: a value of the wrong type, a literal misspelt, a segment more, a segment less,
    /// a trailing slash, an empty segment. Each once, in a fixed order.
    package func webLinkCorpus(depth: Int) -> [String] {
        var paths: [String] = []
        for shape in webLinkShapes(depth: depth) {
            let sample = shape.path(WebLinkShape.sample)
            paths += [sample, shape.path(Self.otherSample), sample + "/", sample + "/extra"]
            paths.append(shape.parts.dropLast().isEmpty ? "/" : WebLinkShape(parts: Array(shape.parts.dropLast()), screens: []).path(WebLinkShape.sample))
            for (index, part) in shape.parts.enumerated() {
                var parts = shape.parts.map { WebLinkShape.sample(forPart: $0) }
                switch part {
                case .literal(let word): parts[index] = word + "x"
                case .value(let type): parts[index] = Self.wrongSample(type) ?? parts[index]
                case .rest: parts[index] = "a//b"
                }
                paths.append("/" + parts.joined(separator: "/"))
            }
        }
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// Another value of each type, in another spelling where the type has several.
    private static func otherSample(_ type: ParameterType) -> String {
        switch type {
        case .int: "007"
        case .string: "b%20c"
        case .uuid: "00000000-0000-4000-8000-00000000000A"
        case .double: "-2"
        case .date: "2024-02-29"
        case .rest: "x"
        default: WebLinkShape.sample(type)
        }
    }

    /// A text that is not a value of the type, where there is one.
    private static func wrongSample(_ type: ParameterType) -> String? {
        switch type {
        case .int: "abc"
        case .uuid: "not-a-uuid"
        case .double: "1e5"
        case .date: "2024-13-01"
        default: nil
        }
    }
}

extension WebLinkShape {
    /// The sample text of one part: the word of a literal, a value's sample.
    static func sample(forPart part: Part) -> String {
        switch part {
        case .literal(let word): word
        case .value(let type): sample(type)
        case .rest: sample(.rest)
        }
    }
}

extension AppSiteAssociation {
    /// Paths the file's own `/` patterns match or nearly match, to compare it with a table on:
    /// each pattern with its wildcards filled in (`*` with nothing, one segment, two; `?` with
    /// a digit or a letter), all alike and one at a time. Each once, in a fixed order.
    package var samplePaths: [String] {
        let fills: [(star: String, one: String)] = [("1", "1"), ("a", "a"), ("", "1"), ("1/2", "a"), ("a/b/c", "1")]
        var paths: [String] = []
        for entry in details {
            for case let pattern? in entry.components.map(\.path) {
                let scalars = Array(pattern.unicodeScalars)
                let wildcards = scalars.indices.filter { scalars[$0] == "*" || scalars[$0] == "?" }
                func filled(_ choose: (Int) -> (star: String, one: String)) -> String {
                    var text = ""
                    for (index, scalar) in scalars.enumerated() {
                        switch scalar {
                        case "*": text += choose(index).star
                        case "?": text += choose(index).one
                        default: text.unicodeScalars.append(scalar)
                        }
                    }
                    return text
                }
                for fill in fills { paths.append(filled { _ in fill }) }
                for wildcard in wildcards.prefix(8) {
                    for fill in fills { paths.append(filled { $0 == wildcard ? fill : fills[0] }) }
                }
            }
        }
        var seen: Set<String> = []
        return paths.filter { $0.hasPrefix("/") && seen.insert($0).inserted }
    }
}
