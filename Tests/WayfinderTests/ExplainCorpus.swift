import Foundation
import Wayfinder

/// The links of the project's documents and tests, and the tables they are links of: what
/// `ExplainCorpusTests` explains. Links are gathered from the README, the DocC articles, the
/// tests' sources and transcripts, the example app, and the fuzzers' seed links; tables from
/// every `.routes` file and every table written in a test's source (a multi-line string
/// with a `scheme` line that parses).
enum ExplainCorpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A table and where it was found.
    struct Table {
        let source: String
        let graph: RouteGraph
    }

    static let tables: [Table] = {
        var tables: [Table] = []
        for file in files(under: ["Routes", "Tests", "Fuzz", "Examples", "Benchmarks/differential"], extensions: ["routes"]) {
            if let text = try? String(contentsOf: file, encoding: .utf8), let graph = try? RouteGraph(parsing: text, file: file.lastPathComponent) {
                tables.append(Table(source: file.lastPathComponent, graph: graph))
            }
        }
        for file in files(under: ["Tests", "Examples"], extensions: ["swift"]) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for table in writtenTables(in: text) {
                if let graph = try? RouteGraph(parsing: table, file: file.lastPathComponent) {
                    tables.append(Table(source: file.lastPathComponent, graph: graph))
                }
            }
        }
        return tables
    }()

    /// Every link found, once, as bytes (the fuzzers' seeds are not all UTF-8).
    static let links: [[UInt8]] = {
        var seen: Set<[UInt8]> = []
        var links: [[UInt8]] = []
        func add(_ link: [UInt8]) {
            if !link.isEmpty, seen.insert(link).inserted { links.append(link) }
        }
        let documents = [root.appendingPathComponent("README.md")]
            + files(under: ["Sources"], extensions: ["md"])
            + files(under: ["Tests", "Examples"], extensions: ["swift", "transcript", "md"])
        for file in documents {
            guard let data = try? Data(contentsOf: file) else { continue }
            for link in ExplainCorpus.links(in: Array(data)) { add(link) }
        }
        for file in files(under: ["Fuzz/corpus/links", "Fuzz/corpus/stress-links"], extensions: nil) {
            if let data = try? Data(contentsOf: file) { add(Array(data)) }
        }
        return links
    }()

    /// The tables `link` could be a link of: those of its scheme, or of its web origin's
    /// scheme (`http`, `https`); the sample app's table for any other link.
    static func graphs(for link: [UInt8]) -> [RouteGraph] {
        let lower = String(decoding: link.prefix(64), as: UTF8.self).lowercased()
        let matching = tables.filter { table in
            lower.hasPrefix(table.graph.scheme + "://")
                || (!table.graph.webOrigins.isEmpty && (lower.hasPrefix("http://") || lower.hasPrefix("https://")))
        }
        return matching.isEmpty ? tables.filter { $0.source == "app.routes" }.prefix(1).map(\.graph) : matching.map(\.graph)
    }

    /// The files under `directories` (relative to the root) whose names end with one of
    /// `extensions` (any, when `nil`), build directories left out.
    static func files(under directories: [String], extensions: Set<String>?) -> [URL] {
        directories.flatMap { directory -> [URL] in
            let base = root.appendingPathComponent(directory)
            guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
            return enumerator.compactMap { $0 as? URL }.filter { url in
                !url.path.contains("/.build/") && (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                    && extensions.map { $0.contains(url.pathExtension) } ?? true
            }
        }.sorted { $0.path < $1.path }
    }

    /// The links in `bytes`: `SCHEME://…` up to a space, a quote, a backtick, a bracket, a
    /// bar or a backslash (where a string literal or a table cell ends).
    static func links(in bytes: [UInt8]) -> [[UInt8]] {
        let ends = Set(" \t\r\n'\"`<>()[]|\\".utf8)
        func isSchemeByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || "+.-".utf8.contains(byte)
        }
        var links: [[UInt8]] = []
        var index = 0
        while index + 3 <= bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            var start = index
            while start > 0, isSchemeByte(bytes[start - 1]) { start -= 1 }
            var end = index + 3
            while end < bytes.count, !ends.contains(bytes[end]) { end += 1 }
            if start < index, (bytes[start] | 0x20) >= 0x61, (bytes[start] | 0x20) <= 0x7A { links.append(Array(bytes[start..<end])) }
            index = end
        }
        return links
    }

    /// The tables written in a Swift source: its multi-line string literals with a
    /// `scheme` line, each line's indentation removed.
    static func writtenTables(in source: String) -> [String] {
        let parts = source.components(separatedBy: "\"\"\"")
        return stride(from: 1, to: parts.count, by: 2).compactMap { index in
            let lines = parts[index].split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.drop { $0 == " " } }
            guard lines.contains(where: { $0.hasPrefix("scheme ") }) else { return nil }
            return lines.joined(separator: "\n")
        }
    }
}
