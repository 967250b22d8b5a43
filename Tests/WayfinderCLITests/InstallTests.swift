import Foundation
import Testing

/// `make install` puts `wayfinder` where a command-line tool goes, with its man page and shell
/// completions, and `make uninstall` takes exactly those away.
///
/// The release build goes to `.build/install` (the Makefile's `SCRATCH`), not `.build`: the
/// debug tree may be in use by another SwiftPM at the same time, and the build is kept for
/// the next run.
@Suite(.serialized) struct InstallTests {
    static let scratch = ".build/install"

    /// Where each installed file goes under the prefix.
    static let installed = [
        "bin/wayfinder",
        "share/bash-completion/completions/wayfinder",
        "share/fish/vendor_completions.d/wayfinder.fish",
        "share/man/man1/wayfinder.1",
        "share/zsh/site-functions/_wayfinder",
    ]

    /// Runs `arguments` (through env, found on PATH) in the repository with `environment`
    /// added; status, stdout and stderr.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = CLI.repositoryRoot
        var env = ProcessInfo.processInfo.environment
        // What the caller's shell or an outer make set would move the files elsewhere.
        for key in ["DESTDIR", "PREFIX", "BINDIR", "DATAROOTDIR", "MANDIR", "MAN1DIR", "BASHCOMPDIR",
                    "ZSHCOMPDIR", "FISHCOMPDIR", "SCRATCH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"] {
            env[key] = nil
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // stderr to a file: two pipes read one after the other can block the writer.
        let errorsFile = URL(fileURLWithPath: try CLI.temporaryDirectory() + "/stderr")
        try Data().write(to: errorsFile)
        let errors = try FileHandle(forWritingTo: errorsFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let err = try String(contentsOf: errorsFile, encoding: .utf8)
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: err)
    }

    /// Every file (not directory) under `root`, relative to it, sorted.
    static func files(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }

    @Test func installPutsTheToolItsManPageAndCompletionsUnderThePrefixAndUninstallRemovesThem() throws {
        let prefix = try CLI.temporaryDirectory()
        let install = try Self.run(["make", "install", "PREFIX=\(prefix)", "SCRATCH=\(Self.scratch)"])
        try #require(install.status == 0, "\(install.stdout)\(install.stderr)")
        #expect(Self.files(under: prefix) == Self.installed)
        try checkBinary(prefix + "/bin/wayfinder")
        try checkManPage(prefix + "/share/man/man1/wayfinder.1")
        try checkCompletions(under: prefix + "/share")

        // Someone else's files in the same directories stay.
        let others = ["bin/other", "share/man/man1/other.1", "share/zsh/site-functions/_other"]
        for path in others { try Data("x".utf8).write(to: URL(fileURLWithPath: prefix + "/" + path)) }
        let uninstall = try Self.run(["make", "uninstall", "PREFIX=\(prefix)"])
        #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
        #expect(Self.files(under: prefix) == others.sorted())
    }

    /// `DESTDIR` stages the files under itself, as a package build does, each where it goes
    /// under the prefix; `uninstall` with the same variables removes them.
    @Test func destdirStagesTheFilesUnderItselfAndThePrefix() throws {
        let stage = try CLI.temporaryDirectory()
        let install = try Self.run(["make", "install", "DESTDIR=\(stage)", "PREFIX=/usr", "SCRATCH=\(Self.scratch)"])
        try #require(install.status == 0, "\(install.stdout)\(install.stderr)")
        #expect(Self.files(under: stage) == Self.installed.map { "usr/" + $0 })
        let uninstall = try Self.run(["make", "uninstall", "DESTDIR=\(stage)", "PREFIX=/usr"])
        #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
        #expect(Self.files(under: stage) == [])
    }

