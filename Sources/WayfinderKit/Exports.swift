// An app on the kit writes `import WayfinderKit` alone: the engine (routes, the store,
// coordinators), the terminal's text (`StyledText`, `ReplReply`) and the bottom module's
// files, JSON and text rules come with it.
@_exported import Wayfinder
@_exported import WayfinderSystem
@_exported import WayfinderTerminal
