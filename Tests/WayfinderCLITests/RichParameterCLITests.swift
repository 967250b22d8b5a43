import Testing

/// The new parameter types through the command line: `resolve` (text and JSON, custom and web
/// links), `resolve -`, and `routes check` refusing a table that breaks their rules.
@Suite struct RichParameterCLITests {
    static let table = """
        scheme shop
        web https://shop.example
        flow store
        screen home   store root
        screen files  store push files/{path:rest} after home query hidden:bool? min:double=0.5 sort:new|top=new
        """

    @Test func resolvePrintsEachTypeInJSONForCustomAndWebLinks() throws {
        let path = try CLI.temporaryFile(Self.table, name: "shop.routes")
        let expected = #"{"url":"shop://store/files/a/b%2Fc?hidden=true&min=1.5","web_url":"https://shop.example/store/files/a/b%2Fc?hidden=true&min=1.5","flow":"store","tab":null,"stack":[{"screen":"home","params":{}},{"screen":"files","params":{"path":["a","b/c"],"hidden":true,"min":1.5,"sort":"new"}}],"presentation":null,"entry":"outside"}"#
        for link in ["shop://store/files/a/b%2Fc?hidden=true&min=1.50", "HTTPS://Shop.Example:443/store/files/a/b%2Fc/?min=001.5&hidden=true&sort=new"] {
            let result = try CLI.run(["resolve", "--routes", path, "--format", "json", link])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == expected + "\n")
        }
    }

    @Test func batchResolutionAnswersEachLineWithItsValuesOrItsError() throws {
        let path = try CLI.temporaryFile(Self.table, name: "shop.routes")
        let result = try CLI.run(["resolve", "--routes", path, "-"], stdin: "shop://store/files/x?sort=top\nshop://store/files/x?sort=old\nshop://store/files/x?min=1e3\n")
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.contains(#""params":{"path":["x"],"min":0.5,"sort":"top"}"#) == true)
        #expect(lines.dropFirst().first == #"{"input":"shop://store/files/x?sort=old","error":{"code":"typeMismatch","message":"'old': 'sort' of screen 'files' must be one of new or top"}}"#)
        #expect(lines.last == #"{"input":"shop://store/files/x?min=1e3","error":{"code":"typeMismatch","message":"'1e3': 'min' of screen 'files' must be a double"}}"#)
    }

    @Test func checkRefusesATableThatBreaksTheRulesOfTheNewTypes() throws {
        let start = "scheme shop\nflow store\nscreen home store root\n"
        let cases = [
            ("screen a store push a/{p:rest} after home\nscreen b store push b after a\n",
             "5:29: 'a' ends with the rest parameter '{p:rest}', which takes the rest of the link; nothing can follow it"),
            ("screen c store push {n:int} after home\nscreen d store push {x:double} after home\n",
             "5:8: after 'home', '{n:int}' (screen 'c') and '{x:double}' (screen 'd') compete for the same segments, and a value one reads in another of its spellings (7.0 for the double 7, 07 for the int 7) prints as the other's; tell them apart by a literal"),
        ]
        for (lines, message) in cases {
            let path = try CLI.temporaryFile(start + lines)
            let result = try CLI.run(["routes", "check", path])
            #expect(result.status == 78)
            #expect(result.stderr == "\(path):\(message)\n")
        }
    }
}
