/// Placeholder until the Storage module lands.
enum StorageModule {}
