import ArgumentParser
import Wayfinder
import WayfinderKit
import WayfinderSystem
import WayfinderRouteTools

/// `wayfinder routes check --against FILE [TABLE]`: an `apple-app-site-association` or
/// `assetlinks.json` file compared with the table it should have been made from.
struct AssociationCheck {
    let fileName: String
    let table: (name: String, graph: RouteGraph)
    let format: OutputFormat
    let depth: Int

    /// Exits 64 when the file and the table would both be read from standard input, or the
    /// depth is out of range.
    static func validate(against: String, table: String?, depth: Int) throws {
        if against == "-", table == "-" {
            throw ProgramFailure("--against and the table cannot both read standard input", exitCode: ExitCodes.usage)
        }
        try RoutesCommand.Export.checkDepth(depth)
    }

    /// Reads the file, compares, prints; exits 1 when something is reported, 65 when the file
    /// is not an association file, 66 when it cannot be read.
    func run() throws {
        try RoutesCommand.Export.checkShapes(of: table.graph, depth: depth)
        let json = try read()
        if case .array = json {
            try finish(kind: "assetlinks", checked: 0, problems: assetLinksProblems(json), inexpressible: 0)
            return
        }
        let association: AppSiteAssociation
        do {
            association = try AppSiteAssociation(parsing: json)
        } catch {
            throw ProgramFailure("\(fileName.escapingControlCharacters): not an apple-app-site-association file (an object with 'applinks') or an assetlinks.json file (an array of statements): \(error.message.escapingControlCharacters)", exitCode: ExitCodes.invalidLink)
        }
        try compare(association)
    }

    private func read() throws -> JSONValue {
        let bytes: [UInt8]
        do {
            if fileName == "-" {
                bytes = try FileSystem.readStandardInput()
            } else {
                switch try FileSystem.read(fileName, atMost: 1 << 24) {
                case .bytes(let read)?: bytes = read
                case .tooLarge(let size)?:
                    throw ProgramFailure("\(fileName.escapingControlCharacters): \(size) bytes; an association file this check reads is at most 16 MiB", exitCode: ExitCodes.invalidLink)
                case nil:
                    throw ProgramFailure("\(fileName.escapingControlCharacters): no such file", exitCode: ExitCodes.unreadableFile)
                }
            }
        } catch let error as SystemError {
            throw ProgramFailure("\(fileName.escapingControlCharacters): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
        }
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            throw ProgramFailure("\(fileName.escapingControlCharacters): not JSON (\(error))", exitCode: ExitCodes.invalidLink)
        }
    }

    /// One thing reported: a path and what is wrong with it, or a sentence about the file.
    struct Problem {
        var path: String?
        var app: String?
        var kind: String
        var message: String
    }

    /// Every path of the corpus on which the file and the table disagree, except those on
    /// which the table's own file (``RouteGraph/appSiteAssociation(appIDs:depth:)``) disagrees
    /// alike: a value of the wrong type, which no file can tell apart.
    private func compare(_ file: AppSiteAssociation) throws {
        let graph = table.graph
        guard let origin = graph.webOrigins.first(where: { $0.scheme == "https" }) ?? graph.webOrigins.first else {
            let problem = Problem(kind: "origin", message: "\(table.name) declares no web origin: the table opens no web link the file could send to the app")
            try finish(kind: "aasa", checked: 0, problems: [problem], inexpressible: 0)
            return
        }
        let reference = try AppSiteAssociation(parsing: graph.appSiteAssociation(appIDs: ["REFERENCE"], depth: depth))
        var seen: Set<String> = []
        let corpus = (graph.webLinkCorpus(depth: depth) + file.samplePaths).filter { seen.insert($0).inserted }
        let apps = file.appIDs
        var problems: [Problem] = []
        var inexpressible = 0
        for app in apps {
            for path in corpus {
                let opens = file.opens(path: path, appID: app)
                let resolved: Result<ResolvedLink, DeepLinkError>
                do { resolved = .success(try graph.resolveFromOutside("\(origin)\(path)")) } catch { resolved = .failure(error) }
                var accepted = false
                if case .success = resolved { accepted = true }
                guard opens != accepted else { continue }
                if opens == reference.opens(path: path) {
                    inexpressible += 1
                    continue
                }
                let label = apps.count > 1 ? app : nil
                switch resolved {
                case .failure(let error):
                    problems.append(Problem(path: path, app: label, kind: "refused", message: "the file opens the app but the table refuses it (\(error.message))"))
                case .success(let link):
                    let screen = link.screenNames.last ?? link.flow
                    problems.append(Problem(path: path, app: label, kind: "browser", message: "the table opens \(screen) but the file sends it to the browser"))
                }
            }
        }
        try finish(kind: "aasa", checked: corpus.count, problems: problems, inexpressible: inexpressible)
    }

