import Wayfinder
import WayfinderTerminal

/// A navigation test harness for any app built on Wayfinder, in the spirit of a
/// `TestStore`: send intents, links or typed commands, and describe how the navigation
/// state should change. In exhaustive mode (the default) every change must be described;
/// one that is not fails the test with a diff naming each differing field.
///
/// ```swift
/// let store = try NavigationTestStore(AppShell(opening: []))
/// await store.command("login alice")
/// await store.command("wonderland") {
///     $0.activeFlow = "main"
///     $0.grantedGuards = ["signed-in"]
/// }
/// await store.command("post 3") {
///     $0.stacks["main/feed"]?.append(Route("post", ["id": .int(3)]))
/// }
/// store.expectURL("wayfinder://main/feed/post/3")
/// ```
/// Failures are reported at the caller's line, in Swift Testing (or XCTest).
@MainActor
public final class NavigationTestStore {
    /// The store under test.
    public let store: NavigationStore
    /// The shell typed commands go to, if any.
    public let shell: (any ReplShell)?
    /// Whether every state change must be asserted.
    public var isExhaustive: Bool
    /// The state as the test last described it.
    public private(set) var expected: NavigationSnapshot
    private var events: [NavigationEvent] = []
    private var observer: Int?

    /// A harness over a navigation store alone (intents and links, no commands).
    public init(store: NavigationStore, exhaustive: Bool = true) {
        self.store = store
        self.shell = nil
        self.isExhaustive = exhaustive
        self.expected = NavigationSnapshot(store.state)
        observer = store.observe { [weak self] event in self?.events.append(event) }
    }

    /// A harness over an app's shell: typed commands, intents and links.
    public init(_ shell: some ReplShell & NavigationStoreProviding, exhaustive: Bool = true) {
        self.store = shell.navigationStore
        self.shell = shell
        self.isExhaustive = exhaustive
        self.expected = NavigationSnapshot(shell.navigationStore.state)
        observer = store.observe { [weak self] event in self?.events.append(event) }
    }

    /// A harness over a new navigator on `graph`, starting from `state` or from a link.
    /// - Throws: `NavigationError` when the state does not fit the graph or the link does not resolve.
    public convenience init(graph: RouteGraph, state: NavigationState? = nil, opening link: String? = nil, exhaustive: Bool = true) throws(NavigationError) {
        var navigator = Navigator(graph: graph)
        if let state { try navigator.restore(state) }
        if let link { try navigator.open(link) }
        self.init(store: NavigationStore(navigator: navigator), exhaustive: exhaustive)
    }

    isolated deinit {
        if let observer { store.removeObserver(observer) }
    }

    /// The current state.
    public var state: NavigationState { store.state }

    /// The canonical link of what is on screen.
    public var url: String { store.url }

    // MARK: - Driving

