import WayfinderSystem

/// A UUID parsed from a link without Foundation: 16 bytes, printed in lower case.
public struct UUIDValue: Hashable, Sendable, Comparable {
    /// The high 64 bits.
    public let high: UInt64
    /// The low 64 bits.
    public let low: UInt64

    /// Creates a UUID from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses the 8-4-4-4-12 hexadecimal form, in either case; `nil` otherwise.
    public init?(_ text: String) {
        guard let value = UUIDValue(bytes: text.utf8.span) else { return nil }
        self = value
    }

    init?(bytes: Span<UInt8>) {
        guard bytes.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var nibbles = 0
        for index in bytes.indices {
            let byte = bytes[index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = Hexadecimal.value(of: byte) else { return nil }
            if nibbles < 16 {
                high = high << 4 | UInt64(nibble)
            } else {
                low = low << 4 | UInt64(nibble)
            }
            nibbles += 1
        }
        self.high = high
        self.low = low
    }

    public static func < (lhs: UUIDValue, rhs: UUIDValue) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

extension UUIDValue: CustomStringConvertible {
    /// The canonical lower-case 8-4-4-4-12 form.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for index in 0..<32 {
            if index == 8 || index == 12 || index == 16 || index == 20 {
                bytes.append(UInt8(ascii: "-"))
            }
            let half = index < 16 ? high : low
            let shift = UInt64(60 - (index % 16) * 4)
            bytes.append(Hexadecimal.digit(UInt8((half >> shift) & 0xF), uppercase: false))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension UUIDValue: Codable {
    /// Reads the 8-4-4-4-12 text form; any other text is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = UUIDValue(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a UUID: \(text)")
        }
        self = value
    }

    /// Writes the lower-case 8-4-4-4-12 text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
