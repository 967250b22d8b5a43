import Wayfinder
import WayfinderKit

/// The sample app's route table, `Routes/app.routes`: its graph and typed route enums
/// (`LoginRoute`, `MainRoute`, `SettingsRoute`) are generated when this module is built
/// by the `RoutesCompiler` plugin, which checks the table first.
extension AppRoutes {
    /// The name the embedded table goes by in messages.
    public static let fileName = "app.routes"

    /// The text of `Routes/app.routes` as it was when the binary was built.
    public static var source: String {
        String(decoding: PackageResources.app_routes, as: UTF8.self)
    }
}
