import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with a pseudo-terminal as its standard input, output and
/// error, as if a person typed at it: lines written here are echoed and read
/// by the program through the terminal's line discipline. `expect` waits for
/// text in what the program printed, like the `expect` tool.
final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    private let process: Process
    private let lock = NSLock()
    /// What the program printed, as read from the terminal.
    private var bytes: [UInt8] = []
    /// How much of `transcript` (in UTF-8 bytes) earlier `expect`s consumed.
    private var consumed = 0

    private init(master: Int32, process: Process) {
        self.master = master
        self.process = process
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    static func spawn(_ executable: URL, arguments: [String], environment: [String: String] = [:]) throws -> PseudoTerminal {
        let functions = try TerminalFunctions.load()
        let master = functions.openMaster(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard master >= 0, functions.grant(master) == 0, functions.unlock(master) == 0,
              functions.replicaName(master, &name, name.count) == 0
        else {
            throw PseudoTerminalError("cannot open a pseudo-terminal: errno \(errno)")
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let replica = open(path, O_RDWR | O_NOCTTY)
        guard replica >= 0 else { throw PseudoTerminalError("cannot open \(path): errno \(errno)") }
        let terminal = FileHandle(fileDescriptor: replica, closeOnDealloc: true)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        // Only the child holds the terminal now, so reads see EOF once it exits.
        try terminal.close()
        let pty = PseudoTerminal(master: master, process: process)
        pty.startReading()
        return pty
    }

    /// Types `line` and Return.
    func send(_ line: String) {
        type(line + "\n")
    }

    /// Types Ctrl-D at the start of a line: end of input for the program.
    func sendEndOfInput() {
        type("\u{04}")
    }

    /// Waits until the program has printed `text` after everything an earlier
    /// `expect` matched, and returns what was printed up to and including it.
    @discardableResult
    func expect(_ text: String, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let found: String? = lock.withLock {
                let printed = Self.normalized(bytes)
                let unread = printed[printed.utf8.index(printed.startIndex, offsetBy: consumed)...]
                guard let range = unread.range(of: text) else { return nil }
                let matched = unread[..<range.upperBound]
                consumed += matched.utf8.count
                return String(matched)
            }
            if let found { return found }
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError("'\(text)' did not appear within \(timeout); the terminal shows:\n\(transcript)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Everything the program printed (and the terminal echoed), with line ends as `\n`.
    var transcript: String {
        lock.withLock { Self.normalized(bytes) }
    }

    /// The terminal ends lines with CR LF; drop the CRs.
    private static func normalized(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }

    /// Waits for the program to exit and returns its status.
    func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw PseudoTerminalError("the program did not exit within \(timeout); the terminal shows:\n\(transcript)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    private func type(_ text: String) {
        Array(text.utf8).withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(master, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Reads the terminal on a thread of its own until the program has gone (EIO).
    private func startReading() {
        let reader = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                lock.withLock { bytes += buffer[0..<count] }
            }
            close(master)
        }
        reader.name = "pseudo-terminal-reader"
        reader.start()
    }
}

/// The C library's pseudo-terminal calls. Swift's Glibc module leaves them out
/// (they need `_XOPEN_SOURCE`), so they are looked up by name.
private struct TerminalFunctions {
    let openMaster: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let replicaName: @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    static func load() throws -> TerminalFunctions {
        func symbol<Function>(_ name: String, as type: Function.Type) throws -> Function {
            guard let address = dlsym(nil, name) else { throw PseudoTerminalError("the C library has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        return TerminalFunctions(
            openMaster: try symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
            grant: try symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self),
            unlock: try symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
            replicaName: try symbol("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
        )
    }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
