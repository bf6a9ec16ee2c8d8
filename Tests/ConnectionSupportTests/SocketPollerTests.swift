import ConnectionSupport
import Glibc
import Testing

@Suite struct SocketPollerTests {
    /// A connected pair of non-blocking Unix sockets, closed at the end.
    private struct SocketPair: ~Copyable {
        let local: Int32
        let remote: Int32

        init() throws {
            var sockets: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &sockets) == 0)
            local = sockets[0]
            remote = sockets[1]
        }

        func send(_ byte: UInt8) {
            var byte = byte
            _ = write(remote, &byte, 1)
        }

        deinit {
            close(local)
            close(remote)
        }
    }

    @Test func aWaitEndsWhenTheSocketBecomesReadable() async throws {
        let pair = try SocketPair()
        let remote = pair.remote
        let writer = Task {
            try await Task.sleep(for: .milliseconds(50))
            var byte: UInt8 = 7
            _ = write(remote, &byte, 1)
        }
        let outcome = await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + .seconds(10))
        #expect(outcome == .ready)
        var byte: UInt8 = 0
        #expect(read(pair.local, &byte, 1) == 1 && byte == 7)
        try await writer.value
    }

    @Test func aWaitTimesOutWhenNothingArrives() async throws {
        let pair = try SocketPair()
        let started = ContinuousClock.now
        let outcome = await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + .milliseconds(150))
        let waited = ContinuousClock.now - started
        #expect(outcome == .timedOut)
        #expect(waited >= .milliseconds(150) && waited < .seconds(2))
    }

    /// The poller sleeps until the earliest deadline it knows; a wait with an
    /// earlier one must wake it rather than wait behind the later.
    @Test func anEarlierDeadlineIsHonouredWhileALaterOneIsPending() async throws {
        let first = try SocketPair()
        let second = try SocketPair()
        let firstSocket = first.local
        let later = Task { await SocketPoller.shared.wait(for: .readable, on: firstSocket, until: .now + .seconds(10)) }
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        let outcome = await SocketPoller.shared.wait(for: .readable, on: second.local, until: .now + .milliseconds(100))
        #expect(outcome == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(2))
        first.send(1)
        #expect(await later.value == .ready)
    }

    /// The thread plans its wake-ups at most ``SocketPoller/longestSleep`` apart and is not
    /// woken for a deadline after that: the planned wake-up must still find it.
    @Test func aDeadlineBeyondTheLongestSleepStillTimesOut() async throws {
        let pair = try SocketPair()
        let deadline = SocketPoller.longestSleep * 3
        let started = ContinuousClock.now
        let outcome = await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + deadline)
        let waited = ContinuousClock.now - started
        #expect(outcome == .timedOut)
        #expect(waited >= deadline && waited < deadline + .seconds(2))
    }

    /// The count of requests is the process's, so these expect no other request in flight
    /// (`make test` runs the suites one at a time).
    @Test func aLoneRequestsWaitIsAnsweredOnItsOwnThread() async throws {
        let pair = try SocketPair()
        RequestsInFlight.enter()
        defer { RequestsInFlight.leave() }
        let before = SocketPoller.shared.waitsAnsweredInPlace
        pair.send(1)
        #expect(await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + .seconds(10)) == .ready)
        #expect(SocketPoller.shared.waitsAnsweredInPlace == before + 1)
    }

    /// A turn's Redis write runs after its response, when no request is in flight.
    @Test func aWaitWithNoRequestInFlightIsAnsweredOnItsOwnThread() async throws {
        let pair = try SocketPair()
        let before = SocketPoller.shared.waitsAnsweredInPlace
        pair.send(1)
        #expect(await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + .seconds(10)) == .ready)
        #expect(SocketPoller.shared.waitsAnsweredInPlace == before + 1)
    }

    @Test func aWaitAmongSeveralRequestsGoesThroughThePoller() async throws {
        let pair = try SocketPair()
        RequestsInFlight.enter()
        RequestsInFlight.enter()
        defer {
            RequestsInFlight.leave()
            RequestsInFlight.leave()
        }
        let before = SocketPoller.shared.waitsAnsweredInPlace
        pair.send(1)
        #expect(await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + .seconds(10)) == .ready)
        #expect(SocketPoller.shared.waitsAnsweredInPlace == before)
    }

    /// A wait in place holds its thread for a bounded time, then the poller takes over.
    @Test func aReplySlowerThanAWaitInPlaceStillArrives() async throws {
        let pair = try SocketPair()
        RequestsInFlight.enter()
        defer { RequestsInFlight.leave() }
        let before = SocketPoller.shared.waitsAnsweredInPlace
        let remote = pair.remote
        let writer = Task.detached {
            try await Task.sleep(for: .milliseconds(50))
            var byte: UInt8 = 9
            _ = write(remote, &byte, 1)
        }
        #expect(await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + .seconds(10)) == .ready)
        #expect(SocketPoller.shared.waitsAnsweredInPlace == before)
        try await writer.value
    }

    @Test func anEmptySocketIsWritableAtOnce() async throws {
        let pair = try SocketPair()
        let outcome = await SocketPoller.shared.wait(for: .writable, on: pair.local, until: .now + .seconds(10))
        #expect(outcome == .ready)
    }

    @Test func aSocketCanBeWaitedOnAgainAfterEachReadiness() async throws {
        let pair = try SocketPair()
        for round in 1...3 {
            pair.send(UInt8(round))
            #expect(await SocketPoller.shared.wait(for: .readable, on: pair.local, until: .now + .seconds(10)) == .ready)
            var byte: UInt8 = 0
            #expect(read(pair.local, &byte, 1) == 1 && byte == UInt8(round))
        }
    }
}
