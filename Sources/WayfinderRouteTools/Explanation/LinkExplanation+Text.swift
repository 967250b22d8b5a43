import Wayfinder
import WayfinderSystem

extension LinkExplanation: CustomStringConvertible {
    /// The explanation as lines of text, what `wayfinder explain` and the REPL's `explain`
    /// print: the link, the verdict (what it opens, or the code and message of its
    /// refusal, word for word), each segment and what read it, each screen with its rivals,
    /// and then where a refused link stopped and what was tried there, or the alias, earlier
    /// shape, guard and canonical form of one that resolves. Untrusted text is escaped.
    ///
    /// ```
    /// link        shop://store/browse/item/abc
    /// refused     typeMismatch: segment 3 'abc': 'id' of screen 'item' must be an int
    /// ```
    public var description: String {
        var lines = [row("link", link), verdictRow]
        if let flow { lines.append(row("flow", isWebLink ? "\(flow) (segment 1 of the web link)" : "\(flow) (the host)")) }
        lines += segmentRows
        lines += stepRows
        if let stop { lines += stopRows(stop, shape: shape == .today ? nil : shape) }
        for other in otherShapes { lines += shapeRows(other) }
        if let resolved { lines += resolvedRows(resolved) }
        return lines.map(\.escapingControlCharacters).joined(separator: "\n")
    }

    private func row(_ label: String, _ value: String) -> String {
        label.padding(toWidth: 12) + value
    }

    private var verdictRow: String {
        switch verdict {
        case .success(let resolved): row("opens", Self.place(of: resolved))
        case .failure(let error): row("refused", "\(error.code): \(error.message)")
        }
    }

    /// `flow/tab: root > … > top + presentation (style)`.
    static func place(of link: ResolvedLink) -> String {
        let flow = link.tab.map { "\(link.flow)/\($0)" } ?? link.flow
        let presented = link.presentation.map { " + \($0.route) (\($0.style.rawValue))" } ?? ""
        return "\(flow): \(link.stack.map(\.description).joined(separator: " > "))\(presented)"
    }

    private var segmentRows: [String] {
        guard let segments else { return [] }
        let width = min(24, (segments.map(\.text.count).max() ?? 0) + 2)
        return segments.map { reading in
            row("segment \(reading.index)", reading.text.padding(toWidth: width) + Self.phrase(reading.reader))
        }
    }

    private static func phrase(_ reader: Reader) -> String {
        switch reader {
        case .flow: "the flow"
        case .tab(let screen): "the tab, screen '\(screen)'"
        case .literal(let screen): "a literal of '\(screen)'"
        case .parameter(let screen, let name, let type): "'\(name)' of '\(screen)', \(type.phrase)"
        case .unread: "not read"
        }
    }

    private var stepRows: [String] {
        steps.flatMap { step in
            var place = step.pattern.isEmpty ? "root" : step.pattern
            if let segments = step.segments {
                place += segments.count == 1 ? ", segment \(segments.lowerBound)" : ", segments \(segments.lowerBound)–\(segments.upperBound)"
            }
            if let alias = step.alias { place += ", through the alias '\(alias)'" }
            if let today = step.renamedTo { place += ", '\(today)' today" }
            return [row("screen", "\(step.screen) (\(place))")] + step.rivals.map { rival in
                row("  rival", "\(rival.screen) (\(rival.pattern)) matched too; \(rival.reason(losingTo: step.screen))")
            }
        }
    }

    private func stopRows(_ stop: Stop, label: String = "stopped", shape: Shape? = nil) -> [String] {
        let place = "in the \(Self.stageName(stop.stage))" + (stop.segment.map { ", at segment \($0)" } ?? "")
        var lines = [row(label, place + (shape.map { ", in \($0)" } ?? ""))]
        guard let after = stop.after else { return lines + triedRows(stop) }
        let read = stop.segmentsRead > 0 ? "through segment \(stop.segmentsRead)" : "no segment"
        lines.append(row("read", "\(read), up to screen '\(after)'"))
        if stop.stage == .path, stop.tried.isEmpty {
            lines.append(row("tried", "nothing: no screen may follow '\(after)'"))
        }
        return lines + triedRows(stop)
    }

    private func triedRows(_ stop: Stop) -> [String] {
        stop.tried.map { attempt in row("tried", "\(attempt.screen) (\(attempt.pattern)): \(attempt.reason)") }
    }

    /// Another shape of the table, when it read the link or stopped elsewhere: where, and
    /// what it tried there.
    private func shapeRows(_ other: ShapeAttempt) -> [String] {
        guard let stop = other.stop else {
            return [row("also", "\(other.shape) read the link, but what it opens does not carry over whole to today's table")]
        }
        guard stop.segment != self.stop?.segment || stop.stage != self.stop?.stage else { return [] }
        return [row("also", "in \(other.shape), it stopped elsewhere:")] + stopRows(stop).map { "  " + $0 }
    }

    private static func stageName(_ stage: Stop.Stage) -> String {
        switch stage {
        case .link: "link itself, before its path"
        case .segment: "bytes of a segment, before any screen"
        case .tab: "tab"
        case .path: "path"
        case .query: "query (the whole path read)"
        case .canonicalForm: "canonical form (the whole link read)"
        case .entry: "entry tiers (the whole link read): it reaches an internal screen, which links from outside never open"
        }
    }

    private func resolvedRows(_ resolved: ResolvedLink) -> [String] {
        var lines: [String] = []
        switch resolved.origin {
        case nil: break
        case .alias(let alias)?: lines.append(row("alias", "read through '\(alias)'"))
        case .migrated(let version, let migrations)?:
            lines.append(row("old shape", "read in the shape of version \(version)"))
            lines += migrations.map { row("migration", $0.text) }
        }
        if let requirement = guardRequirement { lines.append(row("guard", Self.guardText(requirement))) }
        let entry = resolved.entry
        if entry.tier == .confirm {
            lines.append(row("entry", "confirm: '\(entry.screen)' asks first; opening the link holds it, nothing opened, until it is confirmed"))
        }
        lines.append(row("canonical", resolved.url))
        if let web = resolved.webURL { lines.append(row("web form", web)) }
        return lines
    }

    private static func guardText(_ requirement: GuardRequirement) -> String {
        let waiting = "opening the link shows \(requirement.fallbackLink) ('\(requirement.fallbackFlow)') and keeps it pending until it is met"
        switch requirement.isGranted {
        case true?: return "'\(requirement.name)', granted: opening the link opens it now"
        case false?: return "'\(requirement.name)', not granted: \(waiting)"
        case nil: return "'\(requirement.name)': while it is unmet, \(waiting)"
        }
    }
}

extension String {
    /// The string padded with spaces to `width` characters (one space after a longer one).
    fileprivate func padding(toWidth width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