    /// Performs an engine intent, then checks the state against `assert` applied to the
    /// last described state.
    /// - Parameters:
    ///   - intent: What to do, such as `{ try $0.push(Route("comments")) }`.
    ///   - fileID: The caller's file, where a failure is reported; leave the default.
    ///   - filePath: The caller's file path (Swift Testing and XCTest); leave the default.
    ///   - line: The caller's line; leave the default.
    ///   - column: The caller's column; leave the default.
    ///   - assert: How the state should change; leave it out when nothing should change.
    public func send(
        _ intent: (inout Navigator) throws -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        assert: ((inout NavigationSnapshot) -> Void)? = nil
    ) {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            try perform(intent)
        } catch {
            reportFailure("the intent was refused: \(error.message)", at: location)
        }
        check(assert, at: location)
    }

    /// Performs an intent that must be refused with `code`; the state must not change.
    public func sendRefused(
        _ code: NavigationError.Code,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ intent: (inout Navigator) throws -> Void
    ) {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            try perform(intent)
            reportFailure("expected the intent to be refused with \(code), but it was applied", at: location)
        } catch {
            if error.code != code {
                reportFailure("expected a refusal with \(code), got \(error.code): \(error.message)", at: location)
            }
        }
        check(nil, at: location)
    }

    /// Opens a deep link, then checks the state as ``send(_:fileID:filePath:line:column:assert:)`` does.
    public func open(_ link: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column, assert: ((inout NavigationSnapshot) -> Void)? = nil) {
        send({ try $0.open(link) }, fileID: fileID, filePath: filePath, line: line, column: column, assert: assert)
    }

    /// Runs `intent` through the store, so that events are published; an error that is not
    /// a ``NavigationError`` comes back as one with the code `otherError`.
    private func perform(_ intent: (inout Navigator) throws -> Void) throws(NavigationError) {
        try store.perform(intent)
    }

    /// Types `line` into the shell, then checks the state. A command that fails is a test
    /// failure unless `failing` is true.
    /// - Returns: What the command printed, as plain text.
    @discardableResult
    public func command(
        _ text: String,
        failing: Bool = false,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        assert: ((inout NavigationSnapshot) -> Void)? = nil
    ) async -> String {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let shell else {
            reportFailure("this NavigationTestStore has no shell; create it with init(_:) to type commands", at: location)
            return ""
        }
        let reply = await shell.execute(text)
        let printed = reply.output.plainText
        if reply.isError != failing {
            reportFailure(failing ? "expected '\(text)' to fail, but it succeeded" : "'\(text)' failed: \(printed)", at: location)
        }
        check(assert, at: location)
        return printed
    }

    // MARK: - Asserting

    /// Checks the canonical link of what is on screen.
    public func expectURL(_ link: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if store.url != link {
            reportFailure("url:\n  − expected \(link)\n  + actual   \(store.url)", at: location)
        }
    }

    /// Checks the pending link.
    public func expectPending(_ link: String?, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if store.state.pending != link {
            reportFailure("pending:\n  − expected \(link ?? "nil")\n  + actual   \(store.state.pending ?? "nil")", at: location)
        }
    }

    /// Checks the events published since the last call (or the start), then forgets them.
    public func expectEvents(_ expectedEvents: [NavigationEvent], fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if events != expectedEvents {
            let want = expectedEvents.map { "    \($0)" }.joined(separator: "\n")
            let got = events.map { "    \($0)" }.joined(separator: "\n")
            reportFailure("events:\n  − expected\n\(want)\n  + actual\n\(got)", at: location)
        }
        events.removeAll()
    }

    /// Checks the change the last link opened since the last ``expectEvents(_:fileID:filePath:line:column:)``
    /// made, as `LinkEdit.description` writes it (`"pop comments"`, `"select tab search;
    /// push post(id: 3)"`); `"nothing"` when no open changed anything.
    ///
    /// ```swift
    /// store.open("wayfinder://main/feed/post/7")
    /// store.expectEdit("pop comments")
    /// ```
    public func expectEdit(_ expected: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) {
        let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let edits = events.compactMap { event -> LinkEdit? in
            if case .opened(let edit) = event { return edit }
            return nil
        }
        let actual = edits.last?.description ?? "nothing"
        if actual != expected { reportFailure("edit:\n  − expected\n    \(expected)\n  + actual\n    \(actual)", at: location) }
    }

    /// The events published since the last ``expectEvents(_:fileID:filePath:line:column:)``.
    public var receivedEvents: [NavigationEvent] { events }

    /// Compares the state with the last described one after `assert`; in exhaustive mode
    /// any difference fails, otherwise only the fields `assert` touched are compared.
    private func check(_ assert: ((inout NavigationSnapshot) -> Void)?, at location: CallerLocation) {
        let actual = NavigationSnapshot(store.state)
        var want = expected
        assert?(&want)
        if isExhaustive {
            let differences = actual.differences(from: want)
            if !differences.isEmpty {
                let headline = assert == nil
                    ? "the state changed, but the change was not asserted:"
                    : "the state is not what the assertion describes:"
                reportFailure(([headline] + differences).joined(separator: "\n"), at: location)
            }
        } else if assert != nil {
            // Non-exhaustive: only what the assertion changed must match.
            var base = expected
            assert?(&base)
            let touched = Set(base.differences(from: expected).map { $0.prefix(while: { $0 != ":" }) })
            let differences = actual.differences(from: want).filter { touched.contains($0.prefix(while: { $0 != ":" })) }
            if !differences.isEmpty {
                reportFailure((["the state is not what the assertion describes:"] + differences).joined(separator: "\n"), at: location)
            }
        }
        expected = actual
    }
}
