import Foundation

/// What identifies one version of the rules file without reading it: modification time, size and
/// inode (an editor's save-by-rename, or a Kubernetes ConfigMap's symlink swap, changes the inode).
struct RulesFileSignature: Sendable, Hashable {
    var modified: Date?
    var size: Int?
    var inode: Int?

    /// Follows symbolic links. Blocking: call it off the event loops.
    static func of(_ file: URL) throws -> RulesFileSignature {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)
        return RulesFileSignature(
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.intValue,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue
        )
    }
}
