// Uses Hometown as a library. An app ships the data files (hometown.bin, and gazetteer.bin for forward geocoding)
// wherever it likes and tells each loader where they are: here the folder given as the first argument.
//   HometownExample /path/to/Hometown/data
import HometownBoundaries
import HometownClustering
import HometownCore
import HometownViewport

#if canImport(Glibc)
    import Glibc
#endif

// 1. Reverse geocoding: a point (latitude, longitude in degrees) to its country, state and city.
guard CommandLine.arguments.count == 2 else {
    print("usage: HometownExample DATA-FOLDER (the folder holding hometown.bin)")
    exit(2)
}
let dataFolder = CommandLine.arguments[1]
let geocoder = try ReverseGeocoder(path: dataFolder + "/hometown.bin")
let minneapolis = try Coordinate(latitude: 44.9661, longitude: -93.2938)
let place = geocoder.place(at: minneapolis)
print("reverse: \(place.country?.iso2 ?? "-") / \(place.state?.name ?? "-") / \(place.city?.name ?? "-")")

// 2. Clustering: supercluster's semantics (radius 40 px of 512-px tiles); at zoom 3 the Twin Cities merge.
let cities = [
    minneapolis,
    try Coordinate(latitude: 44.9537, longitude: -93.0900),  // Saint Paul
    try Coordinate(latitude: 48.8566, longitude: 2.3522),  // Paris
]
let points = cities.map { ClusterPoint($0) }  // checked coordinates, latitude first as everywhere
let index = try ClusterIndex(points: points, options: ClusterOptions())
let items = try index.clusters(in: BoundingBox(uncheckedWest: -180, south: -85, east: 180, north: 85), zoom: 3)
print("clusters at zoom 3: \(items.map(\.pointCount).sorted(by: >))")

// 3. The map region (box, centre, zoom) that shows every point in an 800 x 600 view with 20 px padding.
let region = try RegionFitter.fit(
    cities,
    in: Viewport(width: 800, height: 600, padding: 20))
print("region: zoom \((region.zoom * 100).rounded() / 100), west \(region.bbox.west), east \(region.bbox.east)")
