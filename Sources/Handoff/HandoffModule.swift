/// Placeholder until the Handoff module lands.
enum HandoffModule {}
