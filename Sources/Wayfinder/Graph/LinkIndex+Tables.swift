/// Reading the index: hash-table lookups and comparisons of a link's bytes with the index's,
/// a word at a time.
extension LinkIndex {
    /// The value stored for `key` in `table`. With `foldingCase`, ASCII capitals in `key`
    /// compare as lower case.
    @inline(__always)
    func lookup(_ table: Table, _ key: ByteView, foldingCase: Bool = false) -> Run? {
        guard key.count <= longestKey else { return nil }
        let owner = LinkIndex.owner(table, screenCount: screens.count, flowCount: flowCount)
        return key.withSpan { key in
            let first = LinkIndex.word(key, count: key.count)
            let word = foldingCase ? LinkIndex.lowercased(first) : first
            var slot = LinkIndex.hash(owner, key, foldingCase: foldingCase) & mask
            while true {
                let entry = entries[slot]
                if entry.owner < 0 { return nil }
                if Int(entry.owner) == owner, Int(entry.key.count) == key.count, entry.word == word,
                   key.count <= 8 || equalsStored(key, at: Int(entry.key.start), foldingCase: foldingCase) {
                    return entry.value
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The flow a link's host names, ASCII capitals compared as lower case.
    @inline(__always)
    func flow(named host: ByteView) -> Int? {
        lookup(.flow, host, foldingCase: true).map { Int($0.start) }
    }

    /// The successors of `screen` whose pattern starts with the literal `key`: a run of
    /// `lists`, or (`count == -1`) the one screen `start`.
    @inline(__always)
    func literalSuccessors(of screen: Int, _ key: ByteView) -> Run? {
        screens[screen].hasLiteralSuccessors ? lookup(.successors(screen: screen), key) : nil
    }

    /// The `offset`-th screen of `run`.
    @inline(__always)
    func screen(in run: Run, at offset: Int) -> Int {
        Int(lists[Int(run.start) + offset])
    }

    /// Whether `text` converts to the parameter `segment`.
    @inline(__always)
    func converts(_ text: ByteView, as segment: Segment) -> Bool {
        converts(text, as: segment.kind, words: Run(start: segment.start, count: segment.count))
    }

    /// The slot holding `text` as the parameter `segment` (an int parsed once, here);
    /// `nil` when it does not convert.
    @inline(__always)
    func slot(_ text: ByteView, as segment: Segment) -> Slot? {
        guard segment.kind == .int else { return converts(text, as: segment) ? Slot(kind: segment.kind, text: text) : nil }
        guard let number = text.withSpan(ParameterValue.parseInt) else { return nil }
        return Slot(kind: .int, text: text, number: number)
    }

    /// Whether `text` converts to the parameter `kind` whose words (for a set) are `words`.
    @inline(__always)
    func converts(_ text: ByteView, as kind: Kind, words: Run) -> Bool {
        text.withSpan { text in
            switch kind {
            case .int: return ParameterValue.parseInt(text) != nil
            case .string, .rest: return !text.isEmpty
            case .uuid: return UUIDValue(bytes: text) != nil
            case .literal: return false
            default: return convertsRarely(text, as: kind, words: words)
            }
        }
    }

    /// ``converts(_:as:words:)`` for the types links hold less often, kept out of the common path.
    @inline(never)
    private func convertsRarely(_ text: Span<UInt8>, as kind: Kind, words: Run) -> Bool {
        if kind == .oneOf { return isWord(text, of: words) }
        guard let type = kind.type else { return false }
        return ParameterValue(bytes: text, as: type) != nil
    }

    /// Whether `text` is one of the words (separated by `|`) of `words`.
    func isWord(_ text: Span<UInt8>, of words: Run) -> Bool {
        let stored = bytes
        var start = Int(words.start)
        let end = Int(words.start + words.count)
        for position in start...end where position == end || bytes[position] == UInt8(ascii: "|") {
            if position - start == text.count, LinkIndex.equal(text, stored.span, at: start) { return true }
            start = position + 1
        }
        return false
    }

    /// Whether `text` equals the literal of `segment`.
    @inline(__always)
    func matches(_ text: ByteView, literal segment: Segment) -> Bool {
        guard text.count == Int(segment.count) else { return false }
        return text.withSpan { text in
            LinkIndex.word(text, count: text.count) == segment.word && (text.count <= 8 || equalsStored(text, at: Int(segment.start)))
        }
    }

    /// Whether `key` equals the `key.count` bytes of ``bytes`` at `start` (see ``equal(_:_:at:foldingCase:)``);
    /// apart from the lookups, so that keys of up to 8 bytes, compared as words, never read the array.
    @inline(never)
    private func equalsStored(_ key: Span<UInt8>, at start: Int, foldingCase: Bool = false) -> Bool {
        let stored = bytes
        return LinkIndex.equal(key, stored.span, at: start, foldingCase: foldingCase)
    }

    /// The `count` bytes at `start` as a word: exact (little-endian, zero-padded) for up
    /// to 3 bytes; for 4 to 8, the first four and the last four bytes, which overlap; for
    /// more, the `index`-th whole word, the last one ending at the last byte. Given `count`,
    /// equal words mean equal bytes.
    @inline(__always)
    static func word(_ bytes: Span<UInt8>, from start: Int = 0, count: Int, at index: Int = 0) -> UInt64 {
        if count > 8 { return bytes.load(UInt64.self, at: start + min(index * 8, count - 8)) }
        if count >= 4 {
            let low = bytes.load(UInt32.self, at: start)
            let high = bytes.load(UInt32.self, at: start + count - 4)
            return UInt64(low) | UInt64(high) << 32
        }
        guard count > 0 else { return 0 }
        return UInt64(bytes[start]) | UInt64(bytes[start + count / 2]) << 8 | UInt64(bytes[start + count - 1]) << 16
    }

    /// `word` with its ASCII capitals made lower case (other bytes unchanged).
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let sevenBits = word & 0x7F7F_7F7F_7F7F_7F7F
        let fromA = sevenBits &+ 0x3F3F_3F3F_3F3F_3F3F    // high bit set where the byte is ≥ "A"
        let pastZ = sevenBits &+ 0x2525_2525_2525_2525    // high bit set where the byte is > "Z"
        let capitals = fromA & ~pastZ & ~word & 0x8080_8080_8080_8080
        return word | capitals >> 2
    }

    /// Whether the `key.count` bytes of `stored` at `start` equal `key` (with `foldingCase`,
    /// once ASCII capitals in `key` are made lower case).
    @inline(__always)
    static func equal(_ key: Span<UInt8>, _ stored: Span<UInt8>, at start: Int, foldingCase: Bool = false) -> Bool {
        for index in 0..<max(1, (key.count + 7) / 8) {
            var left = word(key, count: key.count, at: index)
            if foldingCase { left = lowercased(left) }
            if left != word(stored, from: start, count: key.count, at: index) { return false }
        }
        return true
    }

    /// A hash of the owner and the bytes, a word at a time (see ``word(_:from:count:at:)``).
    @inline(__always)
    static func hash(_ owner: Int, _ key: Span<UInt8>, foldingCase: Bool = false) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = (UInt64(truncatingIfNeeded: owner) &+ UInt64(key.count) << 40) &* multiplier
        for index in 0..<(key.count + 7) / 8 {
            var word = word(key, count: key.count, at: index)
            if foldingCase { word = lowercased(word) }
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }

    /// Checks that every run, key and hash entry of the index lies within its tables, and
    /// that every key is found where the hash table put it (for tests and fuzzers).
    func _checkInvariants() {
        func check(_ run: Run, within count: Int, _ what: String) {
            precondition(run.count < 0 || (run.start >= 0 && Int(run.start) + Int(run.count) <= count), what)
        }
        for screen in screens {
            check(screen.pattern, within: segments.count, "pattern out of range")
            check(screen.query, within: queries.count, "query out of range")
            check(screen.dynamicSuccessors, within: lists.count, "successors out of range")
        }
        for segment in segments where segment.kind == .literal || segment.kind == .oneOf {
            check(Run(start: segment.start, count: segment.count), within: bytes.count, "literal out of range")
        }
        precondition(entries.count == mask + 1 && entries.count & mask == 0, "hash table not a power of two")
        for entry in entries where entry.owner >= 0 {
            check(entry.key, within: bytes.count, "key out of range")
            precondition(Int(entry.key.count) <= longestKey, "key longer than the longest")
        }
        precondition(screenNames.count == screens.count && segmentNames.count == segments.count, "names missing")
    }
}
