import Foundation
import PackagePlugin

/// Compiles a target's route table into Swift: for the table `NAME.routes`, the public enum
/// `NAMERoutes` with `graph` (the graph, built without parsing at run time) and each flow's
/// typed route enum (`MainRoute` for flow `main`). The table is parsed and checked at build
/// time by `routes-compiler`; a mistake in it fails the build at its line and column.
///
/// The tables: the `.routes` files among the target's own files, or else every `.routes`
/// file in the package's `Routes/` directory.
@main
struct RoutesCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "routes-compiler").url
        return tables(of: target, in: context.package).map { table in
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

    /// The target's `.routes` files, or else those in the package's `Routes/` directory.
    private func tables(of target: Target, in package: Package) -> [URL] {
        let own = (target as? SourceModuleTarget)?.sourceFiles(withSuffix: "routes").map(\.url) ?? []
        if !own.isEmpty { return own }
        let directory = package.directoryURL.appending(path: "Routes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".routes") }.sorted().map { directory.appending(path: $0) }
    }

    /// `app.routes` → `AppRoutes`, `my-shop.routes` → `MyShopRoutes`.
    static func typeName(forTable file: String) -> String {
        let base = file.hasSuffix(".routes") ? String(file.dropLast(".routes".count)) : file
        let words = base.split { !$0.isLetter && !$0.isNumber }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return (name.first?.isLetter == true ? name : "Table" + name) + "Routes"
    }
}
