import Foundation
import Testing
import Wayfinder

extension ModelTable {

    /// A link in pieces, so that tests can print it canonically or spoil it on purpose.
    struct LinkParts {
        var scheme: String
        var host: String
        var segments: [String]
        /// The parameter type printed in each segment; `nil` for the tab and literals.
        var segmentTypes: [ParameterType?]
        /// `key=value` pairs.
        var query: [String]
        /// The pattern length of the last screen printed.
        var lastPatternLength = 0
        /// Whether the last screen printed ends with a rest parameter (which takes any
        /// segment added after it).
        var endsWithRest = false
        var trailingSlash = false
        var suffix = ""

        var text: String {
            var link = "\(scheme)://\(host)"
            for segment in segments { link += "/" + segment }
            if trailingSlash { link += "/" }
            if !query.isEmpty { link += "?" + query.joined(separator: "&") }
            return link + suffix
        }
    }

    /// How a valid link may be written besides its canonical form.
    struct Spelling {
        var upperCaseSchemeAndHost = false
        var escaping = Escaping.canonical
        var zeroPaddedInts = false
        var upperCaseUUIDs = false
    }

    func parts(_ target: LinkTarget, spelling: Spelling = Spelling()) -> LinkParts {
        var parts = LinkParts(
            scheme: spelling.upperCaseSchemeAndHost ? scheme.uppercased() : scheme,
            host: spelling.upperCaseSchemeAndHost ? target.flow.uppercased() : target.flow,
            segments: [], segmentTypes: [], query: []
        )
        if let tab = target.tab {
            parts.segments.append(tab)
            parts.segmentTypes.append(nil)
        }
        let stack = target.stack
        var pushedAndPresented = stack.path
        if let presented = stack.presented { pushedAndPresented.append(presented.route) }
        for route in pushedAndPresented {
            guard let screen = screenByName[route.screen] else { continue }
            for segment in screen.pattern {
                switch segment {
                case .literal(let word):
                    parts.segments.append(word)
                    parts.segmentTypes.append(nil)
                case .parameter(let name, let type):
                    parts.segments.append(route.parameters[name].map { Self.text(of: $0, spelling) } ?? "")
                    parts.segmentTypes.append(type)
                }
            }
            parts.lastPatternLength = screen.pattern.count
            if case .parameter(_, .rest)? = screen.pattern.last { parts.endsWithRest = true } else { parts.endsWithRest = false }
        }
        for route in [stack.root] + pushedAndPresented {
            guard let screen = screenByName[route.screen] else { continue }
            for query in screen.query {
                guard let value = route.parameters[query.name] else { continue }
                parts.query.append(Self.escaped(query.name, .canonical) + "=" + Self.text(of: value, spelling, inQuery: true))
            }
        }
        return parts
    }

    /// The canonical link: lower-case scheme and flow, the tab, each pattern with its values
    /// escaped (all but `A-Z a-z 0-9 - . _ ~`), then the query in stack and declaration order.
    /// (Written on bytes, apart from ``parts(_:spelling:)``: it runs at every step.)
    func link(_ target: LinkTarget) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        bytes += scheme.utf8
        bytes += "://".utf8
        bytes += target.flow.utf8
        if let tab = target.tab {
            bytes.append(UInt8(ascii: "/"))
            bytes += tab.utf8
        }
        var routes = [target.stack.root]
        routes += target.stack.path
        if let presented = target.stack.presented { routes.append(presented.route) }
        for route in routes.dropFirst() {
            guard let screen = screenByName[route.screen] else { continue }
            for segment in screen.pattern {
                bytes.append(UInt8(ascii: "/"))
                switch segment {
                case .literal(let word): bytes += word.utf8
                case .parameter(let name, _): if let value = route.parameters[name] { Self.append(value, to: &bytes) }
                }
            }
        }
        var separator = UInt8(ascii: "?")
        for route in routes where !route.parameters.isEmpty {
            guard let screen = screenByName[route.screen] else { continue }
            for query in screen.query {
                guard let value = route.parameters[query.name] else { continue }
                bytes.append(separator)
                separator = UInt8(ascii: "&")
                bytes += query.name.utf8
                bytes.append(UInt8(ascii: "="))
                Self.append(value, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A value as a canonical link prints it: decimal ints, lower-case uuids, text escaped.
    static func append(_ value: ParameterValue, to bytes: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        switch value {
        case .int(let number):
            bytes += String(number).utf8
        case .string(let text):
            for byte in text.utf8 {
                switch byte {
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    bytes.append(byte)
                default:
                    bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
        case .uuid(let uuid):
            let lower = Array("0123456789abcdef".utf8)
            for index in 0..<32 {
                if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(UInt8(ascii: "-")) }
                let half = index < 16 ? uuid.high : uuid.low
                bytes.append(lower[Int((half >> UInt64(60 - (index % 16) * 4)) & 0xF)])
            }
        case .bool(let flag):
            bytes += (flag ? "true" : "false").utf8
        case .date(let date):
            bytes += date.description.utf8
        case .double(let number):
            bytes += shortestDecimal(number).utf8
        case .segments(let texts):
            for (index, text) in texts.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "/")) }
                append(.string(text), to: &bytes)
            }
        }
    }

