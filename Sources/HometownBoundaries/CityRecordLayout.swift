/// A city's rows of `hometown.bin`: `stride` `UInt32` in CITYU32 and `f64Stride` `Float64` in CITYF64 (latitude,
/// then longitude) per city, in city order (by 0.5-degree cell, then falling population), with its GeoNames id
/// alone in CITYGID. The data builder writes them with `row(...)`; `CityIndex` and `ReverseGeocoder` read them at
/// the offsets named here.
public enum CityRecordLayout {
    /// `UInt32` per city in CITYU32, and `Float64` per city in CITYF64.
    public static let stride = 4, f64Stride = 2
    /// The words of each field: the name (offset and length in STRINGS), the population (`UInt32.max` at most)
    /// and the state the builder gave the city (`noState` when no state is within 0.25 degrees).
    public static let name = 0, population = 2, state = 3
    /// The `state` of a city without one.
    public static let noState = UInt32.max

    /// A city's CITYU32 row.
    public static func row(name: (UInt32, UInt32), population: UInt32, state: UInt32?) -> [UInt32] {
        [name.0, name.1, population, state ?? noState]
    }
}
