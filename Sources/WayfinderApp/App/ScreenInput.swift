/// Parses a positive id (`post 7`); a failure is a usage error where it is shown.
func parseID(_ text: String, what: String) -> Result<Int, ScreenFailure> {
    guard let id = Int(text), id > 0 else {
        return .failure(ScreenFailure("'\(text)' is not a \(what) id; ids are positive whole numbers"))
    }
    return .success(id)
}

/// A failure message, for `Result`s inside view models.
struct ScreenFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
