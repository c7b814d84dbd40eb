import HometownBoundaries
import HometownGazetteer
import HometownProtocol
import HometownVocabulary

/// The bundled data, loaded once for all tests of this target.
enum Bundled {
    static let geocoder = try! ReverseGeocoder()
    static let gazetteer = try! Gazetteer()
    /// The default server vocabulary (China, India, Mexico, USA).
    static let vocabulary = try! Vocabulary.bundled(geocoder: geocoder, gazetteer: gazetteer)
}
