import WayfinderKit

/// The Bookshelf app, run by the kit's `Shell` (`Shell(app: try Bookshelf())`): a library
/// for members. Signed out, it shows the account flow; `signin NAME` grants the `member`
/// guard and shows the library, or the link that waited for it; `signout` revokes it.
@MainActor
public final class Bookshelf: ShellApp {
    /// Who may sign in (no passwords in this example).
    nonisolated static let members = ["ana", "ben", "cy"]
    private static let member = BookshelfRoutes.Guard.member.rawValue

    /// `signin`, offered while nobody is signed in (so, on the account flow's screen).
    public static let commands: [Command<Bookshelf>] = [
        Command("signin", "<member>", "sign in as a member", arguments: 1...1, when: { $0.member == nil },
            choices: { _, _ in ArgumentChoices("member of this library", members) }) { app, input in
            app.signIn(input.arguments[0])
        },
    ]
    /// `signout`, on every screen (listed under "Also:").
    public static let globalCommands: [Command<Bookshelf>] = [
        Command("signout", "", "sign out; the library starts afresh next time") { app, _ in app.signOut() },
    ]
    /// The link `help open` shows.
    public static let exampleLink: String? = "bookshelf://library/shelves/shelf/sci-fi"

    /// The navigation of both flows, checked against `bookshelf.routes`.
    public let navigationStore = NavigationStore(navigator: Navigator(graph: BookshelfRoutes.graph))
    /// One screen per place, made on first show.
    public let screens = Screens()
    /// The member signed in, if any.
    public private(set) var member: String?
    /// The library flow's intents: what its view models see.
    private lazy var library = FlowCoordinator<LibraryRoute>(store: navigationStore)
    private let catalog = Catalog()
    private let memberFile: MemberFile?

    /// The app, signed in as the member saved in `dataDirectory` if there is one; without a
    /// directory, nothing is saved.
    /// - Throws: When the saved member cannot be read.
    public init(dataDirectory: String? = nil) throws {
        memberFile = dataDirectory.map { MemberFile(file: DataFile(named: "member", in: $0)) }
        member = try memberFile?.load()
        if member != nil { try navigationStore.perform { try $0.grant(Self.member, showing: LibraryRoute.flow) } }
    }

    /// `Bookshelf`, and what to type.
    public var banner: StyledText { .line("Bookshelf. Type help for commands, Tab to complete, Ctrl-D to leave.", .title) }

    /// The view model and view of `route`; `nil` (the kit then says there is nothing to show)
    /// for what the catalog does not hold. A sheet or alert takes its book from `place`.
    public func makeScreen(for route: Route, at place: ScreenPlace) -> Screen? {
        if AccountRoute(route: route) == .signIn { return Screen(SignInViewModel(), SignInView.init) }
        var below: Book?
        if case .book(let id)? = place.follows.flatMap(LibraryRoute.init(route:)) { below = catalog.book(id) }
        switch LibraryRoute(route: route) {
        case .shelves?: return Screen(ShelvesViewModel(library, catalog), ShelvesView.init)
        case .search(let text)?: return Screen(SearchViewModel(library, catalog, text: text), SearchView.init)
        case .shelf(let slug, let sort)?:
            return catalog.shelf(slug).map { Screen(ShelfViewModel(library, catalog, shelf: $0, sort: sort), ShelfView.init) }
        case .book(let id)?: return catalog.book(id).map { Screen(BookViewModel(library, catalog, book: $0), BookView.init) }
        case .rate?: return below.map { Screen(RateViewModel(library, catalog, book: $0), RateView.init) }
        case .borrow?:
            guard let book = below, let member else { return nil }
            return Screen(BorrowViewModel(library, catalog, book: book, member: member), BorrowView.init)
        case nil: return nil
        }
    }

    /// Saves `name` and grants the guard; the shell opens the link that waited for it, checked.
    private func signIn(_ name: String) -> ReplReply {
        do {
            try memberFile?.save(name)
            try navigationStore.perform { try $0.grant(Self.member, showing: LibraryRoute.flow, openingPending: false) }
        } catch {
            return .failed(error)
        }
        member = name
        screens.removeAll()
        return .done("Welcome, \(name).")
    }

    /// Forgets the member and revokes the guard: the library starts afresh, the account flow shows.
    private func signOut() -> ReplReply {
        guard member != nil else { return .failed("nobody is signed in") }
        do {
            try memberFile?.save(nil)
            try navigationStore.perform { try $0.revoke(Self.member) }
        } catch {
            return .failed(error)
        }
        member = nil
        screens.removeAll()
        return .done("Signed out.")
    }
}
