/// Placeholder until the Conversation module lands.
enum ConversationModule {}
