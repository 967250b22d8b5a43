@preconcurrency import CEditLine
// No import of the C library here: what libedit needs of it (`errno` around `el_gets` and in
// the read callback, the length of the line it gives, standard input's descriptor) comes
// from WayfinderSystem's `Platform`, and C's `stdin`, `stdout` and `stderr`, whose types
// differ between C libraries, are handed to `el_init` by the C shim (`wf_el_init`).
import WayfinderSystem

/// Reads lines at a terminal with libedit: emacs-style editing, history on Up and Down,
/// Tab completion through ``completer``, and `~/.editrc` for personal key bindings.
///
/// Creating one sets the UTF-8 locale (``Terminal/configureLocale()``) and installs the
/// Ctrl-C handler (``Terminal/installInterruptHandler()``), so Ctrl-C drops the half-typed
/// line instead of ending the process. Use one reader at a time: libedit owns the terminal
/// while a line is read.
///
/// Typed bytes are decoded as strict UTF-8 (``UTF8Validation``). Bytes that are not UTF-8 show
/// as U+FFFD while the line is edited; a line that still holds one when Enter is pressed is
/// given as ``LineInput/invalidUTF8(position:)`` (the position of that U+FFFD), never repaired.
///
/// ```swift
/// let reader: any LineReader = EditLineReader(historyEntries: store.entries) ?? PlainLineReader()
/// reader.completer = { text in commands.filter { $0.hasPrefix(text) } }
/// while case .line(let line) = reader.readLine(prompt: "> ", secret: false) { … }
/// ```
@MainActor
public final class EditLineReader: LineReader {
    let editLine: OpaquePointer
    private let history: OpaquePointer
    /// The prompt as a C string; libedit asks for it through the prompt callback.
    private var promptBuffer: UnsafeMutablePointer<CChar>
    private var prompt = ""
    /// Decodes what is typed, a byte at a time (see ``nextCharacter()``).
    private var decoder = UTF8ByteDecoder()
    /// A byte already read that ended an invalid sequence and starts the next character.
    private var pendingByte: UInt8?
    /// Whether the line being read took bytes that are not UTF-8 (each shown as U+FFFD).
    private var tookInvalidBytes = false
    /// The rows of the line being edited below the cursor's when Ctrl-C ended it (a long
    /// line wraps, and the cursor may be on any of its rows): the next prompt starts below
    /// them all, not over the rest of the line.
    private var rowsBelowCursor = 0

    /// Always true: the reader only exists on a terminal.
    public var isInteractive: Bool { true }

    /// Asked on Tab with the text before the cursor. One candidate is inserted with a space
    /// after it; several insert their longest common prefix, or, when that adds nothing, are
    /// listed below the line. The word being completed is everything after the last space,
    /// so candidates may contain ":" and "/" (`wayfinder://main/feed`). Nil makes Tab beep.
    public var completer: (@MainActor (String) -> [String])?

