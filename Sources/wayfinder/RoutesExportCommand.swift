import ArgumentParser
import Wayfinder
import WayfinderKit
import WayfinderSystem
import WayfinderRouteTools

extension RoutesCommand {
    /// `wayfinder routes export aasa|assetlinks [FILE]`: the association files a web server
    /// serves for the table's web origins, made from the table.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the apple-app-site-association or assetlinks.json file for a table's web origins.",
            subcommands: [AppleAssociation.self, AssetLinks.self]
        )
    }
}

extension ExitCodes {
    /// A table to export association files for declares no web origin they can serve
    /// (EX_DATAERR: the table is valid, but not for this).
    static let noWebOrigin = ExitCode(65)
}

extension RoutesCommand.Export {
    struct AppleAssociation: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "aasa",
            abstract: "Write the apple-app-site-association file (applinks components) for the table's https origins.",
            discussion: """
                One line of JSON: the components send to the app the web links the table opens, \
                up to --depth screens above the root; a value of the wrong type (post/abc for \
                {id:int}) is sent to the app too, since the file's wildcards cannot tell types \
                apart. Exit codes: 0 written; 64 no --app-id, or one that is not TEAMID.BUNDLE; \
                65 the table declares no https web origin; 66 the table cannot be read; 78 it \
                is invalid.
                """
        )

        @Argument(help: "The .routes file ('-' for stdin); the embedded app table when left out.", completion: .file(extensions: ["routes"]))
        var file: String?

        @Option(name: .customLong("app-id"), help: "An app that opens the links, as TEAMID.BUNDLE (repeat for more).")
        var appIDs: [String] = []

        @Option(name: .long, help: "The most screens above the root a link sent to the app opens (0–32).")
        var depth: Int = RouteGraph.defaultAssociationDepth

        func run() throws {
            guard !appIDs.isEmpty else {
                throw ProgramFailure("routes export aasa needs --app-id TEAMID.BUNDLE: the app that opens the links (repeat it for more)", exitCode: ExitCodes.usage)
            }
            if let bad = appIDs.first(where: { !Self.isAppID($0) }) {
                throw ProgramFailure("--app-id '\(bad.escapingControlCharacters)' is not TEAMID.BUNDLE: a 10-character team ID of letters and digits, a dot, and a bundle ID", exitCode: ExitCodes.usage)
            }
            try RoutesCommand.Export.checkDepth(depth)
            let source = RoutesSource(path: file)
            let graph = try source.graph()
            try RoutesCommand.Export.checkShapes(of: graph, depth: depth)
            guard graph.webOrigins.contains(where: { $0.scheme == "https" }) else {
                throw ProgramFailure("\(source.displayName.escapingControlCharacters) declares no https web origin ('web https://HOST'); universal links are https only", exitCode: ExitCodes.noWebOrigin)
            }
            let text = graph.appSiteAssociation(appIDs: appIDs, depth: depth).serialized
            printOutput(text)
            if text.utf8.count > 128 * 1024 {
                reportNote("warning: the file is \(text.utf8.count) bytes; Apple reads at most 128 KB of it: lower --depth")
            }
        }

        /// `TEAMID.BUNDLE`: ten letters or digits, a dot, and a bundle ID (letters, digits, `-`, `.`).
        static func isAppID(_ text: String) -> Bool {
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].utf8.count == 10, parts[0].utf8.allSatisfy(isAlphanumeric) else { return false }
            let bundle = parts[1]
            return !bundle.isEmpty && !bundle.hasPrefix(".") && !bundle.hasSuffix(".") && !bundle.contains("..")
                && bundle.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
        }
    }

    struct AssetLinks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assetlinks",
            abstract: "Write the Digital Asset Links file (assetlinks.json) that lets an Android app open the table's web links.",
            discussion: """
                One line of JSON, one statement (delegate_permission/common.handle_all_urls). \
                Which paths the app opens is said by its manifest's intent filters, not by this \
                file. Exit codes: 0 written; 64 no --package or --fingerprint, or one that is \
                not valid; 65 the table declares no web origin; 66 the table cannot be read; 78 \
                it is invalid.
                """
        )

        @Argument(help: "The .routes file ('-' for stdin); the embedded app table when left out.", completion: .file(extensions: ["routes"]))
        var file: String?

        @Option(name: .long, help: "The Android app's package name (com.example.app).")
        var package: String?

        @Option(name: .long, help: "The SHA-256 fingerprint of a signing certificate: 32 hex bytes, colon-separated (repeat for more).")
        var fingerprint: [String] = []

        func run() throws {
            guard let package else {
                throw ProgramFailure("routes export assetlinks needs --package NAME: the Android app's package name", exitCode: ExitCodes.usage)
            }
            guard Self.isPackageName(package) else {
                throw ProgramFailure("--package '\(package.escapingControlCharacters)' is not a package name: two or more dot-separated names of letters, digits and '_', each starting with a letter", exitCode: ExitCodes.usage)
            }
            guard !fingerprint.isEmpty else {
                throw ProgramFailure("routes export assetlinks needs --fingerprint SHA256: the signing certificate's fingerprint (repeat it for more)", exitCode: ExitCodes.usage)
            }
            if let bad = fingerprint.first(where: { !Self.isFingerprint($0) }) {
                throw ProgramFailure("--fingerprint '\(bad.escapingControlCharacters)' is not a SHA-256 fingerprint: 32 hexadecimal bytes separated by ':' (AB:CD:…)", exitCode: ExitCodes.usage)
            }
            let source = RoutesSource(path: file)
            let graph = try source.graph()
            guard !graph.webOrigins.isEmpty else {
                throw ProgramFailure("\(source.displayName.escapingControlCharacters) declares no web origin ('web https://HOST')", exitCode: ExitCodes.noWebOrigin)
            }
            printOutput(graph.assetLinks(packageName: package, fingerprints: fingerprint.map { $0.uppercased() }).serialized)
        }

        /// `com.example.app`: two or more names of letters, digits and `_`, each starting with a letter.
        static func isPackageName(_ text: String) -> Bool {
            let names = text.split(separator: ".", omittingEmptySubsequences: false)
            return names.count >= 2 && names.allSatisfy { name in
                guard let first = name.utf8.first, isLetter(first) else { return false }
                return name.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
            }
        }

        /// Thirty-two bytes in hexadecimal (either case), separated by `:`.
        static func isFingerprint(_ text: String) -> Bool {
            let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
            return bytes.count == 32 && bytes.allSatisfy { $0.utf8.count == 2 && $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) }
        }
    }

    /// Exits 64 with a message when `depth` is not 0…32.
    static func checkDepth(_ depth: Int) throws {
        guard (0...RouteGraph.maximumSegments).contains(depth) else {
            throw ProgramFailure("--depth \(depth) is not a number from 0 to \(RouteGraph.maximumSegments)", exitCode: ExitCodes.usage)
        }
    }

    /// Exits 64 with a message when `graph` has too many shapes of link of `depth` screens.
    static func checkShapes(of graph: RouteGraph, depth: Int) throws {
        guard graph.associationShapesFit(depth: depth) else {
            throw ProgramFailure("--depth \(depth): the table has more than \(RouteGraph.maximumAssociationShapes) shapes of link that deep; use a lower --depth", exitCode: ExitCodes.usage)
        }
    }
}

private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
}

private func isAlphanumeric(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}
