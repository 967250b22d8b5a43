import BookshelfApp
import WayfinderKit

// `bookshelf [LINK…] [-c COMMAND…] [-f FILE] [--data-dir DIR]…`: the links, else the navigation saved, then the REPL.
await Launcher(Program(name: "bookshelf"), routes: BookshelfRoutes.graph) { dataDirectory in
    try Bookshelf(dataDirectory: dataDirectory)
}.main()
