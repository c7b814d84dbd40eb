import CPROJ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The PROJ functions this module calls, found in the PROJ shared library the first time a transformation, a
/// geodesic or `ProjLibrary` needs them.
///
/// PROJ is not linked into the programs that use this module: loading it and its dependencies (SQLite, TIFF,
/// curl with its TLS and Kerberos libraries: about 35 shared objects) took ~25 ms before `main` of every
/// `hometown` command, most of which never transform a point. Opening it on first use makes that cost
/// belong to the commands that need PROJ. The function types come from PROJ's own headers (`CPROJ/shim.h`).
///
/// Thread-safety: loaded once (a `static let`); the table holds only C function addresses.
struct ProjSymbols: @unchecked Sendable {
    let info: hometown_proj_info_fn
    let contextCreate: hometown_proj_context_create_fn
    let contextDestroy: hometown_proj_context_destroy_fn
    let contextSetEnableNetwork: hometown_proj_context_set_enable_network_fn
    let logLevel: hometown_proj_log_level_fn
    let logFunc: hometown_proj_log_func_fn
    let contextGetDatabasePath: hometown_proj_context_get_database_path_fn
    let contextErrno: hometown_proj_context_errno_fn
    let contextErrnoString: hometown_proj_context_errno_string_fn
    let create: hometown_proj_create_fn
    let getName: hometown_proj_get_name_fn
    let getIDAuthName: hometown_proj_get_id_auth_name_fn
    let getIDCode: hometown_proj_get_id_code_fn
    let createCRSToCRS: hometown_proj_create_crs_to_crs_fn
    let normalizeForVisualization: hometown_proj_normalize_for_visualization_fn
    let destroy: hometown_proj_destroy_fn
    let errnoReset: hometown_proj_errno_reset_fn
    let errno: hometown_proj_errno_fn
    let trans: hometown_proj_trans_fn
    let transGeneric: hometown_proj_trans_generic_fn
    let geodInit: hometown_geod_init_fn
    let geodInverse: hometown_geod_inverse_fn
    let geodDirect: hometown_geod_direct_fn
    let geodPolygonArea: hometown_geod_polygonarea_fn

    /// The environment variable that names the PROJ library to open (a file name or a path): when set and not
    /// empty, it is the only library tried.
    static let libraryVariable = "HOMETOWN_PROJ_LIBRARY"

    /// The names tried, in order: `$HOMETOWN_PROJ_LIBRARY` alone when set; otherwise the development link
    /// `libproj.so` (the library this module was compiled against, on a machine that builds it), then the
    /// run-time names of PROJ 6 to 9 and later (`libproj.so.40` down to `libproj.so.15`). A library whose
    /// major version differs from the headers' (`PROJ_VERSION_MAJOR`) is refused.
    static var candidates: [String] {
        if let chosen = getenv(libraryVariable), chosen.pointee != 0 { return [String(cString: chosen)] }
        return ["libproj.so"] + (15...40).reversed().map { "libproj.so.\($0)" }
    }

    /// The table, or why PROJ could not be opened (every name tried, with the loader's reason for the first).
    static let loaded: Result<ProjSymbols, ProjError> = load()

    /// The table. - Throws: `ProjError.libraryUnavailable` when no PROJ library of the right version opens.
    static func get() throws -> ProjSymbols { try loaded.get() }

    /// The table for the calls that cannot throw (`Geodesic`): stops the program with the reason when PROJ
    /// cannot be opened. Commands that use geodesics check `ProjLibrary.load()` first.
    static var required: ProjSymbols {
        switch loaded {
        case .success(let s): return s
        case .failure(let e): fatalError(e.description)
        }
    }

    private static func load() -> Result<ProjSymbols, ProjError> {
        var reasons: [String] = []
        let names = candidates
        for name in names {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                if reasons.isEmpty, let e = dlerror() { reasons.append(String(cString: e)) }
                continue
            }
            do {
                let table = try ProjSymbols(handle: handle, name: name)
                let found = table.info()
                guard found.major == PROJ_VERSION_MAJOR else {
                    reasons.append("\(name) is PROJ \(found.major), built for PROJ \(PROJ_VERSION_MAJOR)")
                    dlclose(handle)
                    continue
                }
                return .success(table)
            } catch {
                if case .libraryUnavailable(let why) = error { reasons.append(why) } else { reasons.append("\(error)") }
                dlclose(handle)
            }
        }
        return .failure(
            .libraryUnavailable(
                "no PROJ \(PROJ_VERSION_MAJOR) shared library could be opened (tried "
                    + (names.count == 1 ? "\(names[0]), from \(libraryVariable)" : "libproj.so and libproj.so.N")
                    + "): " + reasons.joined(separator: "; ")))
    }

    private init(handle: UnsafeMutableRawPointer, name: String) throws(ProjError) {
        func find<F>(_ symbol: String, _ type: F.Type) throws(ProjError) -> F {
            guard let address = dlsym(handle, symbol) else {
                throw .libraryUnavailable("\(name) has no function \(symbol)")
            }
            return unsafeBitCast(address, to: type)
        }
        info = try find("proj_info", hometown_proj_info_fn.self)
        contextCreate = try find("proj_context_create", hometown_proj_context_create_fn.self)
        contextDestroy = try find("proj_context_destroy", hometown_proj_context_destroy_fn.self)
        contextSetEnableNetwork = try find(
            "proj_context_set_enable_network", hometown_proj_context_set_enable_network_fn.self)
        logLevel = try find("proj_log_level", hometown_proj_log_level_fn.self)
        logFunc = try find("proj_log_func", hometown_proj_log_func_fn.self)
        contextGetDatabasePath = try find(
            "proj_context_get_database_path", hometown_proj_context_get_database_path_fn.self)
        contextErrno = try find("proj_context_errno", hometown_proj_context_errno_fn.self)
        contextErrnoString = try find("proj_context_errno_string", hometown_proj_context_errno_string_fn.self)
        create = try find("proj_create", hometown_proj_create_fn.self)
        getName = try find("proj_get_name", hometown_proj_get_name_fn.self)
        getIDAuthName = try find("proj_get_id_auth_name", hometown_proj_get_id_auth_name_fn.self)
        getIDCode = try find("proj_get_id_code", hometown_proj_get_id_code_fn.self)
        createCRSToCRS = try find("proj_create_crs_to_crs", hometown_proj_create_crs_to_crs_fn.self)
        normalizeForVisualization = try find(
            "proj_normalize_for_visualization", hometown_proj_normalize_for_visualization_fn.self)
        destroy = try find("proj_destroy", hometown_proj_destroy_fn.self)
        errnoReset = try find("proj_errno_reset", hometown_proj_errno_reset_fn.self)
        errno = try find("proj_errno", hometown_proj_errno_fn.self)
        trans = try find("proj_trans", hometown_proj_trans_fn.self)
        transGeneric = try find("proj_trans_generic", hometown_proj_trans_generic_fn.self)
        geodInit = try find("geod_init", hometown_geod_init_fn.self)
        geodInverse = try find("geod_inverse", hometown_geod_inverse_fn.self)
        geodDirect = try find("geod_direct", hometown_geod_direct_fn.self)
        geodPolygonArea = try find("geod_polygonarea", hometown_geod_polygonarea_fn.self)
    }
}
