import ArgumentParser

@main
struct Jiri: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jiri",
        abstract: "Jiri, the conversational voice backend.",
        subcommands: [ServeCommand.self, MigrateCommand.self, KeysCommand.self, RulesCommand.self, CatalogCommand.self, ChatCommand.self]
    )
}