    /// The shortest decimal text that reads back as `number`, found plainly: the fewest
    /// significant digits (`%.Ng`) that parse back the same, then written without exponent.
    static func shortestDecimal(_ number: Double) -> String {
        guard number != 0 else { return "0" }
        for digits in 1...17 {
            let text = String(format: "%.\(digits)e", number)
            guard Double(text) == number else { continue }
            // Mantissa digits and exponent, then placed around the point.
            let parts = text.split(separator: "e")
            let negative = parts[0].hasPrefix("-")
            let mantissa = parts[0].filter(\.isNumber)
            let exponent = Int(parts[1]) ?? 0
            var digitsText = Array(mantissa)
            while digitsText.count > 1, digitsText.last == "0" { digitsText.removeLast() }
            let point = exponent + 1
            var result: String
            if point <= 0 {
                result = "0." + String(repeating: "0", count: -point) + String(digitsText)
            } else if point >= digitsText.count {
                result = String(digitsText) + String(repeating: "0", count: point - digitsText.count)
            } else {
                result = String(digitsText[..<point]) + "." + String(digitsText[point...])
            }
            return (negative ? "-" : "") + result
        }
        return String(number)
    }

    /// Path segments of the link of `target`: the tab counts, the flow does not; a rest
    /// parameter counts its segments.
    func segmentCount(_ target: LinkTarget) -> Int {
        var count = target.tab == nil ? 0 : 1
        var routes = target.stack.path
        if let presented = target.stack.presented { routes.append(presented.route) }
        for route in routes {
            guard let screen = screenByName[route.screen] else { continue }
            count += screen.pattern.count
            for case .parameter(let name, .rest) in screen.pattern { count += (route.parameters[name]?.segmentsValue?.count ?? 1) - 1 }
        }
        return count
    }

    static func text(of value: ParameterValue, _ spelling: Spelling, inQuery: Bool = false) -> String {
        switch value {
        case .int(let number):
            return spelling.zeroPaddedInts && number >= 0 ? "00\(number)" : String(number)
        case .string(let text):
            return escaped(text, spelling.escaping, inQuery: inQuery)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .date(let date):
            return date.description
        case .double(let number):
            let text = shortestDecimal(number)
            return spelling.zeroPaddedInts && number >= 0 ? "00" + text + (text.contains(".") ? "00" : ".000") : text
        case .segments(let texts):
            return texts.map { escaped($0, spelling.escaping) }.joined(separator: "/")
        case .uuid(let uuid):
            func hex(_ half: UInt64) -> String {
                let digits = String(half, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            let all = Array(hex(uuid.high) + hex(uuid.low))
            let text = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(all[$0]) }.joined(separator: "-")
            return spelling.upperCaseUUIDs ? text.uppercased() : text
        }
    }

    /// How values are escaped in a link.
    enum Escaping {
        /// Every byte but `A-Z a-z 0-9 - . _ ~`, in upper-case hex: the canonical form.
        case canonical
        /// Every byte, in lower-case hex.
        case everything
        /// Only what must be: spaces, controls, `# / ? %` (and `& =` in a query); `+`, `é`
        /// and the like stay as they are.
        case raw
    }

    static func escaped(_ text: String, _ escaping: Escaping, inQuery: Bool = false) -> String {
        let upper = Array("0123456789ABCDEF".utf8), lower = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in text.utf8 {
            let keep: Bool
            switch escaping {
            case .canonical:
                keep = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            case .everything:
                keep = false
            case .raw:
                keep = byte > 0x20 && byte != 0x7F && !"#/?%".utf8.contains(byte) && !(inQuery && "&=".utf8.contains(byte))
            }
            if keep {
                result.append(byte)
            } else {
                let digits = escaping == .everything ? lower : upper
                result += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
