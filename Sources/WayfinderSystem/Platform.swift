// The only import of the C library in the package's libraries: every other file of every
// module calls libc through the functions below, or through the public types of this module
// built on them (``FileSystem``, ``StandardStreams``, ``CurrentProcess``, ``ProcessSignals``,
// ``InterruptibleInput``, ``TerminalDevice``); the terminal's `EditLineReader` uses the few
// marked `package`. An import is seen only by the file that makes it, so this one file holds
// the thin wrappers the others share. Where the C libraries differ, a small `#if` below says so.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#endif

#if canImport(Musl)
/// A C stream: musl's `FILE` is an incomplete type, so Swift sees its streams as opaque.
private typealias CStream = OpaquePointer
#else
/// A C stream.
private typealias CStream = UnsafeMutablePointer<FILE>
#endif

/// Thin wrappers of libc calls, each one call (or one idiom, such as listing a directory).
/// Calls that fail return a sentinel (`-1`, `false`, `nil`) and leave the reason in
/// ``lastError``, as libc does.
package enum Platform {
    // MARK: Errors

    /// `errno`: the reason the last failed call gave.
    package static var lastError: Int32 {
        get { errno }
        set { errno = newValue }
    }

    static let noSuchFile = ENOENT
    /// `EINTR`: a signal cut the call short.
    package static let interrupted = EINTR
    static let alreadyExists = EEXIST
    static let notADirectory = ENOTDIR
    static let brokenPipe = EPIPE
    static let inputOutputError = EIO
    static let outOfSpace = ENOSPC
    /// The codes of a full disk or quota.
    static let outOfSpaceCodes: Set<Int32> = [ENOSPC, EDQUOT]
    /// The codes of a permission refused.
    static let permissionCodes: Set<Int32> = [EACCES, EPERM, EROFS]

    /// libc's text for an `errno` value.
    static func errorMessage(for code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }

    // MARK: Files

    static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }

    /// Opens a directory, only to sync it.
    static func openDirectory(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// Creates `path` for writing; fails with `EEXIST` when something is there.
    static func createNew(_ path: String, mode: UInt32) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
    }

    /// Opens `path` for appending, creating it with `mode` when missing.
    static func openForAppending(_ path: String, mode: UInt32) -> Int32 {
        open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, mode_t(mode))
    }

    static func closeFile(_ fileDescriptor: Int32) {
        _ = close(fileDescriptor)
    }

    /// One `read(2)`: the bytes read, 0 at the end, -1 on failure.
    static func readBytes(_ fileDescriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        read(fileDescriptor, buffer, count)
    }

    /// One `write(2)`: the bytes written, -1 on failure.
    static func writeBytes(_ fileDescriptor: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
        write(fileDescriptor, buffer, count)
    }

    static func sync(_ fileDescriptor: Int32) -> Bool {
        fsync(fileDescriptor) == 0
    }

    /// `flock`: waits for a shared (or an exclusive) lock on the open file.
    static func lock(_ fileDescriptor: Int32, exclusive: Bool) -> Bool {
        flock(fileDescriptor, exclusive ? LOCK_EX : LOCK_SH) == 0
    }

    /// `flock` without waiting: `true` when the lock is taken, `false` when another open
    /// file holds one that conflicts, `nil` on another failure (``lastError``).
    static func tryLock(_ fileDescriptor: Int32, exclusive: Bool) -> Bool? {
        if flock(fileDescriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 { return true }
        return errno == EWOULDBLOCK ? false : nil
    }

    /// Opens (or makes, with `mode`) a file to hold a lock on.
    static func openForLocking(_ path: String, mode: UInt32) -> Int32 {
        open(path, O_RDONLY | O_CREAT | O_CLOEXEC, mode_t(mode))
    }

    /// The major and minor numbers of device `device`, as `/proc/locks` writes them.
    static func deviceNumbers(_ device: UInt64) -> (major: UInt64, minor: UInt64) {
        (((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF)), (device & 0xFF) | ((device >> 12) & ~UInt64(0xFF)))
    }

    /// What `stat` tells of a file.
    struct FileStatus {
        var kind: FileSystem.Kind
        /// The permission bits (`0o7777`).
        var permissions: UInt32
        var size: Int
        /// Device and inode: the same for two paths (or descriptors) of one file.
        var identity: (device: UInt64, inode: UInt64)

        init(_ status: stat) {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: kind = .directory
            case S_IFREG: kind = .file
            default: kind = .other
            }
            permissions = UInt32(status.st_mode & 0o7777)
            size = Int(status.st_size)
            // Darwin's `dev_t` is signed; only equality of identities matters.
            identity = (UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
        }
    }

    /// `fstat`; nil on failure.
    static func status(of fileDescriptor: Int32) -> FileStatus? {
        var status = stat()
        return fstat(fileDescriptor, &status) == 0 ? FileStatus(status) : nil
    }

    /// `stat` (following symbolic links); nil on failure.
    static func status(ofPath path: String) -> FileStatus? {
        var status = stat()
        return stat(path, &status) == 0 ? FileStatus(status) : nil
    }

    static func setPermissions(_ mode: UInt32, of fileDescriptor: Int32) -> Bool {
        fchmod(fileDescriptor, mode_t(mode)) == 0
    }

    static func setPermissions(_ mode: UInt32, ofPath path: String) -> Bool {
        chmod(path, mode_t(mode)) == 0
    }

    static func move(_ source: String, to destination: String) -> Bool {
        rename(source, destination) == 0
    }

    /// Gives the file `source` the second name `destination`; fails with `EEXIST` when
    /// something has that name.
    static func addName(_ source: String, to destination: String) -> Bool {
        link(source, destination) == 0
    }

    static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0
    }

    static func makeDirectory(_ path: String, mode: UInt32) -> Bool {
        mkdir(path, mode_t(mode)) == 0
    }

    /// The names in the directory at `path`, `.` and `..` included, as bytes.
    /// - Throws: ``SystemError`` from `opendir` or `readdir`.
    static func entryNames(inDirectory path: String) throws(SystemError) -> [[UInt8]] {
        guard let stream = opendir(path) else { throw SystemError(operation: "opendir", path: path, code: errno) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        errno = 0
        while let entry = readdir(stream) {
            names.append(entryName(entry))
        }
        if errno != 0 { throw SystemError(operation: "readdir", path: path, code: errno) }
        return names
    }

    /// The name of a directory entry, read up to its terminating zero and no further: an
    /// entry in `readdir`'s buffer can be shorter than `dirent`, so copying the whole
    /// `d_name` array could read past the end of the buffer (it crashed, rarely).
    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        return bytes(ofCString: name)
    }

    /// The bytes of a C string, without its terminating zero.
    package static func bytes(ofCString text: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// The time now in UTC as `YYYYMMDDTHHMMSSZ`.
    static func utcTimestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard gmtime_r(&now, &parts) != nil else { return String(now) }
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%SZ", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Processes

    static var processIdentifier: Int32 { getpid() }

    /// Whether no process `pid` runs (`kill(pid, 0)` fails with `ESRCH`).
    static func isGone(_ pid: Int32) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The value of the environment variable `name`, as bytes.
    static func environmentValue(_ name: String) -> [UInt8]? {
        getenv(name).map { bytes(ofCString: $0) }
    }

    /// `exit`: runs the `atexit` handlers and flushes C's streams.
    static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }

    /// `_exit`: ends the process at once.
    static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    static func atExit(_ handler: @escaping @convention(c) () -> Void) {
        _ = atexit(handler)
    }

    // MARK: Standard streams

    private static func file(_ stream: StandardStreams.Stream) -> CStream {
        switch stream {
        case .output: stdout
        case .error: stderr
        }
    }

    /// `fputs`.
    static func put(_ text: String, to stream: StandardStreams.Stream) -> Bool {
        fputs(text, file(stream)) >= 0
    }

    /// `fwrite`: whether all of `bytes` were written.
    static func put(bytes: UnsafeRawBufferPointer, to stream: StandardStreams.Stream) -> Bool {
        fwrite(bytes.baseAddress, 1, bytes.count, file(stream)) == bytes.count
    }

    static func flush(_ stream: StandardStreams.Stream) -> Bool {
        fflush(file(stream)) == 0
    }

    /// `ferror`.
    static func hasError(_ stream: StandardStreams.Stream) -> Bool {
        ferror(file(stream)) != 0
    }

    /// `clearerr`.
    static func clearError(_ stream: StandardStreams.Stream) {
        clearerr(file(stream))
    }

    // MARK: Signals and threads

    static let interruptSignal = SIGINT
    static let terminationSignals = [SIGTERM, SIGHUP]
    static let resizeSignal = SIGWINCH
    static let brokenPipeSignal = SIGPIPE

    /// Installs `handler` for `signals`, without `SA_RESTART`, so a blocked call returns
    /// with `EINTR`.
    static func install(_ handler: @convention(c) (Int32) -> Void, for signals: [Int32]) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u = __sigaction_u(__sa_handler: handler)
        #elseif canImport(Glibc)
        action.__sigaction_handler = .init(sa_handler: handler)
        #else
        action.__sa_handler = .init(sa_handler: handler)
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in signals {
            _ = sigaction(signal, &action, nil)
        }
    }

    static func ignore(_ signalNumber: Int32) {
        _ = signal(signalNumber, SIG_IGN)
    }

    /// Unblocks `signals` for the calling thread.
    static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    #if canImport(Glibc)
    static var currentThread: UInt { UInt(pthread_self()) }

    /// `pthread_kill` (async-signal-safe).
    static func send(_ signal: Int32, toThread thread: UInt) {
        _ = pthread_kill(pthread_t(thread), signal)
    }
    #else
    // Darwin's and musl's `pthread_t` is a pointer.
    static var currentThread: UInt { UInt(bitPattern: pthread_self()) }

    /// `pthread_kill` (async-signal-safe).
    static func send(_ signal: Int32, toThread thread: UInt) {
        guard let target = pthread_t(bitPattern: thread) else { return }
        _ = pthread_kill(target, signal)
    }
    #endif

    // MARK: Terminals

    /// `STDIN_FILENO`.
    package static let standardInput = STDIN_FILENO

    /// `poll` for input on one descriptor: above 0 when there is some, 0 when
    /// `milliseconds` passed, -1 on failure (`EINTR` for a signal).
    static func waitForInput(_ fileDescriptor: Int32, milliseconds: Int32) -> Int32 {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds)
    }

    static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// The columns of the terminal on `fileDescriptor`; nil when it is not one or says 0.
    static func terminalColumns(_ fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `setlocale(LC_CTYPE, name)`; "" takes it from the environment.
    static func setCharacterTypeLocale(_ name: String) -> Bool {
        setlocale(LC_CTYPE, name) != nil
    }

    /// The character encoding of the current locale (`nl_langinfo(CODESET)`).
    static func characterEncodingName() -> String? {
        nl_langinfo(nl_item(CODESET)).map { String(cString: $0) }
    }

    /// Runs `body` with echo off on `fileDescriptor`, restoring the previous settings
    /// afterwards; when the descriptor is not a terminal, `body` runs unchanged.
    static func withEchoDisabled<T>(on fileDescriptor: Int32, _ body: () -> T) -> T {
        var saved = termios()
        guard tcgetattr(fileDescriptor, &saved) == 0 else { return body() }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(fileDescriptor, TCSANOW, &silent) == 0 else { return body() }
        defer { _ = tcsetattr(fileDescriptor, TCSANOW, &saved) }
        return body()
    }
}
