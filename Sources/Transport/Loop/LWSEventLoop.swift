internal import CLibWebSockets
import Glibc

/// Puts a context on a foreign libev loop, for both the server and the client engine.
enum LWSEventLoop {
    /// lws loads its libev support from a plugin (Debian: libwebsockets-evlib-ev). Checked
    /// before the context is made, because lws then fails with nothing but a log line.
    static var pluginIsInstalled: Bool {
        guard let handle = dlopen("libwebsockets-evlib_ev.so", RTLD_NOW | RTLD_LOCAL) else { return false }
        dlclose(handle)
        return true
    }

    /// Sets `info` to run lws on `foreignLoop` (nil: lws's own poll() loop, nothing to set).
    /// The one-slot loop array lives in `arena`, which outlives the context.
    static func attach(_ foreignLoop: OpaquePointer?, to info: inout lws_context_creation_info, arena: CMemoryArena) {
        guard let foreignLoop else { return }
        let loops = arena.allocate(UnsafeMutableRawPointer?.self)
        loops.pointee = UnsafeMutableRawPointer(foreignLoop)
        info.foreign_loops = loops
        info.options |= checkwire_lws_option_libev()
    }
}
