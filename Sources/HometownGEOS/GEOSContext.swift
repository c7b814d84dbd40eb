import CGEOS

/// Owns one GEOS context handle (`GEOSContextHandle_t`) and the last error message GEOS reported on it.
///
/// GEOS contexts, and every geometry, prepared geometry or tree made with one, must not be used from two
/// threads at once; none of these types is `Sendable`. Make one context per thread or per task.
public final class GEOSContext {
    let handle: GEOSContextHandle_t
    private let messages: ErrorSink

    /// Collects GEOS's error text; handed to GEOS as the handler's user data.
    final class ErrorSink { var last = "" }

    public init() throws {
        guard let h = GEOS_init_r() else { throw GEOSError.contextCreationFailed }
        handle = h
        messages = ErrorSink()
        let sink = Unmanaged.passUnretained(messages).toOpaque()
        GEOSContext_setErrorMessageHandler_r(
            h,
            { text, userdata in
                guard let userdata, let text else { return }
                Unmanaged<ErrorSink>.fromOpaque(userdata).takeUnretainedValue().last = String(cString: text)
            }, sink)
    }

    deinit { GEOS_finish_r(handle) }

    /// Takes (and clears) the last error text, or a generic text when GEOS said nothing.
    func takeError() -> String {
        let m = messages.last
        messages.last = ""
        return m.isEmpty ? "no message from GEOS" : m
    }

    func fail(_ operation: String) -> GEOSError { .operationFailed(operation: operation, message: takeError()) }

    /// The GEOS library version, e.g. "3.11.1-CAPI-1.17.1".
    public static var version: String { String(cString: GEOSversion()) }
}
