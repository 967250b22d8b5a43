import Wayfinder

/// Strict UTF-8 checks for input that arrives as bytes (lines, arguments, files), which is
/// refused, never repaired into U+FFFD, when it is not UTF-8.
///
/// Strict means Unicode's definition (Table 3-7): no overlong forms (`C0 AF`, `E0 80 AF`),
/// no surrogates (`ED A0 80`), nothing past U+10FFFF (`F4 90 80 80`, `F5`…`FF`), no lone
/// continuation bytes and no sequence cut short.
///
/// ```swift
/// UTF8Validation.firstInvalidByte(in: [0x61, 0xFF]) // 1
/// UTF8Validation.firstInvalidByte(in: Array("café".utf8)) // nil
/// ```
public enum UTF8Validation {
    /// The offset, from 0, of the first byte of `bytes` that does not belong to a valid
    /// UTF-8 sequence (the start of the first invalid sequence); `nil` when all of them do.
    /// - Complexity: O(n).
    public static func firstInvalidByte(in bytes: some Sequence<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// `bytes` as a string when they are valid UTF-8, else the 1-based position of the
    /// first byte that is not (as error messages count: "byte 3").
    public static func decode(_ bytes: some Collection<UInt8>) -> Result<String, InvalidUTF8> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        return .failure(InvalidUTF8(position: (firstInvalidByte(in: bytes) ?? 0) + 1))
    }

    /// Bytes that are not valid UTF-8, and where the first bad one is.
    public struct InvalidUTF8: Error, Hashable, Sendable, CustomStringConvertible {
        /// The position of the first byte that is not valid UTF-8, from 1.
        public let position: Int

        /// Bytes whose first invalid one is at `position` (from 1).
        public init(position: Int) {
            self.position = position
        }

        /// `not valid UTF-8 (byte N)`.
        public var description: String { "not valid UTF-8 (byte \(position))" }
    }
}

/// Decodes UTF-8 one byte at a time (for a terminal, read a byte at a time), strictly, as
/// ``UTF8Validation`` checks it.
struct UTF8ByteDecoder {
    /// What one byte gave.
    enum Step: Equatable {
        /// A whole character.
        case scalar(Unicode.Scalar)
        /// The byte started or continued a sequence that is not finished.
        case needsMore
        /// The sequence is not valid UTF-8. When `consumedByte` is false, the byte that
        /// showed it does not belong to it and must be decoded again, as the start of the next.
        case invalid(consumedByte: Bool)
    }

    private var value: UInt32 = 0
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether a sequence has been started and not finished.
    var isInsideSequence: Bool { remaining > 0 }

    /// Forgets a sequence that was started.
    mutating func reset() {
        remaining = 0
    }

    /// Decodes the next byte.
    mutating func decode(_ byte: UInt8) -> Step {
        guard remaining > 0 else { return start(byte) }
        guard byte >= lower, byte <= upper else {
            remaining = 0
            return .invalid(consumedByte: false)
        }
        value = value << 6 | UInt32(byte & 0x3F)
        remaining -= 1
        (lower, upper) = (0x80, 0xBF)
        guard remaining == 0 else { return .needsMore }
        return Unicode.Scalar(value).map(Step.scalar) ?? .invalid(consumedByte: true)
    }

    private mutating func start(_ byte: UInt8) -> Step {
        // The allowed range of the second byte rules out overlong forms, surrogates and
        // values past U+10FFFF (Unicode, Table 3-7).
        switch byte {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(byte))
        case 0xC2...0xDF: begin(byte & 0x1F, remaining: 1, 0x80...0xBF)
        case 0xE0: begin(0, remaining: 2, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: begin(byte & 0x0F, remaining: 2, 0x80...0xBF)
        case 0xED: begin(0x0D, remaining: 2, 0x80...0x9F)
        case 0xF0: begin(0, remaining: 3, 0x90...0xBF)
        case 0xF1...0xF3: begin(byte & 0x07, remaining: 3, 0x80...0xBF)
        case 0xF4: begin(0x04, remaining: 3, 0x80...0x8F)
        default: return .invalid(consumedByte: true)
        }
        return .needsMore
    }

    private mutating func begin(_ bits: UInt8, remaining count: Int, _ second: ClosedRange<UInt8>) {
        value = UInt32(bits)
        remaining = count
        (lower, upper) = (second.lowerBound, second.upperBound)
    }
}
