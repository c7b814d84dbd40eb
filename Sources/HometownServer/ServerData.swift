import HometownTiles
import HometownVocabulary

/// The bundled data of a server (boundaries, gazetteer, lakes and the names served), loaded and verified once, to
/// give to several `buildApplication(configuration:data:onServerRunning:)` calls: servers of one process on several
/// ports, or the tests of a program that embeds the server, then share one copy instead of each loading and
/// checking its own. Immutable and safe to share between threads.
public final class ServerData: Sendable {
    let bundled: BundledData
    private let source: Source

    /// What a load is of: the files and the countries served, as a configuration gives them.
    private struct Source: Equatable {
        let boundariesPath: String?
        let gazetteerPath: String?
        let waterPath: String?
        let countries: Vocabulary.Selection

        init(_ c: ServerConfiguration) {
            (boundariesPath, gazetteerPath, waterPath, countries) = (
                c.boundariesPath, c.gazetteerPath, c.waterPath, c.countries
            )
        }
    }

    /// Loads the files `configuration` names (`boundariesPath`, `gazetteerPath`, `waterPath`), with full
    /// verification, and the names of its `countries`.
    /// - Throws: `ServerError.cannotLoadData` naming the file and the problem; `.badConfiguration("--countries", ...)`
    ///   when the selection names no country of the data.
    public init(configuration: ServerConfiguration) throws(ServerError) {
        source = Source(configuration)
        do {
            bundled = try BundledData(
                boundariesPath: configuration.boundariesPath, gazetteerPath: configuration.gazetteerPath,
                waterPath: configuration.waterPath, countries: configuration.countries)
        } catch {
            throw ServerError(error)
        }
    }

    /// Whether this is the data `configuration` asks for: the same files, as given, and the same countries.
    public func isLoaded(for configuration: ServerConfiguration) -> Bool {
        source == Source(configuration)
    }
}
