/// Placeholder until the Hiredis module lands.
enum HiredisModule {}
