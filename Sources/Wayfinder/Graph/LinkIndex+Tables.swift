extension LinkIndex {
    /// The index's tables as plain pointers into memory the ``LinkIndex`` owns: valid while
    /// the index lives (the graph keeps it), and free of reference counting to read.
    struct Tables {
        let screens: UnsafeBufferPointer<ScreenInfo>
        let flows: UnsafeBufferPointer<FlowInfo>
        let segments: UnsafeBufferPointer<Segment>
        let queries: UnsafeBufferPointer<QueryInfo>
        /// The bytes of every literal and key.
        let bytes: UnsafeBufferPointer<UInt8>
        /// Runs of screen indices.
        let lists: UnsafeBufferPointer<Int32>
        /// The scheme's bytes.
        let scheme: UnsafeBufferPointer<UInt8>
        /// For each byte, whether the first pass over a link must look at it: spaces and
        /// controls, `#`, `/`, `?`, `%`, and `0xC2` (which starts the C1 controls).
        let isSpecial: UnsafeBufferPointer<Bool>
        let entries: UnsafeBufferPointer<Entry>
        let edges: UnsafeBufferPointer<Edge>
        /// Every flow's name as an ``Edge`` to flow `value.start`, in declaration order.
        let flowEdges: UnsafeBufferPointer<Edge>
        /// Each screen's name.
        let screenNames: UnsafeBufferPointer<String>
        /// For each segment of `segments`, its parameter's name (empty for a literal).
        let segmentNames: UnsafeBufferPointer<String>
        /// For each parameter of `queries`, its name.
        let queryNames: UnsafeBufferPointer<String>
        let mask: Int
        let longestKey: Int
        let flowCount: Int
        /// The most query parameters any one screen declares.
        let maximumQueryCount: Int

        /// The value stored for `key` in `table`. With `foldingCase`, ASCII capitals in `key`
        /// compare as lower case.
        @inline(__always)
        func lookup(_ table: Table, _ key: UnsafeBufferPointer<UInt8>, foldingCase: Bool = false) -> Run? {
            guard key.count <= longestKey else { return nil }
            let owner = LinkIndex.owner(table, screenCount: screens.count, flowCount: flowCount)
            var slot = Tables.hash(owner, key, foldingCase: foldingCase) & mask
            while true {
                let entry = entries[slot]
                if entry.owner < 0 { return nil }
                if Int(entry.owner) == owner, Int(entry.key.count) == key.count,
                   Tables.equal(key, bytes.baseAddress! + Int(entry.key.start), foldingCase: foldingCase) {
                    return entry.value
                }
                slot = (slot + 1) & mask
            }
        }

        /// The flow a link's host names, ASCII capitals compared as lower case: compared with
        /// each flow in turn when there are few of them, else through the hash table.
        @inline(__always)
        func flow(named host: UnsafeBufferPointer<UInt8>) -> Int? {
            guard flowEdges.count <= LinkIndex.maximumEdges else {
                return lookup(.flow, host, foldingCase: true).map { Int($0.start) }
            }
            guard let base = host.baseAddress else { return nil }
            let first = Tables.lowercased(Tables.word(UnsafeRawPointer(base), count: host.count, at: 0))
            for edge in flowEdges where edge.word == first && Int(edge.key.count) == host.count {
                if host.count <= 8 || Tables.equal(host, bytes.baseAddress! + Int(edge.key.start), foldingCase: true) {
                    return Int(edge.value.start)
                }
            }
            return nil
        }

        /// The successors of `screen` whose pattern starts with the literal `key`: a run of
        /// `lists`, or (`count == -1`) the one screen `start`.
        @inline(__always)
        func literalSuccessors(of screen: Int, _ key: UnsafeBufferPointer<UInt8>) -> Run? {
            let run = screens[screen].literalSuccessors
            guard run.count >= 0 else { return lookup(.successors(screen: screen), key) }
            guard run.count > 0, let base = key.baseAddress else { return nil }
            let first = Tables.word(UnsafeRawPointer(base), count: key.count, at: 0)
            for position in Int(run.start)..<Int(run.start + run.count) {
                let edge = edges[position]
                if edge.word == first, Int(edge.key.count) == key.count,
                   key.count <= 8 || Tables.equal(key, bytes.baseAddress! + Int(edge.key.start)) {
                    return edge.value
                }
            }
            return nil
        }

        /// The `offset`-th screen of `run`.
        @inline(__always)
        func screen(in run: Run, at offset: Int) -> Int {
            Int(lists[Int(run.start) + offset])
        }

        /// `count` bytes of ``bytes`` from `start`: a literal, or a set's words.
        @inline(__always)
        func bytes(_ start: Int32, count: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(start) + Int(count)])
        }

        /// The value `text` has as the parameter `segment`; `nil` when it does not convert.
        @inline(__always)
        func convert(_ text: UnsafeBufferPointer<UInt8>, as segment: Segment) -> Slot? {
            // Only a set of words has bytes to look at: the common kinds skip finding them.
            let words = segment.kind == .oneOf ? bytes(segment.start, count: segment.count) : UnsafeBufferPointer(start: nil, count: 0)
            return Slot(text, as: segment.kind, words: words)
        }

        /// Whether `bytes` equal the literal of `segment`.
        @inline(__always)
        func matches(_ bytes: UnsafeBufferPointer<UInt8>, literal segment: Segment) -> Bool {
            bytes.count == Int(segment.count) && Tables.equal(bytes, self.bytes.baseAddress! + Int(segment.start))
        }

        /// The `count` bytes at `start` as a word: exact (little-endian, zero-padded) for up
        /// to 3 bytes; for 4 to 8, the first four and the last four bytes, which overlap.
        /// Reads only those bytes. Given `count`, equal words mean equal bytes.
        @inline(__always)
        static func word(_ start: UnsafeRawPointer, count: Int) -> UInt64 {
            if count >= 4 {
                let low = UInt32(littleEndian: start.loadUnaligned(as: UInt32.self))
                let high = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
                return UInt64(low) | UInt64(high) << 32
            }
            guard count > 0 else { return 0 }
            let first = start.load(as: UInt8.self)
            let middle = start.load(fromByteOffset: count / 2, as: UInt8.self)
            let last = start.load(fromByteOffset: count - 1, as: UInt8.self)
            return UInt64(first) | UInt64(middle) << 8 | UInt64(last) << 16
        }

        /// The `index`-th word of the `count` bytes at `start`: whole words, the last one
        /// ending at the last byte (overlapping the one before it).
        @inline(__always)
        static func word(_ start: UnsafeRawPointer, count: Int, at index: Int) -> UInt64 {
            guard count > 8 else { return word(start, count: count) }
            let offset = min(index * 8, count - 8)
            return UInt64(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
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

        /// Whether the `key.count` bytes at `stored` equal `key` (with `foldingCase`, once
        /// ASCII capitals in `key` are made lower case).
        @inline(__always)
        static func equal(_ key: UnsafeBufferPointer<UInt8>, _ stored: UnsafePointer<UInt8>, foldingCase: Bool = false) -> Bool {
            guard let base = key.baseAddress else { return true }
            for index in 0..<max(1, (key.count + 7) / 8) {
                var left = word(UnsafeRawPointer(base), count: key.count, at: index)
                if foldingCase { left = lowercased(left) }
                if left != word(UnsafeRawPointer(stored), count: key.count, at: index) { return false }
            }
            return true
        }

        /// A hash of the owner and the bytes, a word at a time (see ``word(_:count:at:)``).
        @inline(__always)
        static func hash(_ owner: Int, _ key: UnsafeBufferPointer<UInt8>, foldingCase: Bool = false) -> Int {
            let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
            var hash = (UInt64(truncatingIfNeeded: owner) &+ UInt64(key.count) << 40) &* multiplier
            if let base = key.baseAddress {
                for index in 0..<(key.count + 7) / 8 {
                    var word = word(UnsafeRawPointer(base), count: key.count, at: index)
                    if foldingCase { word = lowercased(word) }
                    hash = (hash ^ word) &* multiplier
                    hash ^= hash >> 29
                }
            }
            hash &*= 0xD6E8_FEB8_6659_FD93
            hash ^= hash >> 32
            return Int(truncatingIfNeeded: hash)
        }
    }
}
