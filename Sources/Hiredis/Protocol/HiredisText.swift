/// Reads hiredis' fixed-size C string fields (`errstr`), imported into Swift as tuples.
enum HiredisText {
    static func string<Tuple>(from field: inout Tuple) -> String {
        withUnsafeBytes(of: &field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
