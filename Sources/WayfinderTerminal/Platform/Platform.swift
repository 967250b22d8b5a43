@preconcurrency import Glibc
import Synchronization

// Set from signal handlers, so they must be lock-free atomics, not actor state.
private let interruptRequested = Atomic<Bool>(false)
private let terminationRequested = Atomic<Int32>(0)
private let resizeRequested = Atomic<Bool>(false)
// The thread that reads input. A process-directed signal may land on any thread (the
// runtime and the database keep their own), so handlers pass it on to this one, where it
// interrupts the blocked read.
private let readingThread = Atomic<UInt>(0)

/// Sends `signal` on to the reading thread when it arrived elsewhere (async-signal-safe).
private func forwardToReadingThread(_ signal: Int32) {
    let reader = readingThread.load(ordering: .relaxed)
    guard reader != 0, pthread_self() != pthread_t(reader) else { return }
    _ = pthread_kill(pthread_t(reader), signal)
}

/// Every libc call of the module, except libedit's own, which `EditLineReader` makes.
enum Platform {
    /// What one `read(2)` gave.
    enum ReadOutcome: Equatable {
        /// This many bytes (at least one).
        case bytes(Int)
        case endOfFile
        /// A signal arrived before any byte (`EINTR`).
        case interrupted
        /// Any other error, with its `errno`.
        case failed(Int32)
    }

    // MARK: Terminal

