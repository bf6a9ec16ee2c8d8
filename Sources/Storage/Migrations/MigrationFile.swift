import Crypto
import Foundation

/// One `NNNN_name.sql` file of the migrations directory.
struct MigrationFile: Sendable, Equatable {
    let name: String
    let version: Int
    let sql: String
    /// SHA-256 of the file's bytes, lowercase hex.
    let checksum: String

    /// Every migration in `directory`, in version order. Files not ending in `.sql`
    /// (and hidden files) are ignored; a badly named `.sql` file or a repeated
    /// version number is an error, so a typo never silently skips a migration.
    static func load(from directory: URL) throws -> [MigrationFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw MigrationError(.unreadableDirectory(path: directory.path, message: error.localizedDescription))
        }
        var files: [MigrationFile] = []
        for name in names where name.hasSuffix(".sql") && !name.hasPrefix(".") {
            guard let version = version(of: name) else {
                throw MigrationError(.invalidFileName(name))
            }
            let url = directory.appendingPathComponent(name)
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw MigrationError(.unreadableDirectory(path: url.path, message: error.localizedDescription))
            }
            guard let sql = String(data: data, encoding: .utf8) else {
                throw MigrationError(.unreadableDirectory(path: url.path, message: "the file is not UTF-8"))
            }
            files.append(MigrationFile(name: name, version: version, sql: sql, checksum: checksum(of: data)))
        }
        files.sort { $0.version < $1.version }
        for (earlier, later) in zip(files, files.dropFirst()) where earlier.version == later.version {
            throw MigrationError(.duplicateVersion(earlier.name, later.name))
        }
        return files
    }

    /// The number of `NNNN_name.sql` (at least four digits, then a name of letters,
    /// digits and underscores), or nil when the name does not fit.
    static func version(of name: String) -> Int? {
        guard name.hasSuffix(".sql") else { return nil }
        let stem = name.dropLast(4)
        guard let underscore = stem.firstIndex(of: "_") else { return nil }
        let digits = stem[..<underscore]
        let label = stem[stem.index(after: underscore)...]
        guard digits.count >= 4, digits.allSatisfy(\.isASCIIDigit),
              !label.isEmpty, label.allSatisfy({ $0.isASCIIDigit || $0.isASCIILetter || $0 == "_" })
        else { return nil }
        return Int(digits)
    }

    private static func checksum(of data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetter: Bool { isASCII && isLetter }
}
