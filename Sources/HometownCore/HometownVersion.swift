/// Hometown's version: the one place it is written. `hometown --version` prints it, `hometown serve` logs it at
/// start-up and `/healthz` answers it; CHANGELOG.md says what each version changed for its users.
public enum HometownVersion {
    /// The version, `MAJOR.MINOR.PATCH` (semantic versioning).
    public static let current = "0.9.0"
}
