import WayfinderKit

/// What the library's view models see of its coordinator: the flow's intents.
typealias LibraryRouter = any Routable<LibraryRoute>

/// A screen of the library that lists books, which `book <id>` opens.
protocol BookList: ScreenModel {
    var router: LibraryRouter { get }
    var catalog: Catalog { get }
    /// The books shown, in order.
    var listed: [Book] { get }
}

extension BookList {
    /// `book <id>`, declared once for every list; the ids listed complete it.
    static var openBook: ScreenCommand<Self> {
        ScreenCommand("book", "<id>", "open a book", arguments: 1...1,
            choices: { model, _ in ArgumentChoices("book listed here", model.listed.map(\.id)) }) { model, input in
            navigate { try model.router.push(.book(id: input.arguments[0])) }
        }
    }

    /// `title`, then a line per book listed.
    func listing(_ title: String, empty: String = "No books.") -> StyledText {
        var text = StyledText.line(title, .title)
        if listed.isEmpty { text.append(empty, .dim) }
        for book in listed { text.append("\(book.id)  \(book.title) (\(book.year)), \(book.author)") }
        return text
    }
}

/// The shelves tab's root: every shelf.
final class ShelvesViewModel: ScreenModel {
    static let commands: [ScreenCommand<ShelvesViewModel>] = [
        ScreenCommand("shelf", "<slug>", "open a shelf", arguments: 1...1,
            choices: { model, _ in ArgumentChoices("shelf", model.catalog.shelves.map(\.slug)) }) { model, input in
            navigate { try model.router.push(.shelf(slug: input.arguments[0], sort: .title)) }
        },
    ]
    let router: LibraryRouter
    let catalog: Catalog
    init(_ router: LibraryRouter, _ catalog: Catalog) { (self.router, self.catalog) = (router, catalog) }
}

struct ShelvesView: TextView {
    let model: ShelvesViewModel
    func render() -> StyledText {
        var text = StyledText.line("Shelves", .title)
        for shelf in model.catalog.shelves { text.append("\(shelf.slug)  \(shelf.name)") }
        return text
    }
}

/// A shelf's books, in the order its link names (`shelf/sci-fi?sort=year`).
final class ShelfViewModel: BookList {
    static let commands: [ScreenCommand<ShelfViewModel>] = [
        openBook,
        ScreenCommand("sort", "<order>", "sort by title, author or year", arguments: 1...1,
            choices: { _, _ in ArgumentChoices("order", LibraryRoute.Sort.allCases.map(\.rawValue)) }) { model, input in
            guard let sort = LibraryRoute.Sort(rawValue: input.arguments[0]) else { return .failed("no such order") }
            // The order is part of the shelf's route: the shelf is replaced, as one step.
            return navigate { try model.router.perform([.pop, .push(.shelf(slug: model.shelf.slug, sort: sort))]) }
        },
    ]
    let router: LibraryRouter
    let catalog: Catalog
    let shelf: Shelf
    let sort: LibraryRoute.Sort
    var listed: [Book] { catalog.books(on: shelf.slug, by: sort) }

    init(_ router: LibraryRouter, _ catalog: Catalog, shelf: Shelf, sort: LibraryRoute.Sort) {
        (self.router, self.catalog, self.shelf, self.sort) = (router, catalog, shelf, sort)
    }
}

struct ShelfView: TextView {
    let model: ShelfViewModel
    func render() -> StyledText { model.listing("\(model.shelf.name), by \(model.sort.rawValue)") }
}

/// The search tab's root; the words searched are part of its link (`search?text=dune`).
final class SearchViewModel: BookList {
    static let commands: [ScreenCommand<SearchViewModel>] = [
        ScreenCommand("find", "<words>", "find books by title or author", arguments: 1...Int.max) { model, input in
            navigate { try model.router.replaceRoot(with: .search(text: input.freeText)) }
        },
        openBook,
    ]
    let router: LibraryRouter
    let catalog: Catalog
    let text: String?
    var listed: [Book] { text.map(catalog.search) ?? [] }
    init(_ router: LibraryRouter, _ catalog: Catalog, text: String?) { (self.router, self.catalog, self.text) = (router, catalog, text) }
}

struct SearchView: TextView {
    let model: SearchViewModel
    func render() -> StyledText {
        model.listing(model.text.map { "Search: \($0)" } ?? "Search", empty: model.text == nil ? "Type find <words>." : "Nothing found.")
    }
}
