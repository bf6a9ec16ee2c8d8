/// A `ContinuousClock.Instant` held as its distance from one instant of the process.
///
/// `ContinuousClock.Instant` is a resilient type: a struct or an optional holding one is
/// laid out at run time, and each copy, test or destruction of it goes through the
/// runtime's metadata lookups (about 20 a turn in the pools' waiting lines). `Duration` is
/// frozen, so a deadline kept in a hot structure as a `Deadline` costs nothing of the kind.
@usableFromInline
struct Deadline: Comparable, Sendable {
    @usableFromInline static let epoch = ContinuousClock.now

    @usableFromInline let sinceEpoch: Duration

    @inlinable
    init(_ instant: ContinuousClock.Instant) {
        sinceEpoch = instant - Self.epoch
    }

    @inlinable
    var instant: ContinuousClock.Instant {
        Self.epoch + sinceEpoch
    }

    @inlinable
    static func < (lhs: Deadline, rhs: Deadline) -> Bool {
        lhs.sinceEpoch < rhs.sinceEpoch
    }
}
