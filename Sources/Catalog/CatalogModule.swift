/// Placeholder until the Catalog module lands.
enum CatalogModule {}