    /// Creates a reader on standard input, or nil when standard input is not a terminal or
    /// libedit cannot start.
    /// - Parameters:
    ///   - programName: Selects the program's section in `~/.editrc`.
    ///   - historyEntries: Earlier lines, oldest first, which Up recalls.
    public init?(programName: String = "wayfinder", historyEntries: [String] = []) {
        guard TerminalDevice.isTerminal(Platform.standardInput) else { return nil }
        TerminalDevice.configureUTF8Locale()
        ProcessSignals.installInterruptHandler()
        guard let editLine = wf_el_init(programName) else {
            return nil
        }
        guard let history = history_init() else {
            el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        promptBuffer = Self.cString(from: "")
        configure()
        for entry in historyEntries {
            addToHistory(entry)
        }
    }

    private func configure() {
        var event = HistEvent()
        _ = wf_history_set_size(history, &event, 1000)
        _ = wf_history_set_unique(history, &event, 1)
        // The client data must be set before anything can call back into this object.
        _ = wf_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        _ = wf_el_set_prompt(editLine) { editLine in
            guard let reader = EditLineReader.reader(of: editLine) else { return nil }
            let address = MainActor.assumeIsolated { UInt(bitPattern: reader.promptBuffer) }
            return UnsafeMutablePointer(bitPattern: address)
        }
        _ = wf_el_set_editor(editLine, "emacs")
        // libedit's own signal handling re-sends each signal to the whole process group and
        // can crash when a signal lands on another thread; reading characters ourselves,
        // with polls that notice our handlers' flags, ends the line on Ctrl-C, SIGTERM and
        // SIGHUP instead.
        _ = wf_el_set_signal(editLine, 0)
        ProcessSignals.installResizeHandler()
        _ = wf_el_set_read_function(editLine) { editLine, character in
            guard let reader = EditLineReader.reader(of: editLine) else { return -1 }
            switch MainActor.assumeIsolated({ reader.nextCharacter() }) {
            case .character(let value):
                character?.pointee = value
                return 1
            case .endOfFile:
                return 0
            case .interrupted:
                Platform.lastError = Platform.interrupted
                return -1
            case .failed:
                return -1
            }
        }
        _ = wf_el_set_history(editLine, history)
        _ = wf_el_add_function(editLine, "wayfinder-complete", "Complete the word before the cursor") {
            editLine, _ in
            guard let reader = EditLineReader.reader(of: editLine) else { return UInt8(CC_ERROR) }
            return MainActor.assumeIsolated { reader.complete() }
        }
        _ = wf_el_bind(editLine, "^I", "wayfinder-complete")
        // After our bindings, so ~/.editrc can override them.
        _ = el_source(editLine, nil)
    }

    // Runs inside libedit callbacks, on the thread that called el_gets.
    private nonisolated static func reader(of editLine: OpaquePointer?) -> EditLineReader? {
        guard let editLine, let data = wf_el_get_client_data(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    isolated deinit {
        el_end(editLine)
        history_end(history)
        promptBuffer.deallocate()
    }

    /// Reads one line with editing, or without echo when `secret` is true.
    ///
    /// Gives ``LineInput/interrupted`` on Ctrl-C, and ``LineInput/endOfInput`` on Ctrl-D at
    /// an empty line, at the end of input, or when SIGTERM or SIGHUP arrives (see
    /// ``Terminal/installTerminationHandlers()``). After Ctrl-C the cursor is moved to a fresh
    /// line; after the end of input it is left after the prompt, for the caller to end the line.
    /// A Ctrl-C pressed before the call is forgotten. A secret line is read without libedit, so
    /// it is neither shown, edited (but for the terminal's own erase and kill keys) nor entered
    /// into the history; the newline the user typed is not echoed, so one is printed after it.
    /// Ctrl-D at a secret line gives ``LineInput/endOfInput`` whatever was typed before it.
    /// A line that is not valid UTF-8 (a secret one too) gives ``LineInput/invalidUTF8(position:)``.
    public func readLine(prompt: String, secret: Bool) -> LineInput {
        ProcessSignals.clearInterruptRequest()
        decoder.reset()
        tookInvalidBytes = false
        if secret { return readSecretLine(prompt: prompt) }
        setPrompt(prompt)
        var count: Int32 = 0
        ProcessSignals.prepareToWaitForInput()
        guard let bytes = el_gets(editLine, &count) else {
            let failure = count < 0 ? Platform.lastError : 0
            return endOfLine(interrupted: failure == Platform.interrupted)
        }
        var content = Platform.bytes(ofCString: bytes)[...]
        if content.last == UInt8(ascii: "\n") { content = content.dropLast() }
        if content.count > LineLimit.bytes { return .tooLong(bytes: content.count, start: LineLimit.quotedStart(content)) }
        switch UTF8Validation.decode(content) {
        case .failure(let invalid):
            return .invalidUTF8(position: invalid.position)
        case .success(let line):
            guard tookInvalidBytes else { return .line(line) }
            // Where the first byte that was not UTF-8 is still in the line, if it is.
            var offset = 0
            for scalar in line.unicodeScalars {
                if scalar == "\u{FFFD}" { return .invalidUTF8(position: offset + 1) }
                offset += UTF8.width(scalar)
            }
            return .line(line)
        }
    }

    /// The terminal changed size: libedit takes the new width (what its own SIGWINCH
    /// handling would do, here on the reading thread rather than in a signal handler). The
    /// line being edited is drawn at the new width at the next key; asking libedit to redraw
    /// it at once (`EL_REFRESH`) here left its idea of the cursor wrong.
    private func resize() {
        el_resize(editLine)
    }

    /// The next character typed, decoded as strict UTF-8 from single-byte reads (so nothing
    /// after the line is consumed); an invalid sequence gives U+FFFD and marks the line.
    private func nextCharacter() -> CharacterRead {
        while true {
            let byte: UInt8
            if let pending = pendingByte {
                byte = pending
                pendingByte = nil
            } else {
                var value: UInt8 = 0
                switch withUnsafeMutableBytes(of: &value, { InterruptibleInput.read(Platform.standardInput, into: $0, onResize: resize) }) {
                case .bytes(let count):
                    guard count == 1 else { continue }
                    byte = value
                case .endOfFile:
                    guard decoder.isInsideSequence else { return .endOfFile }
                    decoder.reset()
                    return invalidCharacter()
                case .interrupted:
                    decoder.reset()
                    rowsBelowCursor = measureRowsBelowCursor()
                    return .interrupted
                case .failed:
                    return .failed
                }
            }
            switch decoder.decode(byte) {
            case .scalar(let scalar):
                return .character(Int32(bitPattern: scalar.value))
            case .needsMore:
                continue
            case .invalid(let consumedByte):
                if !consumedByte { pendingByte = byte }
                return invalidCharacter()
            }
        }
    }

    private func invalidCharacter() -> CharacterRead {
        tookInvalidBytes = true
        return .character(0xFFFD)
    }

    /// What reading one character for libedit gave.
    private enum CharacterRead {
        case character(Int32)
        case endOfFile
        case interrupted
        case failed
    }

    /// What a read that gave no line means, given whether it was cut short by a signal.
    private func endOfLine(interrupted: Bool) -> LineInput {
        if ProcessSignals.isTerminationRequested { return .endOfInput }
        if interrupted || ProcessSignals.isInterruptRequested {
            ProcessSignals.clearInterruptRequest()
            // The half-typed line stays on screen; the next prompt starts below it.
            Terminal.writeAndFlush(String(repeating: "\n", count: rowsBelowCursor + 1))
            rowsBelowCursor = 0
            return .interrupted
        }
        return .endOfInput
    }

    /// How many rows of the terminal the line being edited takes below the cursor's, as
    /// libedit draws it after the prompt (a character a column).
    private func measureRowsBelowCursor() -> Int {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor, let end = info.lastchar,
            start <= cursor, cursor <= end
        else { return 0 }
        func columns(_ count: Int) -> Int {
            prompt.unicodeScalars.count + String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self).unicodeScalars.count
        }
        let width = max(1, TerminalDevice.columns)
        return max(0, columns(end - start) / width - columns(cursor - start) / width)
    }

    private func setPrompt(_ newPrompt: String) {
        guard newPrompt != prompt else { return }
        promptBuffer.deallocate()
        promptBuffer = Self.cString(from: newPrompt)
        prompt = newPrompt
    }

    private static func cString(from text: String) -> UnsafeMutablePointer<CChar> {
        let bytes = text.utf8CString
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { buffer.initialize(from: base, count: source.count) }
        }
        return buffer
    }

    private func readSecretLine(prompt: String) -> LineInput {
        Terminal.writeAndFlush(prompt)
        let input = TerminalDevice.withEchoDisabled(on: Platform.standardInput) { readRawLine() }
        // Echo was off, so the Enter that ended the line did not move the cursor.
        if case .line = input { Terminal.writeAndFlush("\n") }
        return input
    }

    // read(2) in canonical mode (the terminal's mode between el_gets calls) gives at most
    // one line, so nothing after it is consumed; Ctrl-C (EINTR) ends the read. A read that
    // stops short of the buffer without a newline is Ctrl-D after typing (the kernel hands
    // the typed bytes over), and Ctrl-D on nothing typed is the end of file: either cancels
    // the prompt, and what was typed without Enter is never sent as the password.
    private func readRawLine() -> LineInput {
        var bytes: [UInt8] = []
        if let pending = pendingByte {
            pendingByte = nil
            if pending == UInt8(ascii: "\n") { return Self.decodeLine(bytes) }
            bytes.append(pending)
        }
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            switch chunk.withUnsafeMutableBytes({ InterruptibleInput.read(Platform.standardInput, into: $0) }) {
            case .bytes(let count):
                let read = chunk[..<count]
                if let newline = read.firstIndex(of: UInt8(ascii: "\n")) {
                    bytes += read[..<newline]
                    return Self.decodeLine(bytes)
                }
                guard count == chunk.count else { return .endOfInput }
                bytes += read
            case .endOfFile, .failed:
                return .endOfInput
            case .interrupted:
                if ProcessSignals.isTerminationRequested || ProcessSignals.isInterruptRequested {
                    return endOfLine(interrupted: true)
                }
            }
        }
    }

    /// The line without its "\r", or where its first byte that is not UTF-8 is.
    private static func decodeLine(_ bytes: [UInt8]) -> LineInput {
        let content = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
        if content.count > LineLimit.bytes { return .tooLong(bytes: content.count, start: LineLimit.quotedStart(content)) }
        switch UTF8Validation.decode(content) {
        case .success(let line): return .line(line)
        case .failure(let invalid): return .invalidUTF8(position: invalid.position)
        }
    }

    /// Enters `line` into the in-memory history (the last 1,000 lines; a line equal to the
    /// previous one is not entered again). Saving it is ``HistoryStore``'s job.
    public func addToHistory(_ line: String) {
        var event = HistEvent()
        _ = wf_history_enter(history, &event, line)
    }

    /// Forgets the in-memory history.
    public func clearHistory() {
        var event = HistEvent()
        _ = wf_history_clear(history, &event)
    }
}