    /// The release binary: the same version as the build under test, and the static build,
    /// which runs where the Swift runtime is not installed.
    private func checkBinary(_ binary: String) throws {
        let version = try Self.run([binary, "--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
        #expect(version.stdout == (try CLI.run(["--version"])).stdout)
        let libraries = try Self.run(["ldd", binary])
        #expect(libraries.status == 0)
        #expect(!libraries.stdout.contains("libswiftCore"), "\(libraries.stdout)")
        // Installed stripped: no symbol table.
        let sections = try Self.run(["readelf", "-S", "-W", binary])
        #expect(sections.status == 0, "\(sections.stderr)")
        #expect(!sections.stdout.contains(".symtab"), "the installed binary is not stripped")
    }

    /// `man -l` renders the page, without a warning, with its sections and the subcommands.
    private func checkManPage(_ page: String) throws {
        let rendered = try Self.run(["man", "--warnings", "-l", page], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        let lines = rendered.stdout.split(separator: "\n")
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "REPL COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
            #expect(lines.contains { $0 == heading }, "\(rendered.stdout)")
        }
        // The REPL's synopsis, the variables, the files and each exit status.
        for text in ["[-c command ... | -f file]", "WAYFINDER_HOME", "XDG_STATE_HOME", "DATA/navigation.json", "     75 ", "     141 "] {
            #expect(rendered.stdout.contains(text), "\(text):\n\(rendered.stdout)")
        }
        // Each subcommand is an item of the list under DESCRIPTION.
        let items = Set(lines.compactMap { $0.split(separator: " ").first.map(String.init) })
        for subcommand in ["repl", "open", "reset", "routes", "resolve"] {
            #expect(items.contains(subcommand), "\(rendered.stdout)")
        }
    }

    /// Each script names the command it completes; bash parses its own, and it completes a
    /// subcommand, and the REPL's options where the line names no subcommand.
    private func checkCompletions(under share: String) throws {
        let scripts = [
            ("bash-completion/completions/wayfinder", "-F _wayfinder_default wayfinder"),
            ("zsh/site-functions/_wayfinder", "#compdef wayfinder"),
            ("fish/vendor_completions.d/wayfinder.fish", "complete -c 'wayfinder'"),
        ]
        for (path, mark) in scripts {
            let text = try String(contentsOfFile: share + "/" + path, encoding: .utf8)
            #expect(text.contains(mark), "\(path): \(text)")
        }
        let bash = share + "/bash-completion/completions/wayfinder"
        let parsed = try Self.run(["bash", "-n", bash])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        // As bash calls it for `wayfinder ro<Tab>`: the command, the word, the word before.
        let program = """
            source "$1"
            COMP_WORDS=(wayfinder ro); COMP_CWORD=1; COMP_LINE='wayfinder ro'; COMP_POINT=12
            _wayfinder wayfinder ro wayfinder
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let offered = try Self.run(["bash", "-c", program, "bash", bash])
        #expect(offered.stdout == "routes\n", "\(offered.stdout)\(offered.stderr)")
        // `wayfinder -<Tab>`: the REPL is what `wayfinder` alone runs, so its options.
        let options = """
            source "$1"
            COMP_WORDS=(wayfinder -); COMP_CWORD=1; COMP_LINE='wayfinder -'; COMP_POINT=11
            _wayfinder_default wayfinder - wayfinder
            printf '%s\n' "${COMPREPLY[@]}"
            """
        let offeredOptions = try Self.run(["bash", "-c", options, "bash", bash]).stdout.split(separator: "\n")
        for option in ["-c", "-f", "--bail", "--echo", "--fresh", "--data-dir", "--help"] {
            #expect(offeredOptions.contains(Substring(option)), "\(offeredOptions)")
        }
        // Files where a file goes: a script, a data directory, a routes table.
        let text = try String(contentsOfFile: bash, encoding: .utf8)
        #expect(text.contains("'-f'|'--file')\n        __wayfinder_add_completions -f"), "\(text)")
        #expect(text.contains("'--data-dir')\n        __wayfinder_add_completions -d"), "\(text)")
        #expect(text.contains("-fX '!*.@(routes)'"), "\(text)")
    }
}
