/// A book of the library, on one of its shelves.
struct Book { let id: String, title: String, author: String, year: Int, shelf: String }
/// A shelf of the library: its slug names it in links.
struct Shelf { let slug: String, name: String }

/// The library's shelves and books, in memory, with this session's ratings and
/// loans. Routes name them by slug or id; view models look them up here.
@MainActor
final class Catalog {
    let shelves = [Shelf(slug: "sci-fi", name: "Science fiction"), Shelf(slug: "classics", name: "Classics")]
    let books = [
        Book(id: "dune", title: "Dune", author: "Frank Herbert", year: 1965, shelf: "sci-fi"),
        Book(id: "neuromancer", title: "Neuromancer", author: "William Gibson", year: 1984, shelf: "sci-fi"),
        Book(id: "left-hand", title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", year: 1969, shelf: "sci-fi"),
        Book(id: "earthsea", title: "A Wizard of Earthsea", author: "Ursula K. Le Guin", year: 1968, shelf: "classics"),
        Book(id: "emma", title: "Emma", author: "Jane Austen", year: 1815, shelf: "classics"),
        Book(id: "persuasion", title: "Persuasion", author: "Jane Austen", year: 1817, shelf: "classics"),
    ]
    /// Book id → stars, 1 to 5.
    var ratings: [String: Int] = [:]
    /// Book id → the member who borrowed it.
    var loans: [String: String] = [:]

    func book(_ id: String) -> Book? { books.first { $0.id == id } }
    func shelf(_ slug: String) -> Shelf? { shelves.first { $0.slug == slug } }

    /// The books of `shelf`, in the order `sort` names.
    func books(on shelf: String, by sort: LibraryRoute.Sort) -> [Book] {
        books.filter { $0.shelf == shelf }.sorted { a, b in
            switch sort {
            case .title: a.title < b.title
            case .author: (a.author, a.year) < (b.author, b.year)
            case .year: a.year < b.year
            }
        }
    }

    /// The books whose title or author holds `text`, ignoring case.
    func search(_ text: String) -> [Book] {
        books.filter { "\($0.title) \($0.author)".lowercased().contains(text.lowercased()) }
    }
}
