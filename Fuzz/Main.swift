// The fuzzer's entry points (see FUZZING.md). One binary, `.build/fuzz/wayfinder-fuzz`, holds
// every target, so that the engine is compiled once for all of them; the target that runs is
// `$WAYFINDER_FUZZ_TARGET`, else the name the program was started by (`make fuzz` links
// `.build/fuzz/links`, `.build/fuzz/state`… to it).
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One fuzz target: its name, what it loads before the first input, and its checks of one
/// input (a finding traps, through ``FuzzSupport/fail(_:)``).
protocol FuzzTarget: SendableMetatype {
    /// The name `make fuzz` and the program's name give the target by.
    static var name: String { get }
    /// Loads what the target needs (its tables) before the first input, so that a set-up
    /// problem is not mistaken for a finding.
    static func load()
    /// Checks one input.
    static func test(_ input: UnsafeBufferPointer<UInt8>)
}

/// Every target, in the order `make fuzz` runs them.
let fuzzTargets: [any FuzzTarget.Type] = [LinksTarget.self, StressLinksTarget.self, ExplainTarget.self, RoutesTarget.self, StateTarget.self]

/// The target chosen in `LLVMFuzzerInitialize`, before any input; read-only after it.
nonisolated(unsafe) var selectedTarget: (any FuzzTarget.Type)?

/// The target named by `$WAYFINDER_FUZZ_TARGET`, else by the last component of `program`.
func chooseTarget(program: String) -> any FuzzTarget.Type {
    var name = program.split(separator: "/").last.map(String.init) ?? program
    if let value = getenv("WAYFINDER_FUZZ_TARGET"), value.pointee != 0 { name = String(cString: value) }
    for target in fuzzTargets where target.name == name { return target }
    let names = fuzzTargets.map { $0.name }.joined(separator: ", ")
    FuzzSupport.setupFailure("no target '\(name)': set WAYFINDER_FUZZ_TARGET to one of \(names), or run the program by such a name")
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let program = argv.pointee?.pointee.map { String(cString: $0) } ?? ""
    let target = chooseTarget(program: program)
    selectedTarget = target
    FuzzSupport.initialize(argv) { target.load() }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let target = selectedTarget else { FuzzSupport.setupFailure("an input came before LLVMFuzzerInitialize chose a target") }
    target.test(UnsafeBufferPointer(start: data, count: size))
    return 0
}
