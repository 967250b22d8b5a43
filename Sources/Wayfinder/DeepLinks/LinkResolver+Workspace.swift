/// A parameter value while the walk may still back up: its kind and its decoded bytes (a
/// view of the link or of the workspace's text), so that matching and backing up cost no
/// allocation. It becomes a ``ParameterValue`` once the link has resolved.
struct Slot {
    /// The parameter's kind; `.literal` for a value the link leaves out.
    var kind: LinkIndex.Kind
    /// The value's bytes, decoded.
    var text: ByteView
    /// For an int, its value.
    var number = 0
    /// For a rest parameter, the path segment it starts at (it takes every one after it).
    var firstSegment: Int32 = 0

    static var absent: Slot { Slot(kind: .literal, text: .empty) }
}