    static func isTTY(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// Columns of the terminal on standard output (or input), 80 when neither is a terminal.
    static func terminalWidth() -> Int {
        for fileDescriptor in [STDOUT_FILENO, STDIN_FILENO] {
            var size = winsize()
            if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        return 80
    }

    /// Takes the character encoding from the environment, and C.UTF-8 when that is not UTF-8;
    /// libedit drops non-ASCII bytes under a non-UTF-8 locale.
    static func configureLocale() {
        if setlocale(LC_CTYPE, "") != nil, isUTF8CodeSet() {
            return
        }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }

    private static func isUTF8CodeSet() -> Bool {
        guard let codeSet = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeSet).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    /// Runs `body` with echo off on `fileDescriptor`, restoring the previous settings afterwards.
    /// When the descriptor is not a terminal, `body` runs unchanged.
    static func withEchoDisabled<T>(on fileDescriptor: Int32, _ body: () -> T) -> T {
        var saved = termios()
        guard tcgetattr(fileDescriptor, &saved) == 0 else { return body() }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(fileDescriptor, TCSANOW, &silent) == 0 else { return body() }
        defer { _ = tcsetattr(fileDescriptor, TCSANOW, &saved) }
        return body()
    }

    /// C's standard input, output and error streams, for libedit.
    static func standardStreams() -> (
        input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, error: UnsafeMutablePointer<FILE>
    ) {
        (stdin, stdout, stderr)
    }

    /// Writes `text` through C's `stdout`, the stream Swift's `print` and libedit use, and
    /// flushes it, so the order of output is kept.
    static func writeStandardOutput(_ text: String) {
        fputs(text, stdout)
        fflush(stdout)
    }

    // MARK: Signals

    /// Installs a SIGINT handler that only sets a flag. Without `SA_RESTART`, so a blocked
    /// `read` (and `el_gets`) returns with `EINTR` instead of the process dying.
    static func installInterruptHandler() {
        _ = interruptRequested.load(ordering: .relaxed)  // initialise before a signal can arrive
        readingThread.store(UInt(pthread_self()), ordering: .relaxed)
        install({ signal in
            interruptRequested.store(true, ordering: .relaxed)
            forwardToReadingThread(signal)
        }, for: [SIGINT])
    }

    /// Installs SIGTERM and SIGHUP handlers that only set a flag (also without `SA_RESTART`).
    static func installTerminationHandlers() {
        _ = terminationRequested.load(ordering: .relaxed)
        readingThread.store(UInt(pthread_self()), ordering: .relaxed)
        install({ signal in
            terminationRequested.store(signal, ordering: .relaxed)
            forwardToReadingThread(signal)
        }, for: [SIGTERM, SIGHUP])
    }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for signals: [Int32]) {
        var action = sigaction()
        action.__sigaction_handler = .init(sa_handler: handler)
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in signals {
            _ = sigaction(signal, &action, nil)
        }
    }

    /// Installs a SIGWINCH handler that only sets a flag (and wakes the reading thread):
    /// the line editor takes the new size on the reading thread (``read(_:into:onResize:)``),
    /// never in the handler.
    static func installResizeHandler() {
        _ = resizeRequested.load(ordering: .relaxed)
        install({ signal in
            resizeRequested.store(true, ordering: .relaxed)
            forwardToReadingThread(signal)
        }, for: [SIGWINCH])
    }

    static var isInterruptRequested: Bool {
        interruptRequested.load(ordering: .relaxed)
    }

    static func clearInterruptRequest() {
        interruptRequested.store(false, ordering: .relaxed)
    }

    static var isTerminationRequested: Bool {
        terminationRequested.load(ordering: .relaxed) != 0
    }

    /// The signal that asked for termination (SIGTERM or SIGHUP), if any.
    static var terminationSignal: Int32? {
        let signal = terminationRequested.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    static func clearTerminationRequest() {
        terminationRequested.store(0, ordering: .relaxed)
    }

    // MARK: Reading

    /// Makes the calling thread the one that receives Ctrl-C, SIGTERM and SIGHUP while it
    /// waits for input: it unblocks them here (the runtime's threads start with signals
    /// blocked) and handlers elsewhere pass them on to it.
    static func prepareToWaitForInput() {
        readingThread.store(UInt(pthread_self()), ordering: .relaxed)
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&signals, signal) }
        _ = pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// What reading one character gave.
    enum CharacterRead {
        case character(Int32)
        case endOfFile
        case interrupted
        case failed
    }

    /// Reads one character from `fileDescriptor`, decoding UTF-8 (the locale is set to a
    /// UTF-8 one by ``configureLocale()``); an invalid sequence gives U+FFFD.
    static func readCharacter(_ fileDescriptor: Int32) -> CharacterRead {
        var value: UInt32 = 0
        var remaining = 0
        while true {
            var byte: UInt8 = 0
            switch withUnsafeMutableBytes(of: &byte, { read(fileDescriptor, into: $0) }) {
            case .bytes(let count) where count == 1:
                if remaining > 0 {
                    guard byte & 0xC0 == 0x80 else { return .character(0xFFFD) }
                    value = value << 6 | UInt32(byte & 0x3F)
                    remaining -= 1
                    if remaining == 0 {
                        return .character(Unicode.Scalar(value) == nil ? 0xFFFD : Int32(value))
                    }
                    continue
                }
                switch byte {
                case 0x00...0x7F: return .character(Int32(byte))
                case 0xC2...0xDF: value = UInt32(byte & 0x1F); remaining = 1
                case 0xE0...0xEF: value = UInt32(byte & 0x0F); remaining = 2
                case 0xF0...0xF4: value = UInt32(byte & 0x07); remaining = 3
                default: return .character(0xFFFD)
                }
            case .bytes: continue
            case .endOfFile: return .endOfFile
            case .interrupted: return .interrupted
            case .failed: return .failed
            }
        }
    }

    /// One `read(2)` into `buffer`; returns on Ctrl-C, SIGTERM and SIGHUP, so callers can
    /// react to them. While it waits, a window resize (SIGWINCH) calls `onResize`.
    static func read(_ fileDescriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, onResize: (() -> Void)? = nil) -> ReadOutcome {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .bytes(0) }
        prepareToWaitForInput()
        // Wait in short polls rather than one blocking read: a signal that lands just before
        // the read would otherwise be noticed only when more input arrives.
        while true {
            if isTerminationRequested || isInterruptRequested { return .interrupted }
            if resizeRequested.exchange(false, ordering: .relaxed) { onResize?() }
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready > 0 { break }
            // A signal: the flags at the top of the loop say which, if it matters.
            if ready < 0, errno != EINTR { return .failed(errno) }
        }
        let count = Glibc.read(fileDescriptor, base, buffer.count)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .endOfFile }
        return errno == EINTR ? .interrupted : .failed(errno)
    }
}
