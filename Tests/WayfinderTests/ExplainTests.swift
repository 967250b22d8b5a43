import Testing
import Wayfinder
import WayfinderRouteTools
import WayfinderSystem

/// `RouteGraph.explain`: what read each segment of a link that resolves, the screens that
/// matched too and the rule that chose, the alias or earlier shape, the guard; where a
/// refused link stopped, what was tried there and why it failed.
@Suite struct ExplainTests {
    static let shop = Fixtures.parse("""
        scheme shop
        web https://shop.example
        guard signed-in else account
        flow account
        flow store  guard signed-in  tabs browse cart
        screen signIn    account       root
        screen browse    store.browse  root                            query q:string?
        screen cart      store.cart    root
        screen item      store         push   item/{id:int}     after browse cart
        screen reviews   store         push   reviews           after item
        screen checkout  store         sheet  checkout          after cart
        """, file: "shop.routes")

    /// Patterns that overlap after `home`, one pair for each precedence rule.
    static let overlaps = Fixtures.parse("""
        scheme o
        flow app
        screen home   app  root
        screen num    app  push  {a:int}               after home num pair any
        screen pair   app  push  {a:int}/{b:int}       after home num pair
        screen any    app  push  {slug:string}         after home num any
        screen fresh  app  push  new                   after home any
        screen files  app  push  f/{path:rest}         after home
        screen info   app  push  f/{name:string}/info  after home
        screen short  app  push  x                     after home
        screen long   app  push  x/{r:rest}            after home
        screen tail   app  push  y                     after short
        """, file: "overlaps.routes")

