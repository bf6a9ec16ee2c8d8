/// Placeholder until the Understanding module lands.
enum UnderstandingModule {}
