import BookshelfApp
import Testing
import WayfinderKit
import WayfinderTesting

/// The app driven as a person drives it (typed commands), as a script does (links), and as
/// code does (engine intents), with every change of the navigation asserted.
@MainActor
@Suite struct BookshelfNavigationTests {
    let shelves = LibraryRoute.stackKey(tab: .shelves)
    let search = LibraryRoute.stackKey(tab: .search)
    let member = BookshelfRoutes.Guard.member.rawValue

    @Test func aMemberRatesAndBorrowsABookFromAShelf() async throws {
        let shell = Shell(app: try Bookshelf())
        let store = NavigationTestStore(shell)
        await store.command("signin ana") {
            $0.activeFlow = LibraryRoute.flow
            $0.grantedGuards = [member]
        }
        await store.command("shelf sci-fi") { $0.stacks[shelves]?.append(LibraryRoute.shelf(slug: "sci-fi", sort: .title).route) }
        // The order is a parameter of the shelf's route: sorting replaces it.
        await store.command("sort year") { $0.stacks[shelves]?[1] = LibraryRoute.shelf(slug: "sci-fi", sort: .year).route }
        await store.command("book dune") { $0.stacks[shelves]?.append(LibraryRoute.book(id: "dune").route) }
        await store.command("rate") { $0.presentations[shelves] = LibraryRoute.rate.route }
        await store.command("stars 4") { $0.presentations[shelves] = nil }
        await store.command("borrow") { $0.presentations[shelves] = LibraryRoute.borrow.route }
        await store.command("yes") { $0.presentations[shelves] = nil }
        store.expectURL("bookshelf://library/shelves/shelf/sci-fi/book/dune?sort=year")
        let screen = await shell.screen().plainText
        #expect(screen.contains("Rated 4 of 5.") && screen.contains("On loan to ana."), "\(screen)")
        // Borrowed, it cannot be borrowed again: the command is no longer offered.
        await store.command("borrow", failing: true)
    }

    @Test func aLinkIntoTheLibraryWaitsForAMember() async throws {
        let store = NavigationTestStore(Shell(app: try Bookshelf()))
        // A web link, the same as bookshelf://library/search/book/dune?text=dune.
        store.open("https://bookshelf.example/library/search/book/dune?text=dune") {
            $0.pending = "bookshelf://library/search/book/dune?text=dune"
        }
        store.expectURL("bookshelf://account")
        await store.command("signin ben") {
            $0.activeFlow = LibraryRoute.flow
            $0.grantedGuards = [member]
            $0.pending = nil
            $0.selectedTabs[LibraryRoute.flow] = LibraryRoute.Tab.search.rawValue
            $0.stacks[search] = [LibraryRoute.search(text: "dune").route, LibraryRoute.book(id: "dune").route]
        }
        // Engine intents, as code sends them.
        store.send({ try $0.present(LibraryRoute.borrow.route) }) { $0.presentations[search] = LibraryRoute.borrow.route }
        // One presentation at a time: a refused intent changes nothing.
        store.sendRefused(.presentationActive) { try $0.present(LibraryRoute.rate.route) }
        await store.command("no") { $0.presentations[search] = nil }
        store.send({ try $0.selectTab(LibraryRoute.Tab.shelves.rawValue) }) {
            $0.selectedTabs[LibraryRoute.flow] = LibraryRoute.Tab.shelves.rawValue
        }
        // A link names its tab: it is selected again.
        await store.command("open bookshelf://library/search?text=austen") {
            $0.selectedTabs[LibraryRoute.flow] = LibraryRoute.Tab.search.rawValue
            $0.stacks[search] = [LibraryRoute.search(text: "austen").route]
        }
        await store.command("book emma") { $0.stacks[search]?.append(LibraryRoute.book(id: "emma").route) }
        store.expectURL("bookshelf://library/search/book/emma?text=austen")
    }

    @Test func signingOutStartsTheLibraryAfresh() async throws {
        let store = NavigationTestStore(Shell(app: try Bookshelf()))
        await store.command("signin cy") {
            $0.activeFlow = LibraryRoute.flow
            $0.grantedGuards = [member]
        }
        await store.command("shelf classics") { $0.stacks[shelves]?.append(LibraryRoute.shelf(slug: "classics", sort: .title).route) }
        await store.command("signout") {
            $0.activeFlow = AccountRoute.flow
            $0.grantedGuards = []
            $0.stacks[shelves] = [LibraryRoute.shelves.route]
        }
        await store.command("signout", failing: true)
        store.expectURL("bookshelf://account")
    }

    @Test(arguments: [
        ("signin zoe", "'zoe' is not a member of this library: ana, ben or cy"),
        ("signin", "usage: signin <member>"),
        ("sigin ana", "unknown command 'sigin' here; did you mean 'signin'?"),
        ("signout", "nobody is signed in"),
    ])
    func mistakesAreRefusedAndChangeNothing(line: String, message: String) async throws {
        let store = NavigationTestStore(Shell(app: try Bookshelf()))
        let printed = await store.command(line, failing: true)
        #expect(printed == "error: \(message)\n")
    }

    @Test func aShelfNotInTheCatalogIsRefusedWithTheNearestName() async throws {
        let store = NavigationTestStore(Shell(app: try Bookshelf()))
        await store.command("signin ana") {
            $0.activeFlow = LibraryRoute.flow
            $0.grantedGuards = [member]
        }
        #expect(await store.command("shelf sci-fo", failing: true) == "error: 'sci-fo' is not a shelf; did you mean 'sci-fi'?\n")
    }
}
