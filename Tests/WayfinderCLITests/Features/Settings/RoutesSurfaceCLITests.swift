import Foundation
import Testing

/// `wayfinder routes surface` and the tiers of the sample app's table, as a user sees them
/// from the command line.
@Suite struct RoutesSurfaceCLITests {
    @Test func theSampleTablesSurfaceListsItsTiersAndLeavesTheSignOutAlertOff() throws {
        let result = try CLI.run(["routes", "surface"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["SCREEN", "PLACE", "LINK", "AFTER", "PARAMETERS", "GUARD", "ENTRY"])
        #expect(rows.contains(["compose", "main", "compose", "feed,me", "-", "signed-in", "confirm"]), "\(result.stdout)")
        #expect(rows.contains(["editProfile", "settings", "profile", "settings", "-", "signed-in", "confirm"]), "\(result.stdout)")
        #expect(rows.contains(["post", "main", "p/{id:int}", "(alias)", "feed,search,me,person", "id:int", "signed-in", "outside"]))
        #expect(rows.contains(["person", "main", "user/{id:int}", "(version", "1)", "post,comments", "id:int", "signed-in", "outside"]))
        #expect(!rows.contains { $0.first == "logout" })
        #expect(result.stdout.hasSuffix("No link from outside reaches: logout (internal)\n"))
    }

    @Test func theJSONParsesAndSaysTheSameOfATableFromStandardInput() throws {
        let table = """
            scheme s
            flow f
            screen home  f  root
            screen vault f  push vault after home entry internal
            screen key   f  push key/{n:int} after vault
            screen form  f  sheet form after home entry confirm

            """
        let result = try CLI.run(["routes", "surface", "-", "--format", "json"], stdin: table)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let surface = try #require(object["surface"] as? [[String: Any]])
        #expect(surface.map { $0["screen"] as? String } == ["home", "form"])
        #expect(surface.map { $0["entry"] as? String } == ["outside", "confirm"])
        let off = try #require(object["offSurface"] as? [[String: Any]])
        #expect(off.map { $0["screen"] as? String } == ["vault", "key"])
        #expect(off.map { $0["entry"] as? String } == ["internal", "outside"])
    }

    @Test(arguments: ["wayfinder://settings/logout", "https://wayfinder.example/settings/logout", "Wayfinder://Settings/logout/"])
    func everyFormOfALinkToTheSignOutAlertIsRefused(link: String) throws {
        let resolved = try CLI.run(["resolve", link, "--format", "json"])
        #expect(resolved.status == 65)
        #expect(resolved.stdout.isEmpty)
        let opened = try CLI.run(["open", link])
        #expect(opened.status == 65)
        #expect(opened.stderr.contains("screen 'logout' is internal"), "\(opened.stderr)")
        let batch = try CLI.run(["resolve", "-"], stdin: link + "\n")
        #expect(batch.status == 65)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(batch.stdout.utf8)) as? [String: Any])
        #expect((line["error"] as? [String: Any])?["code"] as? String == "internalScreen")
    }

    @Test func routesCheckAsksASheetWithoutATierForOne() throws {
        let table = "scheme s\nflow f\nscreen home f root\nscreen form f sheet form after home\n"
        let result = try CLI.run(["routes", "check", "-"], stdin: table)
        #expect(result.status == 0)
        #expect(result.stderr == "<stdin>:4:8: warning: screen 'form' is a sheet, which acts on arrival, and any link from outside opens it: declare its tier with 'entry outside', 'entry confirm' or 'entry internal'\n")
        let sample = try CLI.run(["routes", "check"])
        #expect(sample.stderr.isEmpty, "the sample table declares every tier it is asked for")
    }
}
