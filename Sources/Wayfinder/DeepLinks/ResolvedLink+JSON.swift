extension ResolvedLink {
    /// ``jsonValue`` as compact JSON text (what `wayfinder resolve --format json` prints):
    /// the same text as `jsonValue.serialized`, written straight from the resolved steps
    /// instead of through a tree of values.
    public var jsonText: String {
        var writer = JSONWriter(capacity: 256)
        write(to: &writer)
        return writer.text
    }

    /// Appends ``jsonText``'s UTF-8 bytes to `output` (for scripts that check thousands of
    /// links: `resolve -` writes them out in blocks).
    public func appendJSON(to output: inout [UInt8]) {
        var writer = JSONWriter()
        swap(&writer.bytes, &output)
        write(to: &writer)
        swap(&writer.bytes, &output)
    }

    private func write(to writer: inout JSONWriter) {
        let style = count > 0 ? graph.screens[Int(steps[count - 1].screen)].kind.presentationStyle : nil
        let stackCount = style == nil ? count : count - 1
        let url = self.url
        writer.append("{\"url\":")
        writer.append(string: url)
        if let web = graph.webForm(of: url) {
            writer.append(",\"web_url\":")
            writer.append(string: web)
        }
        writer.append(",\"flow\":")
        writer.append(string: flow)
        writer.append(",\"tab\":")
        if let tab { writer.append(string: tab) } else { writer.append("null") }
        writer.append(",\"stack\":[")
        for index in 0..<stackCount {
            if index > 0 { writer.append(",") }
            writeStep(index, to: &writer)
        }
        writer.append("],\"presentation\":")
        if let style {
            writeStep(count - 1, to: &writer)
            writer.bytes.removeLast()
            writer.append(",\"style\":")
            writer.append(string: style.rawValue)
            writer.append("}")
        } else {
            writer.append("null")
        }
        if let origin { write(origin, to: &writer) }
        writer.append("}")
    }

    /// `"alias": LINE` or `"migrated": {"version": V, "migrations": [LINE…]}`: how a link
    /// in another shape than today's was written.
    private func write(_ origin: LinkOrigin, to writer: inout JSONWriter) {
        switch origin {
        case .alias(let alias):
            writer.append(",\"alias\":")
            writer.append(string: alias.description)
        case .migrated(let version, let migrations):
            writer.append(",\"migrated\":{\"version\":\(version),\"migrations\":[")
            for (index, migration) in migrations.enumerated() {
                if index > 0 { writer.append(",") }
                writer.append(string: migration.text)
            }
            writer.append("]}")
        }
    }

    /// `{"screen": name, "params": {…}}` for step `index`, as ``RouteGraph/jsonValue(for:)``
    /// writes its route: parameters in declaration order, absent ones left out.
    private func writeStep(_ index: Int, to writer: inout JSONWriter) {
        let screen = graph.screens[Int(steps[index].screen)]
        writer.append("{\"screen\":")
        writer.append(string: screen.name)
        writer.append(",\"params\":{")
        var slot = Int(steps[index].valueStart)
        var first = true
        func write(_ name: String, default defaultValue: ParameterValue? = nil) {
            defer { slot += 1 }
            guard let value = values[slot] ?? defaultValue else { return }
            if !first { writer.append(",") }
            first = false
            writer.append(key: name)
            writer.append(value: value)
        }
        for segment in screen.pattern {
            if case .parameter(let name, _) = segment { write(name) }
        }
        for query in screen.query { write(query.name, default: query.defaultValue) }
        writer.append("}}")
    }
}
