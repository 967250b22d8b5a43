import CCrypt

/// Salted, deliberately slow password hashes: yescrypt through libxcrypt's `crypt_r`.
/// A hash is the usual `$y$…` string; it carries its own salt and cost.
public enum PasswordHasher {
    /// A new hash of `password` with a fresh random salt.
    /// - Throws: ``ServiceError`` when the system cannot make a salt or a hash.
    public static func hash(_ password: String) throws(ServiceError) -> String {
        var salt = [CChar](repeating: 0, count: 192)
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &salt, Int32(salt.count)) != nil else {
            throw ServiceError("could not make a password salt")
        }
        let end = salt.firstIndex(of: 0) ?? salt.count
        let setting = String(decoding: salt[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let hashed = crypt(password, setting: setting) else {
            throw ServiceError("could not hash the password")
        }
        return hashed
    }

    /// Whether `password` matches `hash` (compared in constant time).
    public static func verify(_ password: String, against hash: String) -> Bool {
        guard let computed = crypt(password, setting: hash) else { return false }
        let left = Array(computed.utf8), right = Array(hash.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// `crypt_r`, or `nil` on failure (libxcrypt returns a string starting with `*`).
    private static func crypt(_ password: String, setting: String) -> String? {
        guard !password.utf8.contains(0) else { return nil }
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        data.initialize(to: crypt_data())
        defer {
            data.deinitialize(count: 1)
            data.deallocate()
        }
        guard let result = crypt_r(password, setting, data) else { return nil }
        let text = String(cString: result)
        return text.hasPrefix("*") ? nil : text
    }
}
