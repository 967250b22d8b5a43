import Foundation
import Testing
import Wayfinder
import WayfinderSystem

/// The saved form of a state has one description (`SavedStateFormat`): what `Codable` writes
/// is what the lenient reader reads, and the strict reader (`Codable`'s) refuses exactly
/// what the lenient one would have to drop. Every case of the bad-state table goes both ways.
@Suite struct SavedStateFormatTests {
    /// `data` read by the lenient reader: its state, whether it said a problem, and whether a
    /// stack id came out as -1 (what an id that is not a whole number reads as, for the
    /// nearest valid state to renumber).
    private func lenient(_ data: Data) throws -> (state: NavigationState, problems: Bool, idOfMinusOne: Bool)? {
        guard let json = try? JSONValue(parsing: Array(data)) else { return nil }  // Not JSON: neither reader reads it.
        guard let decoded = NavigationState.decodedLeniently(from: json) else { return nil }
        let ids = decoded.state.flows.values.flatMap(\.stacks.values).flatMap { stack in
            stack.path.map(\.id) + (stack.presentation.map { [$0.id] } ?? [])
        }
        return (decoded.state, !decoded.problems.isEmpty, ids.contains { $0.rawValue == -1 })
    }

    @Test(arguments: BadStateTableTests.stateCases)
    func theStrictReaderRefusesWhatTheLenientOneDrops(_ bad: BadStateTableTests.StateCase) throws {
        let data = try bad.data()
        let strict = try? JSONDecoder().decode(NavigationState.self, from: data)  // Refused: compared below.
        let read = try lenient(data)
        if let strict {
            #expect(read?.problems == false, "the strict reader took what the lenient one drops")
            #expect(read?.state == strict)
            // Accepted: written again, it reads back as itself, by both readers.
            let written = try JSONEncoder().encode(strict)
            #expect(try JSONDecoder().decode(NavigationState.self, from: written) == strict)
            #expect(try lenient(written)?.state == strict)
        } else {
            #expect(read == nil || read?.problems == true || read?.idOfMinusOne == true, "the strict reader refused what the lenient one reads whole")
        }
    }

    @Test func theWriterFollowsTheDescriptionKeyByKey() throws {
        let state = try BadStateTableTests.baseNavigator().state
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try JSONValue(parsing: Array(try encoder.encode(state)))
        #expect(written == SavedStateFormat.json(of: state))
        let lenient = try #require(NavigationState.decodedLeniently(from: SavedStateFormat.json(of: state)))
        #expect(lenient.problems.isEmpty)
        #expect(lenient.state == state)
    }

    @Test(arguments: [
        ParameterValue.int(-7), .string("550e8400-e29b-41d4-a716-446655440000"), .bool(true), .double(7), .double(-0.5),
        .segments(["a", "b/c"]), .string("2024-02-29"),
    ])
    func aParameterKeepsItsTypeThroughItsSavedForm(value: ParameterValue) throws {
        let written = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(ParameterValue.self, from: written) == value)
        #expect(try JSONValue(parsing: Array(written)) == SavedStateFormat.json(of: value))
    }
}
