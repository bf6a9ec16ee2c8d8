import Foundation
import Hummingbird

/// The OpenAPI 3.1 description of the public API, served at `/openapi.yaml`.
/// `make test` fuzzes the running server against it (deploy/fuzz), so every
/// constraint here is exactly the one the server enforces.
enum OpenAPIDocument {
    static func response() throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(string: yaml)))
    }

    /// White space as `TurnController.trimmingWhiteSpace` trims it: the Unicode White_Space scalars.
    private static let whiteSpace = #"\t\n\x0B\f\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"#

    /// `user_text` after trimming holds 1–4,000 scalars (the default limit): optional
    /// white space, a non-space, at most 3,998 of anything and a final non-space, then
    /// white space. No NUL anywhere (Postgres text cannot hold one).
    private static let userTextPattern =
        "^[\(whiteSpace)]*[^\(whiteSpace)\\x00](?:[^\\x00]{0,3998}[^\(whiteSpace)\\x00])?[\(whiteSpace)]*$"

    /// Any text without NUL.
    private static let noNUL = #"^[^\x00]*$"#

    /// Every zone `TimeZone(identifier:)` accepts by its IANA name, as a YAML flow list.
    private static let timeZoneEnum = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC", "GMT"])
        .sorted()
        .map { "\"\($0)\"" }
        .joined(separator: ", ")

    static let yaml = """
    openapi: 3.1.0
    info:
      title: Jiri
      version: "1.0"
      description: Conversational voice backend. Voice clients send what the user said; Jiri answers with text to speak and decides when to continue in the phone app.
    components:
      securitySchemes:
        bearer:
          type: http
          scheme: bearer
          description: An API key (`jiri keys create`) or, when configured, a JWT (HS256, RS256 or ES256) whose `sub` is the principal.
      schemas:
        Error:
          type: object
          required: [error]
          properties:
            error:
              type: object
              required: [code, message]
              properties:
                code: {type: string}
                message: {type: string}
        TurnRequest:
          type: object
          description: >-
            The original Jiri request plus Jiri's optional additions. Unknown fields are ignored;
            a field that is absent or null takes its default.
          required: [user_text]
          properties:
            session_id:
              type: [string, "null"]
              description: Empty or absent starts a new session; an unknown id starts a session under that id (a UUID or 1–64 of A–Z, a–z, 0–9, '-', '_').
              pattern: "^[A-Za-z0-9_-]{0,64}$"
            user_text:
              type: string
              description: >-
                What the user said: 1–4,000 characters (Unicode scalars) once leading and trailing
                white space (the Unicode White_Space property) is trimmed.
              pattern: '\(userTextPattern)'
            user_id: {type: [string, "null"], maxLength: 256, pattern: '\(noNUL)'}
            client: {type: [string, "null"], maxLength: 256, pattern: '\(noNUL)', default: shortcut}
            turn_id:
              type: [string, "null"]
              description: Idempotency key (the Idempotency-Key header means the same); empty means none.
              pattern: "^[!-~]{0,128}$"
            meta:
              type: [object, "null"]
              properties:
                timezone:
                  type: [string, "null"]
                  description: An IANA time zone.
                  default: America/New_York
                  enum: [\(timeZoneEnum), null]
                device: {type: [string, "null"], maxLength: 256, pattern: '\(noNUL)', default: iphone}
                voice: {type: [boolean, "null"], default: true}
                app_version: {type: [string, "null"], pattern: '\(noNUL)'}
                surface:
                  type: [string, "null"]
                  pattern: '\(noNUL)'
                  description: phone, ipad, mac, watch, carplay or homepod; inferred from device when absent. Other values are treated as a phone.
                locked: {type: [boolean, "null"]}
                can_continue_in_foreground: {type: [boolean, "null"]}
                location:
                  type: [object, "null"]
                  required: [latitude, longitude]
                  properties:
                    latitude: {type: number}
                    longitude: {type: number}
                    accuracy: {type: [number, "null"]}
                device_context:
                  type: [object, "null"]
                  properties:
                    battery_level: {type: [number, "null"]}
                    is_silent_mode: {type: [boolean, "null"]}
                    is_dnd_enabled: {type: [boolean, "null"]}
        TurnResponse:
          type: object
          required: [session_id, reply_text, end_conversation, handoff_to_app, deep_link_url, debug, turn_id, expects_reply, actions]
          properties:
            session_id: {type: string}
            reply_text: {type: string}
            end_conversation: {type: boolean}
            handoff_to_app: {type: boolean}
            deep_link_url: {type: [string, "null"]}
            debug:
              type: object
              required: [tool_trace, latency_ms, mode]
              properties:
                tool_trace: {type: array, items: {type: string}}
                latency_ms: {type: integer}
                mode: {type: string}
            turn_id: {type: string}
            expects_reply: {type: boolean}
            intent:
              type: [object, "null"]
              required: [id, app, status, slots]
              properties:
                id: {type: string}
                app: {type: string}
                status: {type: string, enum: [completed, needs_value, needs_confirmation, failed, handed_off]}
                slots: {type: object}
            handoff:
              type: [object, "null"]
              required: [ruleset_revision]
              properties:
                rule: {type: [string, "null"]}
                stage: {type: [string, "null"]}
                reason: {type: [string, "null"]}
                ruleset_revision: {type: string}
                mode: {type: [string, "null"]}
                delivery: {type: [string, "null"]}
            actions:
              type: array
              items:
                type: object
                required: [type, app, intent, parameters]
                properties:
                  type: {type: string}
                  app: {type: string}
                  intent: {type: string}
                  parameters: {type: object}
        SessionHistory:
          type: object
          required: [session_id, created_at, messages, has_more, next_before]
          properties:
            session_id: {type: string}
            created_at: {type: string, format: date-time}
            has_more: {type: boolean}
            next_before: {type: [string, "null"]}
            messages:
              type: array
              items:
                type: object
                required: [role, content, timestamp]
                properties:
                  role: {type: string, enum: [user, assistant]}
                  content: {type: string}
                  timestamp: {type: string, format: date-time}
      responses:
        Error:
          description: An error the client can act on.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Error"}
    security:
      - {}
      - bearer: []
    paths:
      /turn:
        post:
          summary: Answer one thing the user said.
          parameters:
            - name: Idempotency-Key
              in: header
              required: false
              description: Same as turn_id (which wins when both are sent); empty means none.
              schema: {type: string, pattern: "^[!-~]{0,128}$"}
            - name: X-Trace-ID
              in: header
              required: false
              description: Echoed in the response and logged with the request; a value over 128 characters is replaced by a new id.
              schema: {type: string}
          requestBody:
            required: true
            content:
              application/json:
                schema: {$ref: "#/components/schemas/TurnRequest"}
          responses:
            "200":
              description: The reply to speak.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/TurnResponse"}
            "400": {$ref: "#/components/responses/Error"}
            "401": {$ref: "#/components/responses/Error"}
            "403": {$ref: "#/components/responses/Error"}
            "404": {$ref: "#/components/responses/Error"}
            "409": {$ref: "#/components/responses/Error"}
            "413": {$ref: "#/components/responses/Error"}
            "415": {$ref: "#/components/responses/Error"}
            "422": {$ref: "#/components/responses/Error"}
            "429": {$ref: "#/components/responses/Error"}
            "503": {$ref: "#/components/responses/Error"}
      /session/{session_id}/history:
        get:
          summary: The transcript of a session, oldest first, one page.
          parameters:
            - {name: session_id, in: path, required: true, schema: {type: string, pattern: "^[A-Za-z0-9_-]{1,64}$"}}
            - {name: limit, in: query, required: false, schema: {type: integer, minimum: 1, maximum: 500, default: 50}}
            - name: before
              in: query
              required: false
              description: The next_before of a previous page; reads the messages older than it.
              schema: {type: string, pattern: "^[1-9][0-9]{0,8}$"}
          responses:
            "200":
              description: One page of history.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/SessionHistory"}
            "400": {$ref: "#/components/responses/Error"}
            "401": {$ref: "#/components/responses/Error"}
            "403": {$ref: "#/components/responses/Error"}
            "404": {$ref: "#/components/responses/Error"}
            "429": {$ref: "#/components/responses/Error"}
            "503": {$ref: "#/components/responses/Error"}
      /tools:
        get:
          summary: The intent catalog as JSON-Schema tool definitions.
          responses:
            "200":
              description: Tool definitions in the OpenAI function-calling shape.
              content:
                application/json:
                  schema:
                    type: object
                    required: [tools]
                    properties:
                      tools: {type: array, items: {type: object}}
            "401": {$ref: "#/components/responses/Error"}
      /healthz:
        get:
          summary: The process is alive.
          responses:
            "200":
              description: Alive.
              content:
                application/json:
                  schema: {type: object, properties: {status: {type: string}}}
      /readyz:
        get:
          summary: Postgres, schema and Redis status.
          responses:
            "200":
              description: Ready, or degraded (Redis unreachable; turns still served).
              content:
                application/json:
                  schema: {type: object, properties: {status: {type: string}, postgres: {type: string}, schema: {type: string}, redis: {type: string}}}
            "503":
              description: Not ready.
              content:
                application/json:
                  schema: {type: object}
      /metrics:
        get:
          summary: Prometheus metrics.
          responses:
            "200":
              description: Metrics in the Prometheus text format.
              content:
                text/plain:
                  schema: {type: string}
    """
}
