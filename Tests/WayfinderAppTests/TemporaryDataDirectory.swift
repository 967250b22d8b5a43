import Foundation
@testable import WayfinderApp
import WayfinderKit

extension DataDirectory {
    /// A data directory of its own under the system's temporary directory, not created yet.
    static func temporary(_ name: String) -> DataDirectory {
        DataDirectory(path: FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(name)-\(UUID().uuidString)").path)
    }
}