    /// What is wrong with an `assetlinks.json` file for the table: its statements and the
    /// table's origins (the file holds no paths).
    private func assetLinksProblems(_ json: JSONValue) -> [Problem] {
        guard case .array(let statements) = json else { return [] }
        var problems: [Problem] = []
        var grants = false
        for (index, statement) in statements.enumerated() {
            guard case .array(let relations)? = statement.member("relation"),
                  relations.contains(.string(RouteGraph.handleAllURLs)) else { continue }
            let target = statement.member("target")
            guard case .string("android_app")? = target?.member("namespace") else { continue }
            grants = true
            let place = "statement \(index + 1)"
            var named = false
            if case .string(let name)? = target?.member("package_name") { named = RoutesCommand.Export.AssetLinks.isPackageName(name) }
            if !named {
                problems.append(Problem(kind: "statement", message: "\(place): 'package_name' is not an Android package name"))
            }
            guard case .array(let prints)? = target?.member("sha256_cert_fingerprints"), !prints.isEmpty else {
                problems.append(Problem(kind: "statement", message: "\(place): 'sha256_cert_fingerprints' must be a non-empty array"))
                continue
            }
            for fingerprint in prints {
                if case .string(let text) = fingerprint, RoutesCommand.Export.AssetLinks.isFingerprint(text) { continue }
                problems.append(Problem(kind: "statement", message: "\(place): \(fingerprint.serialized) is not a SHA-256 fingerprint (32 hexadecimal bytes separated by ':')"))
            }
        }
        if !grants {
            problems.append(Problem(kind: "statement", message: "no statement lets an Android app open the site's links (relation \(RouteGraph.handleAllURLs), target namespace android_app)"))
        }
        if table.graph.webOrigins.isEmpty {
            problems.append(Problem(kind: "origin", message: "\(table.name) declares no web origin: there is no link of the table's for the file to verify"))
        }
        return problems
    }

    private static let assetLinksNote = "assetlinks.json holds no paths (Android's are the intent filters of the app's manifest): only its statements and the table's web origins were checked"

    /// Prints the report; exits 1 when there are problems.
    private func finish(kind: String, checked: Int, problems: [Problem], inexpressible: Int) throws {
        let name = fileName == "-" ? "<stdin>" : fileName
        switch format {
        case .json:
            let items: [JSONValue] = problems.map { problem in
                .object([("path", problem.path.map(JSONValue.string) ?? .null), ("app", problem.app.map(JSONValue.string) ?? .null),
                         ("problem", .string(problem.kind)), ("message", .string(problem.message))])
            }
            var members: [(String, JSONValue)] = [("file", .string(name)), ("table", .string(table.name)), ("kind", .string(kind))]
            members += kind == "aasa"
                ? [("checked", .int(checked)), ("wrong_type_values", .int(inexpressible))]
                : [("note", .string(Self.assetLinksNote))]
            printOutput(JSONValue.object(members + [("ok", .bool(problems.isEmpty)), ("problems", .array(items))]).serialized)
        case .text:
            for problem in problems {
                let place = (problem.path.map { ": \($0)" } ?? "") + (problem.app.map { " (\($0))" } ?? "")
                printOutput("\(name)\(place): \(problem.message)".escapingControlCharacters)
            }
            if kind == "assetlinks" { printOutput("\(name): note: \(Self.assetLinksNote)".escapingControlCharacters) }
            if problems.isEmpty {
                let detail = kind == "aasa"
                    ? "\(checked) paths checked against \(table.name) up to depth \(depth); \(inexpressible) with a value of the wrong type, which no file can tell apart"
                    : "its statements agree with \(table.name)"
                printOutput("\(name): OK (\(detail))".escapingControlCharacters)
            }
        }
        if !problems.isEmpty { throw ExitCode.failure }
    }
}
