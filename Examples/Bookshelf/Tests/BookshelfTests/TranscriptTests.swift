import BookshelfApp
import Testing
import WayfinderKit
import WayfinderTesting

/// A whole piped session, as `bookshelf LINK` runs it: the input and what it printed, in one
/// file. Re-record with `WAYFINDER_RECORD_TRANSCRIPTS=1 swift test`, then read the diff.
@MainActor
@Suite struct TranscriptTests {
    @Test func borrowingABook() async throws {
        try await TranscriptRunner.check("Transcripts/borrowing.transcript") { links in
            let app = try Bookshelf()
            try app.open(all: links)
            return Shell(app: app)
        }
    }
}
