/// The keyword/value pairs handed to `PQconnectdbParams`.
extension PostgresConfiguration {
    var connectionParameters: [(keyword: String, value: String)] {
        var parameters: [(keyword: String, value: String)] = [
            ("host", host),
            ("port", String(port)),
            ("user", user),
            ("dbname", database),
            ("sslmode", sslMode),
            ("connect_timeout", String(connectTimeout)),
            ("application_name", applicationName),
            ("client_encoding", "UTF8"),
            ("options", sessionOptions),
            // Detect a peer that vanished without closing the socket.
            ("keepalives", "1"),
            ("keepalives_idle", "30"),
            ("keepalives_interval", "10"),
            ("keepalives_count", "3"),
        ]
        if let password { parameters.append(("password", password)) }
        if let sslRootCertificate { parameters.append(("sslrootcert", sslRootCertificate)) }
        if let sslCertificate { parameters.append(("sslcert", sslCertificate)) }
        if let sslKey { parameters.append(("sslkey", sslKey)) }
        return parameters
    }

    /// Session settings sent in the startup packet, so they cost no round trip and
    /// survive `RESET ALL`. The decoders rely on the first three; extra_float_digits
    /// above 0 makes every server version print floats that round-trip exactly.
    private var sessionOptions: String {
        var options = "-c TimeZone=UTC -c DateStyle=ISO -c bytea_output=hex -c extra_float_digits=3"
        if let statementTimeout {
            options += " -c statement_timeout=\(Self.milliseconds(statementTimeout))"
        }
        return options
    }
}