    @Test func aLinkThatResolvesSaysWhatReadEachSegment() throws {
        let explanation = Self.shop.explain("shop://store/browse/item/42")
        #expect(explanation.resolved?.url == "shop://store/browse/item/42")
        #expect(explanation.segments?.map(\.index) == [1, 2, 3])
        #expect(explanation.segments?.map(\.text) == ["browse", "item", "42"])
        #expect(explanation.segments?.map(\.reader) == [
            .tab(screen: "browse"), .literal(screen: "item"), .parameter(screen: "item", name: "id", type: .int),
        ])
        #expect(explanation.steps.map(\.screen) == ["browse", "item"])
        #expect(explanation.steps.map(\.segments) == [1...1, 2...3])
        #expect(explanation.steps[1].pattern == "item/{id:int}")
        #expect(explanation.stop == nil && explanation.shape == .today)
        #expect(explanation.canonicalLink == "shop://store/browse/item/42")
        let requirement = try #require(explanation.guardRequirement)
        #expect(requirement.name == "signed-in" && requirement.fallbackFlow == "account")
        #expect(requirement.fallbackLink == "shop://account" && requirement.isGranted == nil)
    }

    @Test func aValueOfTheWrongTypeIsNamedWithItsSegmentAndWhatWasExpected() throws {
        let explanation = Self.shop.explain("shop://store/browse/item/abc")
        let error = try #require(explanation.error)
        #expect(error.code == .typeMismatch && error.segment == 3)
        let stop = try #require(explanation.stop)
        #expect(stop.stage == .path && stop.segment == 3 && stop.segmentsRead == 1 && stop.after == "browse")
        #expect(stop.tried.map(\.screen) == ["item"] && stop.tried.map(\.pattern) == ["item/{id:int}"] && stop.tried.map(\.segment) == [3])
        #expect(stop.tried.map(\.reason) == ["segment 3 'abc' is not an int ('id')"])
        #expect(explanation.steps.map(\.screen) == ["browse"])
        #expect(explanation.segments?.map(\.reader) == [.tab(screen: "browse"), .unread, .unread])
    }

    @Test func anUnknownWordAndAScreenThatMayNotFollowAreNamed() throws {
        let unknown = try #require(Self.shop.explain("shop://store/browse/basket").stop)
        #expect(unknown.segment == 2)
        #expect(unknown.tried.map(\.reason) == ["segment 2 'basket' is not 'item'"])
        let edge = Self.shop.explain("shop://store/browse/reviews")
        #expect(edge.error?.code == .edgeNotAllowed)
        #expect(edge.stop?.tried.last?.screen == "reviews")
        #expect(edge.stop?.tried.last?.reason == "segment 2 'reviews' reads as it, but it cannot follow 'browse'")
        let incomplete = Self.shop.explain("shop://store/cart/item")
        #expect(incomplete.stop?.tried.first { $0.screen == "item" }?.reason == "the link ends inside its pattern: 'id' (int) is missing")
    }

    @Test(arguments: [
        ("nope", LinkExplanation.Stop.Stage.link), ("shop://nowhere/x", .link), ("shop://store/browse//item/4", .segment),
        ("shop://store/browse/item/%2E%2E", .segment), ("shop://store/basket", .tab), ("shop://store/cart/checkout/item/1", .path),
        ("shop://store/browse/item/4?page=2", .query), ("https://shop.example//store", .link),
    ])
    func aRefusalSaysWhichPartOfTheLinkItIsAbout(link: String, stage: LinkExplanation.Stop.Stage) {
        let explanation = Self.shop.explain(link)
        #expect(explanation.stop?.stage == stage)
        #expect(explanation.stop?.segment == explanation.error?.segment)
        #expect((explanation.segments == nil) == (stage == .link))
    }

    @Test func theWholePathOfALinkRefusedInItsQueryWasRead() {
        let explanation = Self.shop.explain("shop://store/browse/item/4?page=2")
        #expect(explanation.steps.map(\.screen) == ["browse", "item"])
        #expect(explanation.stop?.after == "item" && explanation.stop?.segmentsRead == 3)
    }

    @Test func aWebLinksFlowIsItsFirstSegment() {
        let explanation = Self.shop.explain("https://shop.example/store/browse/item/42")
        #expect(explanation.isWebLink)
        #expect(explanation.segments?.map(\.index) == [1, 2, 3, 4])
        #expect(explanation.segments?.first?.reader == .flow)
        #expect(explanation.steps.map(\.segments) == [2...2, 3...4])
        #expect(Self.shop.explain("https://shop.example/store/browse/item/x").stop?.segment == 4)
    }

    @Test func rivalsSayWhyTheyLost() throws {
        let pair = Self.overlaps.explain("o://app/7/8")
        #expect(pair.steps.map(\.screen) == ["home", "pair"])
        #expect(pair.steps[1].rivals.map(\.screen) == ["num", "any"])
        #expect(pair.steps[1].rivals.map(\.pattern) == ["{a:int}", "{slug:string}"])
        #expect(pair.steps[1].rivals.map(\.outcome) == [.outranked(.longerPattern), .outranked(.typeOrder(segment: 1, winner: .int, loser: .string))])
        let new = Self.overlaps.explain("o://app/new/new")
        #expect(new.steps.map(\.screen) == ["home", "any", "fresh"])
        #expect(new.steps[1].rivals.map(\.screen) == ["fresh"] && new.steps[1].rivals.map(\.outcome) == [.triedFirst])
        #expect(new.steps[2].rivals.map(\.screen) == ["any"])
        #expect(new.steps[2].rivals.map(\.outcome) == [.outranked(.literalBeatsParameter(segment: 2))])
        let info = Self.overlaps.explain("o://app/f/a/info")
        #expect(info.steps[1].rivals.map(\.screen) == ["files", "any"])
        #expect(info.steps[1].rivals.map(\.outcome) == [
            .outranked(.typeOrder(segment: 2, winner: .string, loser: .rest)), .outranked(.literalBeatsParameter(segment: 1)),
        ])
        let short = Self.overlaps.explain("o://app/x/y")
        #expect(short.steps.map(\.screen) == ["home", "short", "tail"])
        #expect(short.steps[1].rivals.first?.screen == "long" && short.steps[1].rivals.first?.outcome == .outranked(.endsBeforeRest))
        let long = Self.overlaps.explain("o://app/x/y/z")
        #expect(long.steps.map(\.screen) == ["home", "long"])
        #expect(long.steps[1].rivals.first?.screen == "short" && long.steps[1].rivals.first?.outcome == .triedFirst)
        #expect(long.description.contains("short (x) matched too; it comes first and was tried first"))
    }

    @Test func aliasesAndEarlierShapesAreNamed() throws {
        let graph = try #require(OldLinkShapeTests.version2)
        let alias = graph.explain("t://app/home/n/3")
        #expect(alias.shape == .aliases)
        #expect(alias.steps.last?.screen == "post" && alias.steps.last?.alias?.description == "alias post n/{postID:int}")
        let old = graph.explain("t://app/home/post/3/comments")
        #expect(old.shape == .version(1))
        #expect(old.steps.last?.screen == "comments" && old.steps.last?.renamedTo == "thread")
        #expect(old.description.contains("old shape   read in the shape of version 1"))
        // The alias reads further (its value is of the wrong type) than today's shape ('n'
        // names no screen): its refusal is the verdict, naming the screen, not its copy.
        let refused = graph.explain("t://app/home/n/x")
        #expect(refused.error?.segment == 3)
        #expect(refused.shape == .aliases)
        #expect(refused.error?.message == "segment 3 'x': 'postID' of screen 'post' must be an int")
        #expect(refused.otherShapes.contains { $0.shape == .today && $0.stop?.segment == 2 })
    }

    @Test func aNavigatorSaysWhetherTheGuardIsGranted() throws {
        var navigator = Navigator(graph: Self.shop)
        #expect(navigator.explain("shop://store/cart").guardRequirement?.isGranted == false)
        #expect(navigator.explain("shop://store/cart").description.contains("not granted: opening the link shows shop://account"))
        try navigator.grant("signed-in")
        #expect(navigator.explain("shop://store/cart").guardRequirement?.isGranted == true)
        #expect(navigator.explain("shop://account").guardRequirement == nil)
    }

    @Test func theJSONSaysTheVerdictAsResolveDoes() throws {
        let explanation = Self.shop.explain("shop://store/browse/item/42")
        let json = try JSONValue(parsing: Array(explanation.jsonValue.serialized.utf8))
        #expect(json.member("verdict") == .string("resolved"))
        #expect(json.member("resolved") == explanation.resolved?.jsonValue)
        #expect(json.member("steps")?.serialized.contains(#""screen":"item","pattern":"item/{id:int}","segments":[2,3]"#) == true)
        let refused = try JSONValue(parsing: Array(Self.shop.explain("shop://store/basket").jsonValue.serialized.utf8))
        #expect(refused.member("error")?.serialized == #"{"code":"unknownTab","message":"segment 1 'basket' is not a tab of flow 'store'","segment":1}"#)
        #expect(refused.member("stop")?.member("stage") == .string("tab"))
    }

    @Test func controlCharactersAreEscapedInTheText() {
        let explanation = Self.shop.explain(utf8: Array("shop://store/browse/item/%1B[31m".utf8) + [0xFF])
        #expect(explanation.error?.code == .badEncoding)
        #expect(!explanation.description.contains("\u{1B}"))
        #expect(explanation.link.hasSuffix("\\xFF"))
    }
}
