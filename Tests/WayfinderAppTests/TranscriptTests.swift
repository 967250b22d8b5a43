import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal
import WayfinderTesting

/// Golden transcripts of whole piped REPL sessions, covering every screen. Re-record with
/// `WAYFINDER_RECORD_TRANSCRIPTS=1 swift test --filter TranscriptTests`, then read the diff.
@MainActor
@Suite struct TranscriptTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")

    nonisolated static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".transcript") }.sorted()
    }()

    @Test func thereAreTranscripts() {
        #expect(Self.files.count >= 6)
    }

    @Test(arguments: files)
    func transcriptPlaysAsRecorded(file: String) async throws {
        try await TranscriptRunner.check(Self.directory.appendingPathComponent(file).path) { links in
            let app = AppCoordinator(container: .demo())
            try app.open(all: links)
            return AppShell(app: app)
        }
    }

    @Test func theTranscriptsVisitEveryScreen() throws {
        var visited: Set<String> = []
        for file in Self.files {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
            let transcript = try Transcript(parsing: text)
            for step in transcript.steps where step.input == "state" {
                for case .standard(let line) in step.output where line.hasPrefix("{") {
                    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    for screen in (object?["stack"] as? [[String: Any]]) ?? [] {
                        if let name = screen["screen"] as? String { visited.insert(name) }
                    }
                    if let presented = (object?["presentation"] as? [String: Any])?["screen"] as? String {
                        visited.insert(presented)
                    }
                }
            }
        }
        let all = Set(AppRoutes.graph.screens.map(\.name))
        #expect(all.subtracting(visited).isEmpty, "screens no transcript shows with `state`: \(all.subtracting(visited).sorted())")
    }
}
