/// The package's one dot-segment rule: a path segment of `.` or `..` is one URL parsers
/// remove (`a/../b` is `/b` to a browser, RFC 3986 §5.2.4), so no link may hold one, no
/// pattern may declare one and no value may print as one.
///
/// The rule reads a segment's text, decoded: `%2E` is a dot too, so a link's segment is
/// asked once it is decoded (or, raw, with ``PercentEncoding/isDotSegment(_:)``).
///
/// ```swift
/// "..".utf8.span.isDotSegment // true
/// "...".utf8.span.isDotSegment // false
/// ```
extension Span where Element == UInt8 {
    /// Whether the bytes are `.` or `..`.
    @inlinable
    package var isDotSegment: Bool {
        switch count {
        case 1: self[0] == UInt8(ascii: ".")
        case 2: self[0] == UInt8(ascii: ".") && self[1] == UInt8(ascii: ".")
        default: false
        }
    }
}
