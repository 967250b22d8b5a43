import Foundation
import Testing

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("wayfinder-terminal-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }

    func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let permissions = try #require(attributes[.posixPermissions] as? NSNumber)
        return permissions.intValue & 0o7777
    }

    func contents(of path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func write(_ bytes: [UInt8], to path: String, permissions: Int = 0o644) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
