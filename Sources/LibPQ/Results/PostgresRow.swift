/// One row of a result. Values stay in the result's shared buffer until decoded.
public struct PostgresRow: Sendable {
    let storage: RowStorage
    let index: Int

    /// The column names, in the query's order.
    public var columns: [String] { storage.columns.names }

    /// The column's value; throws a `.decoding` error when the column is NULL,
    /// missing, or not a valid `T`.
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard let value = try decodeIfPresent(column, as: type) else {
            throw PostgresError.decoding("column \"\(column)\" is NULL, expected \(T.self)")
        }
        return value
    }

    /// The column's value, or `nil` when it is NULL.
    public func decode<T: PostgresDecodable>(_ column: String, as type: T?.Type = T?.self) throws -> T? {
        try decodeIfPresent(column, as: T.self)
    }

    /// True when the column is NULL, or when the row has no such column.
    public func isNull(_ column: String) -> Bool {
        guard let position = storage.columns.position(of: column) else { return true }
        return storage.text(row: index, column: position) == nil
    }

    private func decodeIfPresent<T: PostgresDecodable>(_ column: String, as type: T.Type) throws -> T? {
        guard let position = storage.columns.position(of: column) else {
            throw PostgresError.decoding("no column \"\(column)\" in \(storage.columns.names)")
        }
        guard let text = storage.text(row: index, column: position) else { return nil }
        do {
            return try T(postgresText: text)
        } catch var error as PostgresError {
            error.message = "column \"\(column)\": \(error.message)"
            throw error
        } catch {
            throw PostgresError.decoding("column \"\(column)\": \(error)")
        }
    }
}

/// The column names of a result, with a lookup table built once per result.
final class ColumnNames: Sendable {
    let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        positions.reserveCapacity(names.count)
        for (position, name) in names.enumerated() where positions[name] == nil {
            positions[name] = position
        }
        self.positions = positions
    }

    func position(of name: String) -> Int? {
        positions[name]
    }
}

/// Every value of a result in one byte buffer: a result costs a handful of
/// allocations however many rows it has.
final class RowStorage: Sendable {
    let columns: ColumnNames
    private let bytes: [UInt8]
    /// Per cell (row-major), the value's start in `bytes`, or -1 for NULL.
    private let starts: [Int]
    private let ends: [Int]

    init(columns: ColumnNames, bytes: [UInt8], starts: [Int], ends: [Int]) {
        self.columns = columns
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
    }

    func text(row: Int, column: Int) -> String? {
        let cell = row * columns.names.count + column
        let start = starts[cell]
        guard start >= 0 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<ends[cell]]), as: UTF8.self)
        }
    }
}
