import Conversation
import JiriServer
import Testing

/// `JIRI_LLM_*` as `jiri serve` reads them.
@Suite struct LLMConfigurationTests {
    static let base = ["DATABASE_URL": "postgres://jiri@127.0.0.1/jiri", "REDIS_URL": "redis://127.0.0.1/0"]

    func configuration(_ llm: [String: String]) throws -> ServerConfiguration {
        try ServerConfiguration.fromEnvironment(Self.base.merging(llm) { $1 })
    }

    @Test func withoutAURLTheOrchestratorIsOff() throws {
        #expect(try configuration(["JIRI_LLM_MODEL": "qwen2.5:7b"]).llm == nil)
    }

    @Test func aURLAndModelTurnItOnInAssistModeWithTheDefaultTimeout() throws {
        let llm = try #require(try configuration(["JIRI_LLM_URL": "http://127.0.0.1:11434/v1/", "JIRI_LLM_MODEL": "qwen2.5:7b"]).llm)
        #expect(llm.baseURL == "http://127.0.0.1:11434/v1")
        #expect(llm.model == "qwen2.5:7b")
        #expect(llm.apiKey == nil)
        #expect(llm.mode == .assist)
        #expect(llm.timeout == .milliseconds(2500))
    }

    @Test func keyTimeoutAndModeAreRead() throws {
        let llm = try #require(try configuration([
            "JIRI_LLM_URL": "https://llm.internal/v1", "JIRI_LLM_MODEL": "m", "JIRI_LLM_API_KEY": "sk-1",
            "JIRI_LLM_TIMEOUT_MS": "900", "JIRI_LLM_MODE": "primary",
        ]).llm)
        #expect(llm.apiKey == "sk-1")
        #expect(llm.timeout == .milliseconds(900))
        #expect(llm.mode == .primary)
    }

    @Test(arguments: [
        (["JIRI_LLM_URL": "http://127.0.0.1:11434/v1"], "JIRI_LLM_MODEL"),
        (["JIRI_LLM_URL": "127.0.0.1:11434", "JIRI_LLM_MODEL": "m"], "JIRI_LLM_URL"),
        (["JIRI_LLM_URL": "http://127.0.0.1/v1", "JIRI_LLM_MODEL": "m", "JIRI_LLM_MODE": "always"], "JIRI_LLM_MODE"),
        (["JIRI_LLM_URL": "http://127.0.0.1/v1", "JIRI_LLM_MODEL": "m", "JIRI_LLM_TIMEOUT_MS": "soon"], "JIRI_LLM_TIMEOUT_MS"),
    ])
    func aBadValueStopsTheServerNamingTheVariable(environment: [String: String], variable: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try configuration(environment) }
        #expect(error?.variable == variable)
    }
}
