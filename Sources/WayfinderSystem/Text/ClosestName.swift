/// The candidate nearest to `name` (a mistyped name), for "did you mean": within an edit
/// distance of a third of its length (at least 1); the first in alphabetical order on a tie.
public func closestName(to name: String, among candidates: some Sequence<String>) -> String? {
    let limit = max(1, name.count / 3)
    return candidates
        .compactMap { candidate in editDistance(candidate, name, limit: limit).map { (candidate, $0) } }
        .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
}

/// Levenshtein distance, for "did you mean" suggestions: `nil` when it is over `limit`.
///
/// - Complexity: O(`a.count` × `limit`): only the band of the table within `limit` of the
///   diagonal is filled, and names whose lengths differ by more than `limit` are not compared.
func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    guard abs(a.count - b.count) <= limit else { return nil }
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    let outside = limit + 1
    var previous = (0...b.count).map { $0 <= limit ? $0 : outside }
    var current = [Int](repeating: outside, count: b.count + 1)
    for i in 1...a.count {
        let low = max(1, i - limit), high = min(b.count, i + limit)
        current[0] = i <= limit ? i : outside
        if low > 1 { current[low - 1] = outside }
        var rowMinimum = current[0]
        if low <= high {
            for j in low...high {
                let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                current[j] = min(value, outside)
                rowMinimum = min(rowMinimum, current[j])
            }
        }
        if high < b.count { current[high + 1] = outside }
        guard rowMinimum <= limit else { return nil }
        swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}
