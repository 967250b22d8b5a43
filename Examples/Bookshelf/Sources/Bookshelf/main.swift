import Wayfinder

// The graph and the typed routes come from bookshelf.routes beside this file, compiled at build time.
let graph = BookshelfRoutes.graph

let links = [
    "bookshelf://library/shelves/shelf/sci-fi/book/0441013597",
    "https://bookshelf.example/library/search/book/0441013597/author/42?text=dune",
    "bookshelf://library/shelves/shelf/classics/book/x/edition/1965/0f0e0d0c-0b0a-0908-0706-050403020100",
    "bookshelf://account/reset?token=abc",
    "bookshelf://library/shelves/shelf/classics?sort=year",
    "bookshelf://library/shelves/scans/2024/cover%2Fback.png",
    "bookshelf://library/shelves/shelf/sci-fi/book/x/rate/4.50?public=true",
]
for link in links {
    do {
        let resolved = try graph.resolve(link)
        let typed = resolved.stack.map { route in
            LibraryRoute(route: route).map { "\($0)" } ?? AccountRoute(route: route).map { "\($0)" } ?? route.description
        }
        print("\(resolved.url) -> \(typed)")
    } catch {
        print("\(link): \(error)")
    }
}

// Typed routes print back to the links they came from.
let stack: [LibraryRoute] = [.shelves, .shelf(slug: "sci-fi", sort: .title), .book(isbn: "0441013597"), .author(authorId: 42)]
print(graph.link(flow: LibraryRoute.flow, tab: LibraryRoute.Tab.shelves.rawValue, stack: stack.map(\.route), presentation: LibraryRoute.default.route))
let scans: [LibraryRoute] = [.shelves, .shelf(slug: "sci-fi", sort: .author), .book(isbn: "x")]
print(graph.link(flow: LibraryRoute.flow, tab: LibraryRoute.Tab.shelves.rawValue, stack: scans.map(\.route), presentation: LibraryRoute.rate(stars: 0.25, public: false).route))
print(graph.link(flow: LibraryRoute.flow, tab: LibraryRoute.Tab.shelves.rawValue, stack: [LibraryRoute.shelves.route, LibraryRoute.scans(path: ["a/b", "c"]).route], presentation: nil))
let account: [AccountRoute] = [.signIn, .reset(token: "abc")]
print(graph.link(flow: AccountRoute.flow, tab: nil, stack: account.map(\.route), presentation: nil))
