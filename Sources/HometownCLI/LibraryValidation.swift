import ArgumentParser

/// Runs a library's own check of the values the options gave (`ServerLimits.validate()` and the like, whose
/// errors name the option) and reports a failure as ArgumentParser's `ValidationError`: the message comes with
/// the command's usage and a usage error's exit status, as for a value ArgumentParser refuses itself.
func validating(_ check: () throws -> Void) throws {
    do { try check() } catch { throw ValidationError("\(error)") }
}
