import Wayfinder
import WayfinderSystem

/// The one rule for text that users type into the app's fields: the registration name, the
/// profile's name and bio, a post's title and text, search words, the forgot-password email.
/// View models apply it as soon as a field is typed (the draft stays as it was), and every
/// service that stores such text applies it again, so that no caller can store what it refuses.
///
/// Refused, with one message (``problem(in:field:)``):
///
/// - C0 controls U+0000–U+001F, DEL U+007F and C1 controls U+0080–U+009F. They move the
///   cursor, retitle or reprogram terminals, and end lines. **Tab is refused too**: every field
///   is one line of a screen, the command line splits words on tabs, and a tab would show as
///   wide as the terminal likes (the sanitizer prints it as a space), so the stored text would
///   neither look nor search like what was typed.
/// - The bidirectional embeddings and overrides U+202A–U+202E and the isolates U+2066–U+2069:
///   they reorder the text after them (an override can make `exe.txt` show as `txt.exe`), and
///   the reordering spills into whatever the screen prints after the field.
///
/// Allowed: every other character, right-to-left letters and the marks U+200E, U+200F and U+061C
/// among them (a mark is a single invisible strong character that lets right-to-left text be
/// written; it does not reorder what follows it as an override or an isolate does).
/// Escaping at output is a separate, second line of defence for text stored before this rule.
public enum UserText {
    /// Whether `scalar` is refused in a field (see ``UserText``).
    public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isControlCharacter || scalar.isBidirectionalControl
    }

    /// The first refused character of `text`, if any.
    public static func firstRefused(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isRefused)
    }

    /// The fields the rule applies to; view models and services name them alike, so a refusal
    /// reads the same whichever of them finds it.
    public enum Field: String, CaseIterable, Sendable {
        /// The sign-in name chosen when registering.
        case username = "the user name"
        /// A profile's display name.
        case displayName = "the name"
        /// A profile's bio.
        case bio = "the bio"
        /// A post's title.
        case title = "the title"
        /// A post's text.
        case body = "the text"
        /// The words searched for.
        case search = "the search"
        /// The address a password reset is sent to.
        case email = "the email address"
    }

    /// What is wrong with `text` as the value of `field`, or `nil` when it is allowed: one
    /// sentence for every refused character, naming the first by its code point (it is
    /// invisible, or worse, on a terminal).
    public static func problem(in text: String, field: Field) -> String? {
        guard let scalar = firstRefused(in: text) else { return nil }
        return "\(field.rawValue) cannot contain control characters or bidirectional overrides (found \(codePoint(scalar)))"
    }

    /// Throws the ``problem(in:field:)`` of `text`, if any.
    /// - Throws: ``ServiceError`` with that message.
    public static func check(_ text: String, field: Field) throws(ServiceError) {
        if let problem = problem(in: text, field: field) { throw ServiceError(problem) }
    }

    /// `U+001B`: at least four upper-case hex digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + Hexadecimal.string(scalar.value, minimumDigits: 4)
    }
}
