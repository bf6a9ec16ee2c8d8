/// Placeholder until the JiriAPI module lands.
enum JiriAPIModule {}
