import Foundation

/// How search compares text, for every ``PostRepository``: a post matches when its title or
/// its text contains the words searched for, after both are brought to one form.
///
/// - **Canonical equivalence:** `é` typed as one character (U+00E9) and as `e` followed by a
///   combining acute accent (U+0065 U+0301) are the same.
/// - **Case folding** (Unicode full case folding, not ASCII lower case): `CAFÉ` finds `café`,
///   `STRASSE` finds `Straße`, `ΛΌΓΟΣ` finds `λόγος` (final sigma and all).
/// - **Accents count:** `cafe` does not find `café`, nor `café` `cafe`. Matching is on whole
///   characters (grapheme clusters), so `e` does not find the `e` inside `é` written with a
///   combining accent either. Accents change words (`resume`, `résumé`), and a search that
///   ignored them could not look for one without the other.
///
/// Each side is decomposed (NFD), case-folded, then composed (NFC), as in Unicode's
/// canonical caseless match (D145, which decomposes before folding because of U+0345, the
/// combining iota subscript). Characters then compare by canonical equivalence.
///
/// ```swift
/// let matcher = SearchMatcher("CAFÉ")
/// matcher.matches("Notes from the cafe\u{301}")   // true
/// matcher.matches("Notes from the cafe")          // false
/// ```
public struct SearchMatcher: Sendable {
    /// The folded words, as characters.
    private let needle: [Character]

    /// A matcher for `words` (an empty one matches everything).
    public init(_ words: String) {
        needle = Self.folded(words)
    }

    /// Whether `text` contains the words.
    public func matches(_ text: String) -> Bool {
        guard !needle.isEmpty else { return true }
        let haystack = Self.folded(text)
        guard haystack.count >= needle.count else { return false }
        // Titles and texts are short (80 and 2,000 characters at most): a plain scan.
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Whether `post`'s title or text contains the words.
    public func matches(_ post: Post) -> Bool {
        matches(title: post.title, body: post.body)
    }

    /// Whether a post with `title` and `body` matches (for rows read without a whole post).
    public func matches(title: String, body: String) -> Bool {
        matches(title) || matches(body)
    }

    /// `text` decomposed, case-folded and composed again, as characters.
    static func folded(_ text: String) -> [Character] {
        Array(text.decomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping)
    }
}
