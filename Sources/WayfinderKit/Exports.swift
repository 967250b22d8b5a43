// An app on the kit writes `import WayfinderKit` alone: the engine (routes, the store,
// coordinators) and the terminal's text (`StyledText`, `ReplReply`) come with it.
@_exported import Wayfinder
@_exported import WayfinderTerminal
