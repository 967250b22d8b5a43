extension FileSystem {
    /// What reading a file with a size limit gave.
    public enum LimitedContents: Hashable, Sendable {
        /// The whole file.
        case bytes([UInt8])
        /// The file is larger than the limit: nothing of it was read.
        case tooLarge(size: Int)
    }

    /// The bytes of the file at `path` when it holds at most `limit` bytes, or only its size
    /// when it holds more (its size is asked before anything is read, so a huge file costs
    /// no time); `nil` when there is no such file.
    /// - Throws: ``SystemError`` when it exists but cannot be read.
    public static func read(_ path: String, atMost limit: Int) throws(SystemError) -> LimitedContents? {
        let fileDescriptor = Platform.openForReading(path)
        if fileDescriptor < 0 {
            if Platform.lastError == Platform.noSuchFile { return nil }
            throw SystemError(operation: "open", path: path, code: Platform.lastError)
        }
        defer { Platform.closeFile(fileDescriptor) }
        guard let status = Platform.status(of: fileDescriptor) else {
            throw SystemError(operation: "fstat", path: path, code: Platform.lastError)
        }
        if status.size > limit { return .tooLarge(size: status.size) }
        return try readBounded(fileDescriptor, path: path, limit: limit, expected: status.size)
    }

    /// Reads to the end, or until more than `limit` bytes came (a file that grew since it
    /// was measured, or one without a size, such as a device).
    private static func readBounded(_ fileDescriptor: Int32, path: String, limit: Int, expected: Int) throws(SystemError) -> LimitedContents {
        var contents: [UInt8] = []
        // One byte more than expected, to see the end in the first read.
        var chunk = [UInt8](repeating: 0, count: max(expected + 1, 4096))
        while true {
            let count = try FileCalls.readSome(fileDescriptor, into: &chunk, path: path)
            if count == 0 { return .bytes(contents) }
            contents.append(contentsOf: chunk[..<count])
            if contents.count > limit { return .tooLarge(size: contents.count) }
        }
    }
}
