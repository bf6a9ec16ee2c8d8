internal import CLibPQ

/// A statement about to be sent, as the prepared-statement cache knows it: its SQL
/// and bind type OIDs, borrowed for the lookup, and a fingerprint of them computed
/// once. Valid only while `types` is (inside `BindEncoder.withEncoded`).
struct PreparedStatementKey {
    let sql: String
    let types: UnsafeBufferPointer<Oid>
    /// Of the bind types, the SQL's length and its first and last 64 bytes: a turn's
    /// commit is 2 KB of SQL. Statements whose samples agree only share a bucket; the
    /// cache still compares the whole text and every type.
    let fingerprint: Int

    init(sql: String, types: UnsafePointer<Oid>?, count: Int32) {
        self.sql = sql
        self.types = UnsafeBufferPointer(start: types, count: Int(count))
        var sample = sql
        var mixer = FingerprintMixer()
        sample.withUTF8 { bytes in
            mixer.mix(UInt64(bytes.count))
            mixer.mix(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(64))))
            mixer.mix(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(64))))
        }
        mixer.mix(UnsafeRawBufferPointer(self.types))
        fingerprint = Int(truncatingIfNeeded: mixer.value)
    }
}
