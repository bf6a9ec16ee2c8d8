import Foundation
import Hiredis
import Hummingbird
import LibPQ
import Storage

/// `/healthz`: the process is alive. `/readyz`: Postgres reachable and the
/// schema current (else 503); Redis reachable (else 200 `degraded`: turns are
/// still served from Postgres).
struct HealthController {
    let postgres: PostgresPool
    let redis: RedisPool
    let migrator: Migrator

    func addRoutes(to router: Router<JiriRequestContext>) {
        router.get("healthz") { _, _ in try Response.json(["status": "ok"]) }
        router.get("readyz", use: ready)
        router.rejectingOtherMethods(on: "healthz", allowing: [.get])
        router.rejectingOtherMethods(on: "readyz", allowing: [.get])
    }

    @Sendable func ready(_ request: Request, context: JiriRequestContext) async throws -> Response {
        async let postgresState = check { try await postgres.query("SELECT 1") }
        async let schemaState = check {
            guard try await migrator.isCurrent() else { throw SchemaBehind() }
        }
        async let redisState = check { try await redis.send(["PING"]) }
        let (pg, schema, cache) = await (postgresState, schemaState, redisState)
        let status: String
        let code: HTTPResponse.Status
        if pg != "ok" || schema != "ok" {
            (status, code) = ("unavailable", .serviceUnavailable)
        } else if cache != "ok" {
            (status, code) = ("degraded", .ok)
        } else {
            (status, code) = ("ready", .ok)
        }
        let body = ["status": status, "postgres": pg, "schema": schema, "redis": cache]
        var response = try Response.json(body)
        response.status = code
        if code == .serviceUnavailable { response.headers[.retryAfter] = "2" }
        return response
    }

    private struct SchemaBehind: Error, CustomStringConvertible {
        var description: String { "migrations pending" }
    }

    private func check(_ probe: @Sendable () async throws -> Void) async -> String {
        do {
            try await probe()
            return "ok"
        } catch let error as SchemaBehind {
            return error.description
        } catch {
            return "unreachable"
        }
    }
}
