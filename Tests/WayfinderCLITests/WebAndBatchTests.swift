import Foundation
import Testing

/// Web links (`web` origins in the table) and `resolve -`, as scripts use them.
@Suite struct WebLinkCommandTests {
    /// The lines of `resolve` (text) that say what a link opens.
    private func opened(_ output: String) -> [Substring] {
        output.split(separator: "\n")
    }

    @Test func aWebLinkToTheDeclaredOriginOpensWhatItsCustomSchemeFormOpens() throws {
        let custom = try CLI.run(["resolve", "wayfinder://main/feed/post/4"])
        #expect(custom.status == 0)
        for link in [
            "HTTPS://Wayfinder.Example:443/main/feed/post/4/", "https://wayfinder.example/main/feed/post/4",
            "https://WAYFINDER.example/main/feed/post/4",
        ] {
            let web = try CLI.run(["resolve", link])
            #expect(web.status == 0, "\(link): \(web.stderr)")
            #expect(opened(web.stdout) == opened(custom.stdout), "\(link)")
        }
    }

    @Test func otherOriginsPortsAndUserPartsExit65WithThreeDifferentMessages() throws {
        let links = [
            "https://evil.example/main/feed", "https://wayfinder.example:8443/main/feed",
            "https://u@wayfinder.example/main/feed",
        ]
        var messages: Set<String> = []
        for link in links {
            let result = try CLI.run(["resolve", link])
            #expect(result.status == 65, "\(link)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("wayfinder: error: web link"), "\(result.stderr)")
            messages.insert(result.stderr)
        }
        #expect(messages.count == 3)
        #expect(try CLI.run(["resolve", "http://wayfinder.example/main/feed"]).status == 65)
    }

    @Test func jsonHasTheWebFormBesideTheCustomOne() throws {
        let result = try CLI.run(["resolve", "https://wayfinder.example/main/search?q=a%20b", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(
            #"{"url":"wayfinder://main/search?q=a%20b","web_url":"https://wayfinder.example/main/search?q=a%20b","flow":"main""#
        ))
        let routes = try CLI.temporaryFile("scheme shop\nflow store\nscreen home store root\n")
        let without = try CLI.run(["resolve", "shop://store", "--routes", routes, "--format", "json"])
        #expect(without.status == 0)
        #expect(!without.stdout.contains("web_url"))
        #expect(try CLI.run(["resolve", "https://shop.example/store", "--routes", routes]).status == 65)
    }
}

@Suite struct BatchResolveTests {
    @Test func oneJSONLinePerLinkInOrderAndExit65WhenAnyFails() throws {
        let result = try CLI.run(["resolve", "-"], stdin: "wayfinder://main/feed\nnope\n")
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[0].hasPrefix(#"{"url":"wayfinder://main/feed","#))
        #expect(lines[1] == #"{"input":"nope","error":{"code":"badScheme","message":"'nope' is not a link: expected SCHEME://FLOW/…"}}"#)
        #expect(result.stderr.isEmpty)
    }

    @Test func blankLinesAndCommentsAreSkippedAndExit0WhenAllResolve() throws {
        let input = "\n# links to check\n  wayfinder://login  \r\n\t\nhttps://wayfinder.example/main/me\nwayfinder://main/search"
        let result = try CLI.run(["resolve", "-"], stdin: input)
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.map { $0.hasPrefix(#"{"url":"wayfinder://"#) } == [true, true, true])
        #expect(try CLI.run(["resolve", "-"], stdin: "").status == 0)
    }

    @Test func everyKindOfBadLineIsAnErrorLineNotACrash() throws {
        let long = "wayfinder://main/" + String(repeating: "a", count: 100_000)
        let input = "wayfinder://main/search?q=\u{1}\n\(long)\nwayfinder://main/feed/post/x\nwayfinder://main/feed\n"
        let result = try CLI.run(["resolve", "-"], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""code":"malformed""#))
        #expect(lines[1].contains(#""code":"limitExceeded""#) && lines[1].contains("100017 bytes long"))
        #expect(lines[2].contains(#""code":"typeMismatch""#))
        #expect(lines[3].hasPrefix(#"{"url":"wayfinder://main/feed","#))
    }

    @Test func bothReadingStandardInputIsAUsageError() throws {
        let result = try CLI.run(["resolve", "--routes", "-", "-"], stdin: "scheme x\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("cannot both read standard input"))
    }
}

@Suite struct BatchResolveBytesTests {
    @Test func aLineThatIsNotUTF8IsRefusedAsSuchAndTheNextStillResolves() throws {
        let input = Array("wayfinder://main/search?q=".utf8) + [0xFF] + Array("\nhttps://wayfinder.example/main/".utf8) + [0xC0, 0xAF]
            + Array("\nwayfinder://main/feed\n".utf8)
        let result = try CLI.run(bytes: ["resolve", "-"].map { Array($0.utf8) }, stdin: input)
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"input":"wayfinder://main/search?q=\\xFF","error":{"code":"badEncoding","message":"'\\xFF' at byte 27 is not valid UTF-8"}}"#)
        #expect(lines[1].contains(#""code":"badEncoding""#) && lines[1].contains("not valid UTF-8"))
        #expect(lines[2].hasPrefix(#"{"url":"wayfinder://main/feed","#))
    }

    @Test func aWebLinkArgumentThatIsNotUTF8IsRefusedAsSuch() throws {
        let link = Array("https://wayfinder.example/main/search?q=".utf8) + [0xED, 0xA0, 0x80]
        let result = try CLI.run(bytes: [Array("resolve".utf8), link])
        #expect(result.status == 65)
        #expect(result.stderr.contains("not valid UTF-8"), "\(result.stderr)")
    }
}
