import Conversation
import Foundation
import Hummingbird
import Testing

@Suite struct HTTPConnectorClientTests {
    struct Item: Decodable, Sendable, Equatable {
        var itemId: String
        var createdAt: Date
    }

    @Test func decodesSnakeCaseKeysAndISODatesWithOrWithoutFractions() async throws {
        let items = try await TestBackend.run(routes: { router in
            router.get("items") { _, _ in
                try jsonResponse([
                    ["item_id": "a", "created_at": "2025-03-04T20:00:00Z"],
                    ["item_id": "b", "created_at": "2025-03-04T22:00:00.250+02:00"],
                ])
            }
        }) { backend in
            let client = ConnectorFixture.client(backend.baseURL())
            return try await client.get("/items", as: [Item].self, in: client.startCall("test"))
        }

        #expect(items.map(\.itemId) == ["a", "b"])
        #expect(items[0].createdAt == ConnectorFixture.now)
        #expect(items[1].createdAt == ConnectorFixture.now.addingTimeInterval(0.25))
    }

    @Test func queryValuesArePercentEncoded() async throws {
        let queries = try await TestBackend.run(routes: { router in
            router.get("search") { _, _ in try jsonResponse([String: String]()) }
        }) { backend in
            let client = ConnectorFixture.client(backend.baseURL())
            let _: NoContent = try await client.get("/search", query: [(name: "q", value: "homework & chores=1")], in: client.startCall("test"))
            return backend.log.all.map(\.query)
        }

        #expect(queries == [["q": "homework & chores=1"]])
    }

    @Test func statusCodesMapToTheAppsErrorKeys() async throws {
        let expected: [(Int, String)] = [(401, "not_logged_in"), (403, "not_permitted"), (404, "not_found"), (409, "rejected"),
                                          (429, "unreachable"), (503, "unreachable")]
        let codes = try await TestBackend.run(routes: { router in
            router.get("status/:code") { _, context in
                guard let code = Int(try context.parameters.require("code")) else { throw HTTPError(.badRequest) }
                return try jsonResponse(["error": "x"], status: HTTPResponse.Status(code: code))
            }
        }) { backend in
            let client = ConnectorFixture.client(backend.baseURL())
            var codes: [String] = []
            for (status, _) in expected {
                do throws(ConnectorFailure) {
                    let _: NoContent = try await client.get("/status/\(status)", in: client.startCall("test"))
                    codes.append("ok")
                } catch {
                    codes.append(error.code.rawValue)
                }
            }
            return codes
        }

        #expect(codes == expected.map(\.1))
    }

    @Test func aBodyThatStallsIsCutOffAtTheBudget() async throws {
        let budget = Duration.milliseconds(400)
        let (failure, elapsed) = try await TestBackend.run(routes: { router in
            router.get("stall") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "[{\"item_id\": "))
                    try await Task.sleep(for: .seconds(5))
                    try await writer.finish(nil)
                })
            }
        }) { backend in
            let client = ConnectorFixture.client(backend.baseURL(), budget: budget)
            let started = ContinuousClock.now
            do throws(ConnectorFailure) {
                _ = try await client.get("/stall", as: [Item].self, in: client.startCall("test"))
                return (nil as ConnectorFailure?, ContinuousClock.now - started)
            } catch {
                return (error, ContinuousClock.now - started)
            }
        }

        #expect(failure?.code == .unreachable)
        #expect(elapsed < budget + .milliseconds(500))
    }

    @Test func theBudgetIsSharedByTheRequestsOfOneCall() async throws {
        let failures = try await TestBackend.run(routes: { router in
            router.get("slow") { _, _ in
                try await Task.sleep(for: .milliseconds(300))
                return try jsonResponse([String: String]())
            }
        }) { backend in
            let client = ConnectorFixture.client(backend.baseURL(), budget: .milliseconds(500))
            let call = client.startCall("test")
            var failures: [ConnectorFailure.Code?] = []
            for _ in 0..<2 {
                do throws(ConnectorFailure) {
                    let _: NoContent = try await client.get("/slow", in: call)
                    failures.append(nil)
                } catch {
                    failures.append(error.code)
                }
            }
            return failures
        }

        #expect(failures == [nil, .unreachable])
    }

    @Test func aResponseOverTheLimitIsRefused() async throws {
        let failure = try await TestBackend.run(routes: { router in
            router.get("big") { _, _ in try jsonResponse([String](repeating: "x", count: 1000)) }
        }) { backend in
            let client = HTTPConnectorClient(configuration: .init(baseURL: backend.baseURL(), maxResponseBytes: 512), httpClient: .shared)
            do throws(ConnectorFailure) {
                _ = try await client.get("/big", as: [String].self, in: client.startCall("test"))
                return nil as ConnectorFailure?
            } catch {
                return error
            }
        }

        #expect(failure?.code == .badResponse)
    }
}
