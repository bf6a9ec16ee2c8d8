/// Placeholder until the JiriServer module lands.
enum JiriServerModule {}
