#if canImport(Glibc)
import CEpoll

/// The calling thread's name as the kernel keeps it (what `top -H`, `ps -L` and perf
/// show). Foundation's `Thread.name` does not reach it on Linux.
public enum CurrentThread {
    /// Names the calling thread; the kernel keeps the first 15 bytes.
    public static func name(_ name: String) {
        _ = jiri_name_current_thread(String(name.utf8.prefix(15))!)
    }
}
#endif
