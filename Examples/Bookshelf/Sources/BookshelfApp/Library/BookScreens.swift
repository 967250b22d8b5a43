import WayfinderKit

/// A book: its rating and loan; `rate` shows a sheet over it, `borrow` an alert.
final class BookViewModel: ScreenModel {
    static let commands: [ScreenCommand<BookViewModel>] = [
        ScreenCommand("rate", "", "rate the book") { model, _ in navigate { try model.router.present(.rate) } },
        ScreenCommand("borrow", "", "borrow the book", when: { $0.catalog.loans[$0.book.id] == nil }) { model, _ in
            navigate { try model.router.present(.borrow) }
        },
    ]
    let router: LibraryRouter
    let catalog: Catalog
    let book: Book
    init(_ router: LibraryRouter, _ catalog: Catalog, book: Book) { (self.router, self.catalog, self.book) = (router, catalog, book) }
}

struct BookView: TextView {
    let model: BookViewModel
    func render() -> StyledText {
        let (book, catalog) = (model.book, model.catalog)
        var text = StyledText.line(book.title, .title)
        text.append("by \(book.author), \(book.year)")
        text.append(catalog.ratings[book.id].map { "Rated \($0) of 5." } ?? "Not rated yet.", .dim)
        text.append(catalog.loans[book.id].map { "On loan to \($0)." } ?? "On the shelf.", .dim)
        return text
    }
}

/// The sheet over a book: give it one to five stars.
final class RateViewModel: ScreenModel {
    static let commands: [ScreenCommand<RateViewModel>] = [
        ScreenCommand("stars", "<1-5>", "rate the book and close the sheet", arguments: 1...1,
            choices: { _, _ in ArgumentChoices("number of stars", ["1", "2", "3", "4", "5"]) }) { model, input in
            navigate {
                try model.router.dismiss()
                model.catalog.ratings[model.book.id] = Int(input.arguments[0])
            }
        },
    ]
    let router: LibraryRouter
    let catalog: Catalog
    let book: Book
    init(_ router: LibraryRouter, _ catalog: Catalog, book: Book) { (self.router, self.catalog, self.book) = (router, catalog, book) }
}

struct RateView: TextView {
    let model: RateViewModel
    func render() -> StyledText { .line("Rate \(model.book.title): type stars 1 to 5, or dismiss.", .title) }
}

/// The alert over a book: borrow it, `yes` or `no`.
final class BorrowViewModel: ScreenModel {
    static let commands: [ScreenCommand<BorrowViewModel>] = [
        ScreenCommand("yes", "", "borrow it for three weeks") { model, _ in
            navigate {
                try model.router.dismiss()
                model.catalog.loans[model.book.id] = model.member
            }
        },
        ScreenCommand("no", "", "leave it on the shelf") { model, _ in navigate { try model.router.dismiss() } },
    ]
    let router: LibraryRouter
    let catalog: Catalog
    let book: Book
    let member: String

    init(_ router: LibraryRouter, _ catalog: Catalog, book: Book, member: String) {
        (self.router, self.catalog, self.book, self.member) = (router, catalog, book, member)
    }
}

struct BorrowView: TextView {
    let model: BorrowViewModel
    func render() -> StyledText { .line("Borrow \(model.book.title) for three weeks? (yes or no)", .title) }
}
