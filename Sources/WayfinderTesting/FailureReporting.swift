import Testing
import XCTest

/// Where a test tool reports a failure: the caller's source location, in Swift Testing
/// when a test is running, else in XCTest.
struct CallerLocation: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: Int
    let column: Int

    /// The location of the code that called the test tool.
    init(fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: line, column: column)
    }
}

/// Records a failure at `location`.
func reportFailure(_ message: String, at location: CallerLocation) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    } else {
        XCTFail(message, file: location.filePath, line: UInt(location.line))
    }
}
