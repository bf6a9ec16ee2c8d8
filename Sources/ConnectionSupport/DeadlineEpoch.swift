/// The instant that deadlines kept in hot structures are measured from, as a `Duration`.
///
/// `ContinuousClock.Instant` is a resilient type: a struct or an optional holding one is laid
/// out at run time, and each copy, test or destruction of it goes through the runtime's
/// metadata lookups. `Duration` is frozen, so a deadline held as its distance from here costs
/// nothing of the kind.
@usableFromInline
enum DeadlineEpoch {
    @usableFromInline static let start = ContinuousClock.now
}
