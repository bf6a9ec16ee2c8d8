/// Placeholder until the LibPQ module lands.
enum LibPQModule {}
