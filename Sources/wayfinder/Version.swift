/// The version of `wayfinder`: the latest release in CHANGELOG.md (a test keeps the two in
/// step). `wayfinder --version` prints it.
enum Version {
    static let current = "0.2.0"
}
