extension ChatCompletionsOrchestrator {
    /// When the model is asked.
    public enum Mode: String, Sendable, CaseIterable {
        /// The model first; the matcher when the model fails or gives nothing usable.
        case primary
        /// The matcher first; the model only for what the matcher does not understand.
        case assist
    }

    public struct Configuration: Sendable {
        /// The API root, e.g. `http://127.0.0.1:11434/v1`; `/chat/completions` is appended.
        public var baseURL: String
        public var model: String
        /// Sent as `Authorization: Bearer <key>` when set.
        public var apiKey: String?
        /// What one request may take, answer included, before the matcher answers instead.
        public var timeout: Duration
        public var mode: Mode
        /// Larger answers are refused: a tool call is a few hundred bytes.
        public var maxResponseBytes: Int

        public static let defaultTimeout: Duration = .milliseconds(2500)
        /// See the README: the matcher answers what it knows in microseconds
        /// and deterministically, so the model is paid for only when it must.
        public static let defaultMode: Mode = .assist

        public init(
            baseURL: String,
            model: String,
            apiKey: String? = nil,
            timeout: Duration = defaultTimeout,
            mode: Mode = defaultMode,
            maxResponseBytes: Int = 1 << 20
        ) {
            self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
            self.model = model
            self.apiKey = apiKey
            self.timeout = timeout
            self.mode = mode
            self.maxResponseBytes = maxResponseBytes
        }

        var endpoint: String { baseURL + "/chat/completions" }
    }
}
