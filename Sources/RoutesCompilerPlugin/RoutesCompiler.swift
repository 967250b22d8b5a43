import Foundation
import PackagePlugin

/// Compiles a target's route table into Swift: for the table `NAME.routes`, the public enum
/// `NAMERoutes` with `graph` (the graph, built without parsing at run time) and each flow's
/// typed route enum (`MainRoute` for flow `main`). The table is parsed and checked at build
/// time by `routes-compiler`; a mistake in it fails the build at its line and column.
///
/// The tables are the `.routes` files among the target's own files: in its directory, or
/// declared as its resources. A target with none fails the build with a message saying
/// where to put one; a table elsewhere in the package is never taken in its place.
@main
struct RoutesCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "routes-compiler").url
        let tables = (target as? SourceModuleTarget)?.sourceFiles(withSuffix: "routes").map(\.url) ?? []
        guard !tables.isEmpty else {
            throw NoTable(target: target.name, directory: target.directoryURL.path)
        }
        return tables.map { table in
            let name = table.lastPathComponent
            let type = Self.typeName(forTable: name)
            let output = context.pluginWorkDirectoryURL.appending(path: "Generated\(type).swift")
            return .buildCommand(
                displayName: "Compiling \(name)",
                executable: tool,
                arguments: [table.path, output.path, name, type],
                inputFiles: [table],
                outputFiles: [output]
            )
        }
    }

    /// `app.routes` → `AppRoutes`, `my-shop.routes` → `MyShopRoutes`.
    static func typeName(forTable file: String) -> String {
        let base = file.hasSuffix(".routes") ? String(file.dropLast(".routes".count)) : file
        let words = base.split { !$0.isLetter && !$0.isNumber }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return (name.first?.isLetter == true ? name : "Table" + name) + "Routes"
    }
}

/// A target that uses the plugin has no `.routes` file of its own.
struct NoTable: Error, CustomStringConvertible {
    let target: String
    let directory: String

    var description: String {
        "target '\(target)' uses the RoutesCompiler plugin but has no .routes file: put its table in the target's directory (\(directory)/NAME.routes), or declare a table elsewhere in the package as a resource of the target"
    }
}
