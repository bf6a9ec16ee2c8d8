internal import CLibPQ
import Foundation

/// Encodes parameters in Postgres' binary format into one reusable buffer, so a
/// query costs no allocation once the connection has warmed up. Binary text is sent
/// with its length, so a string is never cut at an embedded NUL: the server rejects
/// it instead.
struct BindEncoder {
    private var bytes: [UInt8] = []
    /// Start of each parameter in `bytes`, or -1 for NULL.
    private var offsets: [Int] = []
    private var lengths: [Int32] = []
    private var types: [Oid] = []
    private var formats: [Int32] = []

    /// A buffer grown past this by one large parameter is released afterwards.
    private static let retainedCapacity = 64 * 1024

    /// Encodes `binds` and calls `body` with the arrays `PQexecParams` takes.
    mutating func withEncoded<Result>(
        _ binds: [PostgresValue],
        _ body: (
            _ count: Int32,
            _ types: UnsafePointer<Oid>?,
            _ values: UnsafePointer<UnsafePointer<CChar>?>?,
            _ lengths: UnsafePointer<Int32>?,
            _ formats: UnsafePointer<Int32>?
        ) throws -> Result
    ) throws -> Result {
        guard !binds.isEmpty else { return try body(0, nil, nil, nil, nil) }
        guard let count = Int32(exactly: binds.count), count <= Int32(UInt16.max) else {
            throw PostgresError(kind: .server, message: "too many parameters (\(binds.count))", sqlState: "54000")
        }
        defer { reset() }
        for (position, value) in binds.enumerated() {
            try append(value, position: position + 1)
        }
        // A trailing byte keeps the base address non-nil even when every value is empty.
        bytes.append(0)

        return try bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            return try withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: binds.count) { values in
                for (index, offset) in offsets.enumerated() {
                    values[index] = offset < 0 ? nil : base + offset
                }
                return try body(count, types, UnsafePointer(values.baseAddress), lengths, formats)
            }
        }
    }

    private mutating func reset() {
        if bytes.capacity > Self.retainedCapacity {
            bytes = []
        } else {
            bytes.removeAll(keepingCapacity: true)
        }
        offsets.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        types.removeAll(keepingCapacity: true)
        formats.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ value: PostgresValue, position: Int) throws {
        let start = bytes.count
        let type: Oid
        switch value {
        case .null:
            offsets.append(-1)
            lengths.append(0)
            // Unknown: the server infers the type from the context.
            types.append(0)
            formats.append(1)
            return
        case .text(var string):
            type = PostgresTypeOID.text
            // As one buffer: appending the `utf8` view cost about 200 instructions a string.
            string.withUTF8 { bytes.append(contentsOf: $0) }
        case .int(let integer):
            type = PostgresTypeOID.int8
            appendBigEndian(integer)
        case .bool(let flag):
            type = PostgresTypeOID.bool
            bytes.append(flag ? 1 : 0)
        case .double(let number):
            type = PostgresTypeOID.float8
            appendBigEndian(number.bitPattern)
        case .uuid(let uuid):
            type = PostgresTypeOID.uuid
            withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
        case .timestamptz(let date):
            type = PostgresTypeOID.timestamptz
            appendBigEndian(PostgresTimestamp.microseconds(since: date))
        case .jsonb(let json):
            type = PostgresTypeOID.jsonb
            // jsonb's binary format is a version byte, then the JSON text.
            bytes.append(1)
            bytes.append(contentsOf: json.utf8)
        case .bytea(let data):
            type = PostgresTypeOID.bytea
            bytes.append(contentsOf: data)
        case .textArray(let strings):
            type = PostgresTypeOID.textArray
            try appendTextArray(strings, position: position)
        }
        guard let length = Int32(exactly: bytes.count - start) else {
            throw PostgresError(kind: .server, message: "parameter $\(position) is too large", sqlState: "54000")
        }
        offsets.append(start)
        lengths.append(length)
        types.append(type)
        formats.append(1)
    }

    /// A one-dimensional array: dimensions, null flag, element type, then
    /// (length, bytes) per element, a NULL one as length -1. An empty array
    /// has zero dimensions.
    private mutating func appendTextArray(_ strings: [String?], position: Int) throws {
        appendBigEndian(Int32(strings.isEmpty ? 0 : 1))
        appendBigEndian(Int32(strings.contains(nil) ? 1 : 0))
        appendBigEndian(Int32(bitPattern: PostgresTypeOID.text))
        guard !strings.isEmpty else { return }
        guard let count = Int32(exactly: strings.count) else {
            throw PostgresError(kind: .server, message: "parameter $\(position) is too large", sqlState: "54000")
        }
        appendBigEndian(count)
        appendBigEndian(Int32(1))
        for string in strings {
            guard let string else {
                appendBigEndian(Int32(-1))
                continue
            }
            guard let length = Int32(exactly: string.utf8.count) else {
                throw PostgresError(kind: .server, message: "parameter $\(position) is too large", sqlState: "54000")
            }
            appendBigEndian(length)
            bytes.append(contentsOf: string.utf8)
        }
    }

    /// Grows the buffer by the integer's size and stores it there: appending its bytes as a
    /// raw buffer went element by element.
    private mutating func appendBigEndian<Integer: FixedWidthInteger>(_ value: Integer) {
        let offset = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: MemoryLayout<Integer>.size))
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.bigEndian, toByteOffset: offset, as: Integer.self) }
    }
}

/// The type OIDs of the values we bind (from `pg_type`; fixed since Postgres 9.4).
enum PostgresTypeOID {
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let text: Oid = 25
    static let float8: Oid = 701
    static let textArray: Oid = 1009
    static let timestamptz: Oid = 1184
    static let uuid: Oid = 2950
    static let jsonb: Oid = 3802
}
