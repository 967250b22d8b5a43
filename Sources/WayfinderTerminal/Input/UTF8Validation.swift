import WayfinderSystem

/// Strict UTF-8 checks for input that arrives as bytes (lines, arguments, files), which is
/// refused, never repaired into U+FFFD, when it is not UTF-8.
///
/// Strict means Unicode's definition (Table 3-7), the one the engine checks links with:
/// no overlong forms (`C0 AF`, `E0 80 AF`), no surrogates (`ED A0 80`), nothing past
/// U+10FFFF (`F4 90 80 80`, `F5`…`FF`), no lone continuation bytes and no sequence cut short.
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
        Array(bytes).span.firstInvalidUTF8?.lowerBound
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
/// ``UTF8Validation`` checks it: the bytes of the sequence so far are checked whole at
/// each byte, by the same rule.
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

    /// The bytes of the sequence started and not finished (at most three), then the next.
    private var sequence: [UInt8] = []

    init() {
        sequence.reserveCapacity(4)
    }

    /// Whether a sequence has been started and not finished.
    var isInsideSequence: Bool { !sequence.isEmpty }

    /// Forgets a sequence that was started.
    mutating func reset() {
        sequence.removeAll(keepingCapacity: true)
    }

    /// Decodes the next byte.
    mutating func decode(_ byte: UInt8) -> Step {
        sequence.append(byte)
        guard let error = sequence.span.utf8ValidationError else {
            // One whole character (the bytes before this one were not).
            defer { reset() }
            return String(decoding: sequence, as: UTF8.self).unicodeScalars.first.map(Step.scalar) ?? .invalid(consumedByte: true)
        }
        // Cut short at this byte: a sequence started and not finished yet.
        let takesByte = error.byteOffsets.upperBound == sequence.count
        if error.kind == .truncatedScalar, takesByte { return .needsMore }
        // Invalid: with this byte (one that starts no sequence, or a sequence that cannot
        // be finished), or before it, which then starts the next.
        reset()
        return .invalid(consumedByte: takesByte)
    }
}
