import WayfinderSystem

/// The rule for passwords, at sign-in and for new accounts alike.
///
/// Refused: C0 controls U+0000–U+001F (Tab too), DEL U+007F, C1 controls U+0080–U+009F, and
/// every bidirectional control: the marks U+061C, U+200E and U+200F, the embeddings and
/// overrides U+202A–U+202E and the isolates U+2066–U+2069.
///
/// Stricter than ``UserText``, which allows the marks: a password is never shown, so nobody
/// can see that it holds an invisible character, and such characters reach it by accident —
/// a terminal's editing key typed at the prompt (Ctrl-L, an arrow key's Esc), or a mark
/// pasted along with the text. Kept, it would make an account that cannot be used as typed.
extension AccountRules {
    /// The fewest characters a new password may have.
    public static let minimumPasswordLength = 8

    /// Whether `scalar` is refused in a password (see the rule above).
    public static func isRefusedInPassword(_ scalar: Unicode.Scalar) -> Bool {
        // The marks too: invisible, they would make a password that cannot be typed as seen.
        scalar.isControlCharacter || scalar.isBidirectionalControl || [0x061C, 0x200E, 0x200F].contains(scalar.value)
    }

    /// What is wrong with `password` as a password typed anywhere (signing in too), or `nil`:
    /// the character rule only. The message names the first refused character by its code
    /// point (and the key that types it), never the password.
    public static func problem(password: String) -> String? {
        guard let scalar = password.unicodeScalars.first(where: isRefusedInPassword) else { return nil }
        return "a password cannot contain control characters or bidirectional controls (found \(UserText.codePoint(scalar))\(key(typing: scalar)))"
    }

    /// What is wrong with `password` as a new account's password, or `nil`: the character
    /// rule, then at least ``minimumPasswordLength`` characters.
    public static func problem(newPassword password: String) -> String? {
        if let problem = problem(password: password) { return problem }
        guard password.count >= minimumPasswordLength else { return "a password needs at least \(minimumPasswordLength) characters" }
        return nil
    }

    /// `, Ctrl-L` for the control characters a key types at a terminal, else nothing.
    private static func key(typing scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x09: ", Tab"
        case 0x1B: ", Esc or an arrow key"
        case 0x01...0x1A: ", Ctrl-" + String(UnicodeScalar(UInt8(scalar.value) + 0x40))
        default: ""
        }
    }
}
