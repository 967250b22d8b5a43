import PackagePlugin

/// Compiles the package's route table, `Routes/app.routes`, into Swift for the target that
/// uses this plugin (`WayfinderApp`): an extension of `AppRoutes` with `compiledGraph`, the
/// graph built without parsing at run time. The table is parsed and checked at build time
/// by `routes-compiler`; a mistake in it fails the build at its line and column.
@main
struct RoutesCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "Routes").appending(path: "app.routes")
        let output = context.pluginWorkDirectoryURL.appending(path: "CompiledRoutes.swift")
        return [
            .buildCommand(
                displayName: "Compiling Routes/app.routes",
                executable: try context.tool(named: "routes-compiler").url,
                arguments: [input.path, output.path, "app.routes", "AppRoutes"],
                inputFiles: [input],
                outputFiles: [output]
            ),
        ]
    }
}
