/// The rows a statement returned and how many rows it affected (for INSERT,
/// UPDATE, DELETE, and also SELECT and FETCH, the row count).
public struct PostgresResult: Sendable, RandomAccessCollection {
    public var rows: [PostgresRow]
    public var affectedRows: Int
    /// The column names (empty for a statement that returns no rows).
    public var columns: [String]

    init(rows: [PostgresRow], affectedRows: Int, columns: [String]) {
        self.rows = rows
        self.affectedRows = affectedRows
        self.columns = columns
    }

    public var startIndex: Int { rows.startIndex }
    public var endIndex: Int { rows.endIndex }

    public subscript(position: Int) -> PostgresRow {
        rows[position]
    }
}
