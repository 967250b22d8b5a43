@_spi(RouteTools) import Wayfinder
import WayfinderSystem

/// A pattern of an `apple-app-site-association` file (`"/"`, `"#"` or a query value), matched
/// as Apple documents it: `*` matches any run of characters, the empty one and `/` included,
/// `?` exactly one character (`/` included); every other character matches itself. The
/// pattern matches the whole text, not a part of it.
struct AssociationPattern: Hashable, Sendable {
    let text: String
    let isCaseSensitive: Bool
    private let scalars: [Unicode.Scalar]

    /// The pattern `text`; with `caseSensitive` false, compared with both sides in lower case.
    init(_ text: String, caseSensitive: Bool = true) {
        self.text = text
        isCaseSensitive = caseSensitive
        scalars = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
    }

    /// Whether the pattern matches all of `subject`.
    /// - Complexity: O(n × m) in the lengths of the subject and the pattern, at worst.
    func matches(_ subject: String) -> Bool {
        let caseSensitive = isCaseSensitive
        let input = Array((caseSensitive ? subject : subject.lowercased()).unicodeScalars)
        // The classic glob walk: on a mismatch, go back to the last `*` and let it take one
        // character more. One `*` remembered is enough: a later `*` can take what an earlier
        // one would have.
        var (text, pattern) = (0, 0)
        var star: (pattern: Int, text: Int)?
        while text < input.count {
            if pattern < scalars.count, scalars[pattern] == "*" {
                star = (pattern, text)
                pattern += 1
            } else if pattern < scalars.count, scalars[pattern] == "?" || scalars[pattern] == input[text] {
                pattern += 1
                text += 1
            } else if let last = star {
                star = (last.pattern, last.text + 1)
                pattern = last.pattern + 1
                text = last.text + 1
            } else {
                return false
            }
        }
        while pattern < scalars.count, scalars[pattern] == "*" { pattern += 1 }
        return pattern == scalars.count
    }

    /// `text` with each `%XX` escape decoded, for a component with `percentEncoded` false;
    /// an escape that is not one, or bytes that are not UTF-8, are left as they are.
    static func percentDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = Hexadecimal.value(of: bytes[index + 1]), let low = Hexadecimal.value(of: bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self) ?? text
    }
}
