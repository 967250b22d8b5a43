/// The one limit on a line of input, wherever lines are read (the REPL and its scripts,
/// `resolve -`, a file of links): a longer line is refused as a whole, the rest of it read
/// past unkept (memory stays flat whatever comes), and quoted only by its start.
public enum LineLimit {
    /// The longest line read whole, in bytes: far over the longest link (2,048 bytes) or
    /// command anyone types.
    public static let bytes = 65_536

    /// How many of an over-long line's first bytes a message quotes.
    public static let quotedBytes = 64

    /// The start of an over-long line as a message quotes it: its first ``quotedBytes``
    /// bytes, escaped for display as `String(displaying:)` escapes them, then `…`.
    public static func quotedStart(_ line: some Collection<UInt8>) -> String {
        String(displaying: Array(line.prefix(quotedBytes))) + "…"
    }
}
